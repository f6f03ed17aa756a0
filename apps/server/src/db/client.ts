import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { connectionOptions, NamedStatementClient } from './named-statements';
import { serverRoot } from './paths';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * PostgreSQL settings for the embedded database, sized for a small server (decision 027). Its
 * buffer pool lives in the Node process's own memory, so the initdb default of 128 MB is 128 MB
 * more resident memory; the data files are read through the operating system's file cache anyway.
 */
export const pgliteSettings = ['shared_buffers=16MB'];

/** Extensions the migrations create (list search: trigram index, accents ignored); PGlite loads them at open. */
export const pgliteExtensions = { pg_trgm, unaccent };

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** Opens PGlite in `dataDir/db` or a PostgreSQL pool, and applies pending migrations. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, Client: NamedStatementClient, options: connectionOptions });
    // An idle connection the server closes (a PostgreSQL restart or failover, an administrator's
    // terminate) is reported here; unheard, it would crash the process. The pool drops that
    // connection and opens a new one for the next query; a query in flight gets its own error.
    pool.on('error', () => undefined);
    // Same query-builder API; the cast keeps one Db type for services.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = path.join(opts.dataDir ?? './data', 'db');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, {
      extensions: pgliteExtensions,
      startParams: [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((setting) => ['-c', setting])],
    });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const owned = client;
  return { db, kind: 'pglite', close: () => owned.close() };
}
