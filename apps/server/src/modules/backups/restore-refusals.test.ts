import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackupFile } from '../../db/backup/dump';
import { applyMigrations, knownMigrations, latestLevel } from '../../db/backup/migrations';
import { pgliteExtensions } from '../../db/client';
import { churches } from '../../db/schema';
import { configFor, emptyTarget, generatedKey, openRestored, type EmptyTarget } from '../../../test/helpers/backups';
import { buildCast } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { keyFingerprint } from './keys';
import { restoreBackup, RestoreRefused } from './restore';
import { startBackup } from './run-backup';

let t: TestApp;
let backup: string;
let key: string;
let scratch: string;
const targets: EmptyTarget[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onDisk: true });
  await buildCast(t.ctx.db);
  backup = (await (await startBackup(t.ctx, { trigger: 'manual' })).done).location;
  key = await generatedKey(t);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'refusals-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  for (const target of targets) await target.drop();
  await rm(scratch, { recursive: true, force: true });
});

async function newTarget(): Promise<EmptyTarget> {
  const target = await emptyTarget();
  targets.push(target);
  return target;
}

/** Nothing was written: no data folder made, and the database (on PostgreSQL) still has no tables. */
async function expectNothingWritten(target: EmptyTarget) {
  expect(await stat(target.env.DATA_DIR!).then(() => 'exists', () => 'absent')).toBe('absent');
  if (!target.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')`);
  await client.end();
  expect(rows[0].n).toBe(0);
}

async function refusal(file: string, env: Record<string, string>, now?: Date): Promise<string> {
  const lines: string[] = [];
  const err = await restoreBackup({ file, config: configFor(env), log: (l) => lines.push(l), now }).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(RestoreRefused);
  const message = (err as Error).message;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

async function copyOf(name: string, change?: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(scratch, name);
  await copyFile(backup, file);
  await change?.(file);
  return file;
}

describe('npm run restore refuses, in one line, with nothing written', () => {
  it('a target that already holds a database', { timeout: 120_000 }, async () => {
    const target = await newTarget();
    const env = { ...target.env, SECRETS_KEY: key };
    await restoreBackup({ file: backup, config: configFor(env), log: () => undefined });
    const digest = async () => {
      const restored = await openRestored(env);
      const [row] = (await restored.ctx.db.execute(sql`select count(*)::int as n from churches`) as unknown as { rows: Array<{ n: number }> }).rows;
      await restored.app.close();
      return row!.n;
    };
    const churchesBefore = await digest();
    expect(await refusal(backup, env)).toMatch(/already holds a database|is not empty/);
    expect(await digest()).toBe(churchesBefore);
  });

  it('the wrong key', async () => {
    const target = await newTarget();
    expect(await refusal(backup, { ...target.env, SECRETS_KEY: randomBytes(32).toString('hex') })).toMatch(/encrypted with another key: SECRETS_KEY is not the one/);
    await expectNothingWritten(target);
  });

  it('no key at all', async () => {
    const target = await newTarget();
    expect(await refusal(backup, target.env)).toMatch(/set SECRETS_KEY to that key/);
    await expectNothingWritten(target);
  });

  it('a file cut short', async () => {
    const { size } = await stat(backup);
    const target = await newTarget();
    for (const at of [Math.floor(size / 2), size - 1, 70]) {
      const file = await copyOf(`cut-${at}.stbackup`, (f) => truncate(f, at));
      expect(await refusal(file, { ...target.env, SECRETS_KEY: key })).toMatch(/is (incomplete \(truncated\)|damaged: it was changed or cut short)/);
    }
    await expectNothingWritten(target);
  });

  it('a file changed by one byte', async () => {
    const { size } = await stat(backup);
    const file = await copyOf('changed.stbackup', async (f) => {
      const bytes = await readFile(f);
      const at = Math.floor(size * 0.7);
      bytes[at] = bytes[at]! ^ 0x40;
      await writeFile(f, bytes);
    });
    const target = await newTarget();
    expect(await refusal(file, { ...target.env, SECRETS_KEY: key })).toMatch(/is damaged: it was changed or cut short \(chunk \d+ of \d+ does not authenticate\)/);
    await expectNothingWritten(target);
  });

  it('a file from a newer version (a migration this one does not have)', { timeout: 120_000 }, async () => {
    const newer = latestLevel().millis + 86_400_000;
    await t.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${newer})`);
    const file = (await (await startBackup(t.ctx, { trigger: 'manual' })).done).location;
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-the-future'`);
    const target = await newTarget();
    expect(await refusal(file, { ...target.env, SECRETS_KEY: key })).toMatch(/was made by a newer version .* upgrade Sermon Translate first/);
    await expectNothingWritten(target);
  });

  it('a file older than 30 days', async () => {
    const target = await newTarget();
    expect(await refusal(backup, { ...target.env, SECRETS_KEY: key }, new Date(Date.now() + 31 * 86_400_000))).toMatch(/more than 30 days ago/);
    await expectNothingWritten(target);
  });

  it('a file that is not there, or not a backup', async () => {
    const target = await newTarget();
    expect(await refusal(path.join(scratch, 'missing.stbackup'), { ...target.env, SECRETS_KEY: key })).toMatch(/no such backup file/);
    const notOurs = path.join(scratch, 'photo.jpg');
    await writeFile(notOurs, randomBytes(2000));
    expect(await refusal(notOurs, { ...target.env, SECRETS_KEY: key })).toMatch(/is not a Sermon Translate backup/);
    await expectNothingWritten(target);
  });
});

describe('a backup from an older version', () => {
  it('is migrated forward, and an embedded backup restores into either engine', { timeout: 180_000 }, async () => {
    // A database as the version before the last migration left it, with a church in it.
    const migrations = knownMigrations();
    const older = migrations.at(-2)!;
    const source = await PGlite.create({ extensions: pgliteExtensions });
    const query = async (text: string, params?: unknown[]) => (await source.query<Record<string, unknown>>(text, params)).rows;
    await applyMigrations(query, 0, older.millis);
    await query(`insert into churches (name, address, suburb, state, country, contact_number, pastor_name, pastor_phone) values ('Old Church', '1 Old St', 'Sydney', 'New South Wales', 'Australia', '0299990000', 'Pat Pastor', '0411111111')`);
    const file = path.join(scratch, 'older.stbackup');
    const master = Buffer.from(key, 'hex');
    await writeBackupFile({
      query, file, key: { key: master, kind: 'secrets' },
      head: { version: '0.0.9', engine: 'pglite', secretsKeyId: keyFingerprint(master), secretsKeyFromFile: false, filesBucket: null },
    });
    await source.close();

    const target = await newTarget();
    const env = { ...target.env, SECRETS_KEY: key };
    const lines: string[] = [];
    const summary = await restoreBackup({ file, config: configFor(env), log: (l) => lines.push(l) });
    expect(summary.head.migration.tag).toBe(older.tag);
    expect(lines.some((l) => l.startsWith(`migrating forward from ${older.tag} to ${latestLevel().tag}`))).toBe(true);
    const restored = await openRestored(env);
    const [church] = await restored.ctx.db.select({ name: churches.name }).from(churches).where(eq(churches.name, 'Old Church'));
    expect(church?.name).toBe('Old Church');
    const level = (await restored.ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(level).toBe(migrations.length);
    await restored.app.close();
  });
});
