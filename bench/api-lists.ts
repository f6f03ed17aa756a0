/**
 * List API benchmark (the lists of decision 010, the search of decision 011):
 *
 *   npm run bench:api [-- --members 100000] [--embedded] [--requests 60]
 *
 * Writes N members (2% of them staff) over 20 churches into a fresh PostgreSQL database on the
 * server of DATABASE_URL (or embedded PGlite with --embedded), starts the real server in a child
 * process, and measures p50/p95 of the people lists — first page, a search, sort by last name, the
 * last page, a church filter — as a platform admin and as a church admin, then the time and the
 * server's memory growth for a CSV export of every member. Requests are sequential, over loopback.
 * Targets (PostgreSQL): p95 ≤ 50 ms per list request; the export streams (memory grows < 50 MB).
 * The last line printed is one JSON object.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgres } from './fresh-db';
import { ask, percentile, round1 } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    embedded: { type: 'boolean', default: false },
    requests: { type: 'string', default: '60' },
    analytics: { type: 'boolean', default: false },
  },
  strict: false,
});
const members = Number(values.members);
const requests = Number(values.requests);
if (!Number.isInteger(members) || members < 100 || members > 2_000_000) {
  process.stderr.write('--members must be a whole number from 100 to 2,000,000\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);

const round = round1;

/** A fresh database on the server DATABASE_URL names, so the run never touches real data. */
async function freshListsDatabase() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    process.stderr.write('Set DATABASE_URL (postgres://…) or pass --embedded\n');
    process.exit(2);
  }
  return freshPostgres(adminUrl, 'bench_api_lists');
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
const database = values.embedded ? null : await freshListsDatabase();
log(`writing ${members.toLocaleString()} members over 20 churches into ${database ? 'PostgreSQL' : 'PGlite'}…`);
const server = fork(path.join(here, 'api-server.ts'), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    BENCH_MEMBERS: String(members),
    BENCH_STAFF: String(Math.round(members * 0.02)),
    ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await ask<{ port: number; seedMs: number; db: string; churchIds: string[]; firstChurchPeople: number; cookies: { platform: string; admin: string } }>(server, {}, 'ready', 900_000);
log(`seeded in ${(ready.seedMs / 1000).toFixed(1)} s; measuring ${requests} requests per case`);
const base = `http://127.0.0.1:${ready.port}/api/v1`;

async function timed(url: string, cookie: string): Promise<{ ms: number; total: number }> {
  const t0 = performance.now();
  const res = await fetch(base + url, { headers: { cookie } });
  const body = (await res.json()) as { total: number };
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return { ms, total: body.total };
}

const searches = ['joao', 'silva', 'gonc', 'mei chen', 'person4242', '0400012', 'erica', 'muller'];
const lastPageOf = (total: number) => Math.max(1, Math.ceil(total / 20));

/** Each case as a function of the request number, so searches and pages vary like real use. */
function casesFor(role: 'platform' | 'admin', totals: { all: number }) {
  const church = ready.churchIds[role === 'admin' ? 0 : 3]!;
  return {
    firstPage: () => '/users?page=1&pageSize=20',
    search: (i: number) => `/users?q=${encodeURIComponent(searches[i % searches.length]!)}`,
    sortLastName: (i: number) => `/users?sort=${i % 2 ? '-lastName' : 'lastName'}&page=${1 + (i % 5)}`,
    lastPage: () => `/users?page=${lastPageOf(totals.all)}&pageSize=20&sort=lastName`,
    churchFilter: (i: number) => `/users?churchId=${church}&sort=-createdAt&page=${1 + (i % 3)}`,
  };
}

const results: Record<string, Record<string, { p50: number; p95: number; total: number }>> = {};
for (const role of ['platform', 'admin'] as const) {
  const cookie = ready.cookies[role];
  const all = (await timed('/users?pageSize=1', cookie)).total;
  results[role] = {};
  for (const [name, urlOf] of Object.entries(casesFor(role, { all }))) {
    for (let i = 0; i < 5; i++) await timed(urlOf(i), cookie); // warm-up, not measured
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < requests; i++) {
      const r = await timed(urlOf(i), cookie);
      times.push(r.ms);
      total = r.total;
    }
    times.sort((a, b) => a - b);
    results[role][name] = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), total };
    log(`${role.padEnd(8)} ${name.padEnd(13)} p50 ${results[role][name].p50} ms  p95 ${results[role][name].p95} ms  (${total} rows match)`);
  }
}

// The export: every member as the platform admin, read as a stream while the server's memory is sampled.
await ask(server, { type: 'gc' }, 'gc');
const rssBefore = (await ask<{ rss: number }>(server, { type: 'rss' }, 'rss')).rss;
let rssPeak = rssBefore;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    rssPeak = Math.max(rssPeak, (await ask<{ rss: number }>(server, { type: 'rss' }, 'rss')).rss);
    await new Promise((r) => setTimeout(r, 100));
  }
})();
const t0 = performance.now();
const res = await fetch(`${base}/users/export.csv?role=member`, { headers: { cookie: ready.cookies.platform } });
let bytes = 0;
let rows = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.byteLength;
  for (const b of chunk) if (b === 10) rows++;
}
const exportMs = performance.now() - t0;
sampling = false;
await sampler;
const exportResult = {
  rows: rows - 1,
  megabytes: round(bytes / 1e6),
  seconds: round(exportMs / 1000),
  serverRssBeforeMb: round(rssBefore / 1e6),
  serverRssPeakMb: round(rssPeak / 1e6),
  serverRssGrowthMb: round((rssPeak - rssBefore) / 1e6),
};
log(`export: ${exportResult.rows.toLocaleString()} rows, ${exportResult.megabytes} MB in ${exportResult.seconds} s; server memory grew ${exportResult.serverRssGrowthMb} MB`);

await ask(server, { type: 'stop' }, 'never', 2000).catch(() => {});
server.kill();
await database?.drop();
await rm(dataDir, { recursive: true, force: true });

const worstP95 = Math.max(...Object.values(results).flatMap((r) => Object.values(r).map((c) => c.p95)));
process.stdout.write(`${JSON.stringify({
  bench: 'api-lists',
  db: ready.db,
  members,
  churches: ready.churchIds.length,
  seedSeconds: round(ready.seedMs / 1000),
  requestsPerCase: requests,
  lists: results,
  worstP95Ms: worstP95,
  targetP95Ms: 50,
  export: exportResult,
  targetExportGrowthMb: 50,
})}\n`);
