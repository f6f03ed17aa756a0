/**
 * API throughput benchmark (decision 028):
 *
 *   npm run bench:api -- --concurrency 50 [--embedded] [--duration 12] [--rounds 3] [--members 100000] [--only usersList,me]
 *
 * Writes the people of bench/api-seed.ts into a fresh database (PostgreSQL from DATABASE_URL, or
 * embedded PGlite with --embedded), starts the real server in a child process, signs the church
 * admin in once per client, and has `--concurrency` clients, each with its own session, send
 * requests back to back for `--duration` seconds to each endpoint, in `--rounds` turns: `/health` (no session),
 * the people list sorted by last name, the staff list, and `/me`. Prints requests a second, p50 and
 * p99 and errors per endpoint; throughput is judged as a share of `/health` in the same run, so a
 * busy machine moves both. Then one client signs out while the others go on, and its very next
 * request must be refused. The last line printed is one JSON object.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgres } from './fresh-db';
import { describeFigures, httpLoad, inRounds } from './http-load';
import { ask } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '50' },
    embedded: { type: 'boolean', default: false },
    duration: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    members: { type: 'string', default: '100000' },
    // To profile one endpoint (BENCH_PROFILE=dir): /health still runs, as the share's measure.
    only: { type: 'string' },
  },
  strict: false,
});
const concurrency = Number(values.concurrency);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
const members = Number(values.members);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
  process.stderr.write('--concurrency must be a whole number from 1 to 1000\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);

async function database(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (values.embedded) return null;
  if (!process.env.DATABASE_URL) {
    process.stderr.write('Set DATABASE_URL (postgres://…) or pass --embedded\n');
    process.exit(2);
  }
  return freshPostgres(process.env.DATABASE_URL, 'bench_api_load');
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-load-'));
const fresh = await database();
log(`writing ${members.toLocaleString()} members over 20 churches into ${fresh ? 'PostgreSQL' : 'PGlite'}…`);
const server = fork(path.join(here, 'api-server.ts'), [], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    BENCH_MEMBERS: String(members),
    BENCH_STAFF: String(Math.round(members * 0.02)),
    BENCH_SESSIONS: String(concurrency),
    ...(fresh ? { DATABASE_URL: fresh.url } : { DATABASE_URL: '' }),
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await ask<{ port: number; db: string; adminSessions: string[] }>(server, {}, 'ready', 900_000);

/** CPU time the server process has used so far (on PostgreSQL, the database's own is not in it). */
const serverCpuMs = async () => (await ask<{ ms: number }>(server, { type: 'cpu' }, 'cpu')).ms;
const load = httpLoad({ port: ready.port, concurrency, warmupMs, serverCpuMs });
const { request, drive } = load;

const allCases = {
  health: { url: '/health', signedIn: false },
  usersList: { url: '/users?pageSize=20&sort=lastName', signedIn: true },
  staffList: { url: '/staff?pageSize=20&sort=lastName', signedIn: true },
  me: { url: '/me', signedIn: true },
} as const;
const only = typeof values.only === 'string' ? ['health', ...values.only.split(',')] : Object.keys(allCases);
const cases = Object.fromEntries(Object.entries(allCases).filter(([name]) => only.includes(name)));
// The machine may be shared: the endpoints take turns in `rounds` short runs.
const rounds = Number(values.rounds);
log(`${concurrency} clients, ${durationMs / 1000} s per endpoint in ${rounds} rounds, each after ${warmupMs / 1000} s of warm-up, on ${ready.db}`);
const cookieOf = (i: number) => ready.adminSessions[i];
const results = await inRounds(load, Object.fromEntries(Object.entries(cases).map(([name, c]) => [name, { url: c.url, cookieOf: c.signedIn ? cookieOf : undefined }])), durationMs, rounds);
for (const [name, r] of Object.entries(results)) log(describeFigures(name, r));

// A session signed out while the others keep going is refused on its very next request.
const busy = drive(allCases.usersList.url, 3000, cookieOf);
await new Promise((r) => setTimeout(r, warmupMs + 500));
const victim = ready.adminSessions[0]!;
const before = await request('/me', victim);
const loggedOut = await request('/auth/logout', victim, 'POST');
const after = await request('/me', victim);
await busy;
const signedOutRefused = before === 200 && loggedOut === 204 && after === 401;
log(`signed out during the run: /me ${before} → logout ${loggedOut} → /me ${after} (${signedOutRefused ? 'refused at once' : 'NOT refused'})`);

await ask(server, { type: 'stop' }, 'never', 2000).catch(() => {});
server.kill();
load.close();
await fresh?.drop();
await rm(dataDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ db: ready.db, concurrency, members, ...results, signedOutRefused })}\n`);
