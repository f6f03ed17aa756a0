import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { pgliteExtensions } from '../../src/db/client';

export interface TestApp extends BuiltApp {
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: a clone of the migrated PGlite (in memory, or in
 * `folder` on disk as a server keeps it), or a copy of the migrated PostgreSQL template.
 */
async function freshDatabase(folder?: string): Promise<{ pglite?: PGlite; databaseUrl?: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `t_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the database global-setup.ts migrated once: migrating here took most of a file's set-up.
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const template = await readFile(inject('pgliteTemplate'));
  const loadDataDir = new Blob([template]);
  const pglite = folder
    ? await PGlite.create(folder, { loadDataDir, extensions: pgliteExtensions })
    : await PGlite.create({ loadDataDir, extensions: pgliteExtensions });
  return { pglite, drop: async () => {} };
}

export interface TestAppOptions {
  /** The embedded database in DATA_DIR/db on disk, as a server keeps it (backups copy that folder). */
  onDisk?: boolean;
}

/** Builds the whole app on a fresh database and a temporary DATA_DIR. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-test-'));
  const database = await freshDatabase(opts.onDisk ? path.join(dataDir, 'db') : undefined);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Two test files keep both cores busy: at the lowest priority a backup would wait on them.
    BACKUP_PRIORITY: 'normal',
    // Tests point churches' engines and feeds at loopback mocks: allowed here as an operator would
    // allow a self-hosted server (decision 041). Tests of the refusal pass ALLOW_INTERNAL_HOSTS: ''.
    ALLOW_INTERNAL_HOSTS: '127.0.0.1',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const built = await buildApp(config, { pglite: database.pglite, logger: false });
  await built.app.ready();
  return {
    ...built,
    config,
    async close() {
      await built.app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
