import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database every test database is copied from, when TEST_DATABASE_URL is set. */
    postgresTemplate: string;
  }
}

/** Runs one statement as the PostgreSQL administrator of TEST_DATABASE_URL. */
export async function asPostgresAdmin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL's migrations run once, into a template; every test database is then a copy of it
 * (`CREATE DATABASE … TEMPLATE`, tens of milliseconds) instead of migrating itself (decision 050).
 */
async function postgresTemplate(): Promise<Template> {
  const name = `t_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await asPostgresAdmin(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  // A template may have no connection open while it is copied.
  await database.close();
  return { name, drop: () => asPostgresAdmin(`drop database if exists ${name} with (force)`) };
}

/** initdb + migrations into PGlite, dumped to a file every test file loads (~0.3 s). */
type Template = { name: string; drop(): Promise<void> };

async function pgliteTemplate(): Promise<Template> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { name: file, drop: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Each project (shared and isolated, per engine) runs this set-up: the templates are made once per
 * run and kept in the runner's process, and dropped when the last project is done with them.
 */
const made = ((globalThis as { suiteTemplates?: Map<string, { template: Promise<Template>; users: number }> }).suiteTemplates ??= new Map());

async function template(kind: string, make: () => Promise<Template>): Promise<{ name: string; release(): Promise<void> }> {
  const entry = made.get(kind) ?? { template: make(), users: 0 };
  made.set(kind, entry);
  entry.users += 1;
  const { name, drop } = await entry.template;
  return {
    name,
    async release() {
      entry.users -= 1;
      if (entry.users === 0) {
        made.delete(kind);
        await drop();
      }
    },
  };
}

/**
 * initdb + migrations run once; every test file then loads a copy of that database instead of
 * running initdb and the migrations itself (ARCHITECTURE.md section 9, decision 050).
 */
export default async function setup(project: TestProject) {
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  const made = onPostgres ? await template('postgres', postgresTemplate) : await template('pglite', pgliteTemplate);
  if (onPostgres) project.provide('postgresTemplate', made.name);
  else project.provide('pgliteTemplate', made.name);
  return () => made.release();
}
