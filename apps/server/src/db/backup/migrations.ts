import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../client';

/** One SQL statement with its parameters, answered with its rows: PGlite and node-postgres alike. */
export type Query = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** A database's place in the migrations of apps/server/drizzle: how many ran, and the last one. */
export interface MigrationLevel {
  count: number;
  tag: string;
  /** The journal's `when` of the last migration: what drizzle records in __drizzle_migrations. */
  millis: number;
}

interface Migration extends MigrationLevel {
  hash: string;
  statements: string[];
}

let known: Migration[] | undefined;

/** The migrations this version ships, in order. */
export function knownMigrations(): Migration[] {
  if (known) return known;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const files = readMigrationFiles({ migrationsFolder });
  known = files.map((file, i) => ({ count: i + 1, tag: journal.entries[i]!.tag, millis: file.folderMillis, hash: file.hash, statements: file.sql }));
  return known;
}

export function latestLevel(): MigrationLevel {
  const { count, tag, millis } = knownMigrations().at(-1)!;
  return { count, tag, millis };
}

/**
 * The level of the database `query` reaches, from drizzle's own record (the migrator applies every
 * journal entry newer than the last one recorded). Null when no migration ever ran (an empty database).
 */
export async function levelOf(query: Query): Promise<MigrationLevel | null> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return null;
  const rows = await query('select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations');
  const count = Number(rows[0]?.n ?? 0);
  if (count === 0) return null;
  const millis = Number(rows[0]!.last);
  const match = knownMigrations().find((m) => m.millis === millis);
  return { count, tag: match?.tag ?? `unknown migration of ${new Date(millis).toISOString()}`, millis };
}

/**
 * Runs the migrations after `after` (a level's millis, 0 for none) up to and including `upTo`, each
 * recorded as drizzle's migrator records it, on the caller's connection and transaction: a restore
 * builds the backup's schema, loads the rows and migrates forward as one transaction.
 */
export async function applyMigrations(query: Query, after: number, upTo: number): Promise<void> {
  await query('create schema if not exists drizzle');
  await query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
  for (const migration of knownMigrations()) {
    if (migration.millis <= after || migration.millis > upTo) continue;
    for (const statement of migration.statements) if (statement.trim()) await query(statement);
    await query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.millis]);
  }
}
