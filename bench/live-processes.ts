/**
 * The server side of the live benchmarks (bench:live, bench:latency): N real server processes
 * (bench/live-server.ts) on a temporary DATA_DIR, with PGlite for one and a fresh PostgreSQL
 * database plus Redis for several (decision 007), all translating through one mock Azure.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ask } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TSX = ['--import', 'tsx'];

export interface ServerReady {
  port: number;
  cookie: string;
  churchId: string;
  languages: string[];
}

export interface LiveServers {
  /** The processes, the first (which seeded the church) first. */
  servers: ChildProcess[];
  urls: string[];
  /** The first process's answer: the speaker's cookie, the church and its languages. */
  ready: ServerReady;
  /** Stops the servers and removes their data. */
  close(): Promise<void>;
}

export interface LiveServerOptions {
  processes: number;
  /** The mock Azure every church with a key translates through. */
  translatorUrl: string;
  /** How many listening languages the church offers (the first N), or exactly these codes. */
  languages: number | string[];
  glossary?: number;
  log: (line: string) => void;
}

/** Whether `--processes` and the environment agree; a message to print otherwise. */
export function processesProblem(processes: number): string | null {
  if (!Number.isInteger(processes) || processes < 1 || processes > 8) return '--processes must be a whole number from 1 to 8';
  if (processes > 1 && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) return '--processes 2 or more needs DATABASE_URL (a PostgreSQL server) and REDIS_URL';
  return null;
}

/** A new database on the server of `url` for this run (dropped at the end). */
async function freshDatabase(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startLiveServers(opts: LiveServerOptions): Promise<LiveServers> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  const database = opts.processes > 1 ? await freshDatabase(process.env.DATABASE_URL!) : null;
  const secretsKey = randomBytes(32).toString('hex');
  const servers: ChildProcess[] = [];
  const languages = typeof opts.languages === 'number' ? { BENCH_LANGUAGES: String(opts.languages) } : { BENCH_LANGUAGE_CODES: opts.languages.join(',') };
  const start = (index: number) => {
    const shared = database
      ? { DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL!, SECRETS_KEY: secretsKey, DATA_DIR: path.join(dataDir, String(index)) }
      : { DATA_DIR: dataDir };
    const server = fork(path.join(here, 'live-server.ts'), {
      execArgv: [...TSX, '--expose-gc', '--max-old-space-size=2048'],
      env: {
        ...process.env, ...shared, ...languages, AZURE_TRANSLATOR_ENDPOINT: opts.translatorUrl, BENCH_GLOSSARY: String(opts.glossary ?? 0), PORT: '0',
        BENCH_SEED: index === 0 ? '1' : '0', BENCH_PROFILE: index === 0 ? (process.env.BENCH_PROFILE ?? '') : '',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    servers.push(server);
    return server;
  };
  const close = async () => {
    await Promise.all(servers.map((s) => (s.exitCode === null && s.connected ? ask(s, { type: 'stop' }, 'stopped', 30_000).catch(() => undefined) : undefined)));
    for (const s of servers) if (s.exitCode === null) s.kill();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop().catch((err: Error) => opts.log(`could not drop the benchmark database: ${err.message}`));
  };
  try {
    // The first server migrates and seeds; the others start on the migrated database.
    const urls: string[] = [];
    let ready!: ServerReady;
    for (let i = 0; i < opts.processes; i++) {
      const r = await ask<ServerReady>(start(i), {}, 'ready');
      if (i === 0) ready = r;
      urls.push(`http://127.0.0.1:${r.port}`);
    }
    return { servers, urls, ready, close };
  } catch (err) {
    await close();
    throw err;
  }
}
