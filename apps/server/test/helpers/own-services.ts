import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { freePort } from './cluster-kit';
import { eventually } from './live-kit';

/**
 * A PostgreSQL and a Redis of a test's own, on free ports, so a test may kill and restart them
 * without disturbing the machine's shared ones (127.0.0.1:5432 and :6379) that other test files
 * use at the same time.
 */

/** A program from PostgreSQL's own directory (Debian keeps it out of PATH), else from PATH. */
function findProgram(name: string): string | null {
  const pgRoot = '/usr/lib/postgresql';
  const versions = existsSync(pgRoot) ? readdirSync(pgRoot).sort((a, b) => Number(b) - Number(a)) : [];
  const candidates = [
    ...(name === 'redis-server' ? [] : versions.map((v) => path.join(pgRoot, v, 'bin', name))),
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
  ];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** PostgreSQL refuses to run as root: as root it runs as the system's postgres user. */
function postgresUser(): { uid: number; gid: number } | null | undefined {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const initdb = findProgram('initdb');
const postgres = findProgram('postgres');
const redisServer = findProgram('redis-server');
const runAs = postgresUser();

/** Whether this machine can run a PostgreSQL and a Redis of the test's own. */
export const ownServicesRun = Boolean(initdb && postgres && redisServer && runAs !== undefined);

function run(file: string, args: string[], opts: SpawnOptions): ChildProcess {
  return spawn(file, args, { stdio: 'ignore', cwd: os.tmpdir(), ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}), ...opts });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface OwnPostgres {
  /** The administrator's URL (database `postgres`). */
  url: string;
  /** Fast shutdown (SIGINT: sessions ended, a checkpoint written), as `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  /** Starts again on the same port and data directory; resolves once it answers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'own-postgres-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const made = run(initdb!, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {});
  await exited(made);
  if (made.exitCode !== 0) throw new Error(`initdb failed (${made.exitCode})`);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | null = null;
  const answers = async () => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const own: OwnPostgres = {
    url,
    async start() {
      // fsync off: this data is thrown away, and the machine's disk is shared with other tests.
      child = run(postgres!, ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'], {});
      await eventually(answers, 30_000);
    },
    async stop() {
      if (!child) return;
      const done = exited(child);
      child.kill('SIGINT');
      await done;
      child = null;
    },
    async close() {
      if (child) {
        const done = exited(child);
        child.kill('SIGQUIT');
        await done;
        child = null;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}

export interface OwnRedis {
  url: string;
  /** SIGKILL: gone at once, with everything it held (nothing is saved). */
  kill(): Promise<void>;
  /** Starts again, empty, on the same port; resolves once it answers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    url,
    async start() {
      child = spawn(redisServer!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await eventually(async () => {
        const client = createClient({ url, socket: { reconnectStrategy: false } });
        client.on('error', () => undefined);
        await client.connect();
        await client.ping();
        await client.quit();
      }, 30_000);
    },
    async kill() {
      if (!child) return;
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
      child = null;
    },
    close: () => own.kill(),
  };
  await own.start();
  return own;
}
