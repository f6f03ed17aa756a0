import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgres } from './fresh-db';
import { ask } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How the benchmarks' child processes run TypeScript. */
export const TSX = ['--import', 'tsx'];

/** Whether `--processes` and the environment agree; a message to print otherwise. */
export function processesProblem(processes: number): string | null {
  if (!Number.isInteger(processes) || processes < 1 || processes > 8) return '--processes must be a whole number from 1 to 8';
  if (processes > 1 && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) return '--processes 2 or more needs DATABASE_URL (a PostgreSQL server) and REDIS_URL';
  return null;
}

/**
 * The live benchmarks' servers (bench/live-server.ts, each in a child process): one on embedded
 * PGlite in a temporary DATA_DIR, or `processes` of them on a fresh PostgreSQL database on
 * DATABASE_URL's server and Redis at REDIS_URL (decision 007), the first migrating and seeding it.
 * Used by bench/live-fanout.ts, bench/herd.ts and bench/latency.ts. `cleanup()` stops them (each
 * finishing what it has in flight) and drops what they made.
 */
export async function startLiveServers<R extends { port: number }>(opts: {
  processes: number;
  /** What the first server writes (live-server.ts BENCH_SEED): '1' a benchmark church, 'demo' the demo data. */
  seed: string;
  /** More environment for every server (the first also gets BENCH_PROFILE). */
  env?: Record<string, string>;
  /** One process: DATABASE_URL and REDIS_URL of the shell are not passed on (embedded, alone). */
  embeddedAlone?: boolean;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  const database = opts.processes > 1 ? await freshPostgres(process.env.DATABASE_URL!, `bench_${randomBytes(6).toString('hex')}`) : null;
  const secretsKey = randomBytes(32).toString('hex');
  const servers: ChildProcess[] = [];
  const urls: string[] = [];
  let ready!: R;
  const cleanup = async () => {
    await Promise.all(servers.map((s) => (s.exitCode === null && s.connected ? ask(s, { type: 'stop' }, 'stopped', 30_000).catch(() => undefined) : undefined)));
    for (const s of servers) if (s.exitCode === null) s.kill();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop().catch((err: Error) => process.stderr.write(`could not drop the benchmark database: ${err.message}\n`));
  };
  try {
    for (let index = 0; index < opts.processes; index++) {
      const shared = database
        ? { DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL!, SECRETS_KEY: secretsKey, DATA_DIR: path.join(dataDir, String(index)) }
        : { DATA_DIR: dataDir, ...(opts.embeddedAlone ? { DATABASE_URL: '', REDIS_URL: '' } : {}) };
      const server = fork(path.join(here, 'live-server.ts'), {
        execArgv: [...TSX, '--expose-gc', '--max-old-space-size=2048'],
        env: {
          ...process.env, ...shared, ...opts.env, PORT: '0',
          BENCH_SEED: index === 0 ? opts.seed : '0', BENCH_PROFILE: index === 0 ? (process.env.BENCH_PROFILE ?? '') : '',
        },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      servers.push(server);
      // The first start migrates and seeds; the others start on the migrated database.
      const r = await ask<R>(server, {}, 'ready');
      if (index === 0) ready = r;
      urls.push(`http://127.0.0.1:${r.port}`);
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { servers, urls, ready, cleanup };
}

/** The speaker goes live (POST /sermons), as the Go Live screen does. */
export async function goLive(url: string, cookie: string, churchId: string): Promise<{ id: string; broadcastId: string }> {
  const res = await fetch(`${url}/api/v1/sermons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ churchId, sourceLanguage: 'en' }),
  });
  if (res.status !== 201) throw new Error(`going live failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; broadcastId: string };
}
