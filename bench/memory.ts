/**
 * Idle memory benchmark (decision 027):
 *
 *   npm run bench:memory [-- --idle 15] [--embedded-only]
 *
 * Builds the server as `npm start` runs it (apps/server/dist/main.js) and starts it with the demo
 * data, first on the embedded database (a temporary DATA_DIR), then on a fresh database on the
 * PostgreSQL server of DATABASE_URL. Each is started twice: the first start creates the database and
 * writes the demo data; the second is the server as it runs from then on (every later start, every
 * day after). After `--idle` seconds without a request its resident memory (RSS) is read. The first
 * start's figure is printed too. The last line printed is one JSON object.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgres } from './fresh-db';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.join(here, '..', 'apps', 'server');
const { values } = parseArgs({
  options: {
    idle: { type: 'string', default: '15' },
    port: { type: 'string', default: '3020' },
    'embedded-only': { type: 'boolean', default: false },
  },
});
const idleSeconds = Number(values.idle);
const port = Number(values.port);
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** Resident memory of a process: /proc on Linux, `ps` elsewhere. */
async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim()) * 1024;
}

async function waitHealthy(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error('the server did not answer /api/v1/health within 3 minutes');
}

/** Starts dist/main.js with the demo data, waits until it is idle, and returns its RSS. */
async function idleRss(env: Record<string, string>): Promise<number> {
  const server = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', SEED_DEMO: 'true', LOG_LEVEL: 'warn', LISTEN_PER_ADDRESS: '1000000', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitHealthy(server);
    await sleep(idleSeconds * 1000);
    return await rssOf(server.pid!);
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}

async function measure(label: string, env: Record<string, string>) {
  const firstStart = await idleRss(env);
  log(`${label}: first start (creates the database, writes the demo data) ${mb(firstStart)} MB idle`);
  const idle = await idleRss(env);
  log(`${label}: started again on its data ${mb(idle)} MB idle`);
  return { idleMb: mb(idle), firstStartMb: mb(firstStart) };
}

log('building the server (apps/server/dist/main.js)…');
const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const result: Record<string, { idleMb: number; firstStartMb: number }> = {};
const embeddedDir = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-'));
try {
  result.embedded = await measure('embedded (PGlite)', { DATA_DIR: embeddedDir });
} finally {
  await rm(embeddedDir, { recursive: true, force: true });
}

if (!values['embedded-only']) {
  if (!process.env.DATABASE_URL) {
    log('Set DATABASE_URL (postgres://…) to measure on PostgreSQL too, or pass --embedded-only');
    process.exit(2);
  }
  const database = await freshPostgres(process.env.DATABASE_URL, 'bench_memory');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-'));
  try {
    result.postgres = await measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: database.url });
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
log('target: ≤ 350 MB idle on the embedded database');
process.stdout.write(`${JSON.stringify(result)}\n`);
