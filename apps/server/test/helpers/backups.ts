import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { BackupEntry, BackupList } from '@app/shared';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import type { TestApp } from './test-app';

/** "Back up now" as a platform administrator, then the list until the run is done: the good backup. */
export async function backUpNow(t: Pick<TestApp, 'app'>, cookie: string): Promise<BackupEntry> {
  const started = await t.app.inject({ method: 'POST', url: '/api/v1/backups', headers: { cookie } });
  if (started.statusCode !== 202) throw new Error(`Back up now answered ${started.statusCode}: ${started.body}`);
  const runId = (started.json() as BackupEntry).id;
  for (;;) {
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/backups', headers: { cookie } })).json() as BackupList;
    const run = list.items.find((i) => i.id === runId);
    if (run?.state === 'failed') throw new Error(`the backup failed: ${run.error}`);
    if (!run) return list.items.find((i) => i.state === 'good')!;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The secrets key the test app generated into its DATA_DIR (no SECRETS_KEY set): what its backups are under. */
export async function generatedKey(t: Pick<TestApp, 'config'>): Promise<string> {
  return (await readFile(path.join(t.config.DATA_DIR, 'secrets.key'), 'utf8')).trim();
}

export interface EmptyTarget {
  /** DATA_DIR (a folder that does not exist yet), and DATABASE_URL of an empty database on PostgreSQL. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** An empty place to restore into, on the engine this test project runs on. */
export async function emptyTarget(): Promise<EmptyTarget> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'restore-test-'));
  const dataDir = path.join(parent, 'data');
  if (process.env.TEST_DB !== 'postgres') {
    return { env: { DATA_DIR: dataDir }, drop: () => rm(parent, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await run(`drop database if exists ${name} with (force)`);
      await rm(parent, { recursive: true, force: true });
    },
  };
}

export const configFor = (env: Record<string, string>): Config => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

/** The app on a restored target, as `npm start` would open it. */
export async function openRestored(env: Record<string, string>) {
  const built = await buildApp(configFor(env), { logger: false });
  await built.app.ready();
  return built;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Every table's row count and a digest of its rows' text (timestamps in UTC), but the record of
 * backups, which a backup leaves out: two databases with equal digests hold the same rows.
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = rowsOf<{ name: string }>(await tx.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'r' and c.relname <> 'backup_runs' order by c.relname`));
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = rowsOf<{ n: number; d: string }>(await tx.execute(sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(x, E'\\n' order by x), '')) as d from (select t::text as x from "${name}" t) s`,
      )));
      digests[name] = `${row!.n}:${row!.d}`;
    }
    return digests;
  });
}
