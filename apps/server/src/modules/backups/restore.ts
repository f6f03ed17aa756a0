import { chmod, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../../config';
import { pgliteExtensions, pgliteSettings, type Db } from '../../db/client';
import type { BackupHead } from '../../db/backup/format';
import { loadRows, readBackupHead } from '../../db/backup/load';
import { applyMigrations, latestLevel, type Query } from '../../db/backup/migrations';
import { openFileSource, SealedReader } from '../../db/backup/sealed-file';
import * as schema from '../../db/schema';
import { parseKey } from '../../lib/crypto';
import { keyFingerprint } from './keys';
import { backupPlaceOf, folderPlace, type BackupPlace } from './place';
import { assertEmptyTarget, assertRestorable, keyForFile, refusalOf, RestoreRefused, type RestoreTarget } from './restore-checks';
import { deletedPeopleKnownTo, forgetAfterRestore } from './restore-privacy';

export { RestoreRefused } from './restore-checks';

export interface RestoreSummary {
  head: BackupHead;
  rows: Record<string, number>;
  /** People forgotten again because a newer backup or the privacy ledger knew of their deletion. */
  forgotten: number;
  target: string;
}

export interface RestoreOptions {
  file: string;
  config: Config;
  /** Progress and notices, one line each (the command prints them to stderr). */
  log(line: string): void;
  now?: Date;
}

/**
 * `npm run restore -- FILE` (decision 032): into an empty data folder (DATA_DIR) or an empty
 * PostgreSQL database (DATABASE_URL). Refuses, with one line and nothing written, a target that is
 * not empty, a file that needs another key, one cut short or changed (every chunk of the whole file
 * is authenticated before anything is written), one from a newer version, or one older than 30 days.
 * Builds the backup's schema, loads its rows, migrates forward and forgets again everyone the
 * backups' place knows was deleted since, all in one transaction (PostgreSQL), or in a folder that
 * becomes DATA_DIR/db only when complete (embedded).
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const { config, file, log } = opts;
  const now = opts.now ?? new Date();
  const target: RestoreTarget = config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR };
  await assertEmptyTarget(target);
  const isFile = await stat(file).then((s) => s.isFile(), () => false);
  if (!isFile) throw new RestoreRefused(`${file}: no such backup file`);
  const source = await openFileSource(file);
  try {
    const key = await keyForFile(file, source, config);
    const reader = await SealedReader.open(source, key).catch((err: unknown) => { throw refusalOf(file, err); });
    let shown = -1;
    await reader.verify((done, of) => {
      const percent = Math.floor((done / of) * 100);
      if (percent >= shown + 10 || done === of) log(`checking ${file}: ${(shown = percent)}%`);
    }).catch((err: unknown) => { throw refusalOf(file, err); });
    const head = await readBackupHead(reader).catch((err: unknown) => { throw refusalOf(file, err); });
    assertRestorable(file, head, now);
    log(`backup of ${head.createdAt} by version ${head.version} (${head.engine}, database migration ${head.migration.count} ${head.migration.tag})`);

    const places = await placesNear(file, config);
    const known = await deletedPeopleKnownTo(places, key, head);
    if (known.unreadable > 0) log(`${known.unreadable} newer backups or privacy notes beside it could not be read with this key and were not consulted`);
    const build = async (query: Query, db: Db) => {
      await applyMigrations(query, 0, head.migration.millis);
      let shownRows = -1;
      const rows = await loadRows(query, reader, head, (done, total) => {
        const percent = Math.floor((done / Math.max(1, total)) * 100);
        if (percent >= shownRows + 10) log(`restoring rows: ${(shownRows = percent)}%`);
      });
      const latest = latestLevel();
      if (latest.millis > head.migration.millis) {
        log(`migrating forward from ${head.migration.tag} to ${latest.tag}`);
        await applyMigrations(query, head.migration.millis, latest.millis);
      }
      return { rows, forgotten: await forgetAfterRestore(db, known.people, now) };
    };
    const outcome = target.kind === 'postgres' ? await intoPostgres(target.url, build) : await intoFolder(target.dataDir, build);
    for (const place of places) place.close();
    await keepSecretsKey(config, head, key, log);
    return { head, ...outcome, target: target.kind === 'postgres' ? 'DATABASE_URL' : path.resolve(target.dataDir, 'db') };
  } finally {
    await source.close();
  }
}

type Build = (query: Query, db: Db) => Promise<{ rows: Record<string, number>; forgotten: number }>;

/** One transaction on one connection: a failure rolls everything back, the database stays empty. */
async function intoPostgres(url: string, build: Build) {
  const client = new pg.Client({ connectionString: url, application_name: 'sermon-translate restore' });
  await client.connect();
  const query: Query = async (text, params) => (await client.query(text, params)).rows as Array<Record<string, unknown>>;
  try {
    await query('begin');
    const outcome = await build(query, drizzlePg(client, { schema }) as unknown as Db);
    await query('commit');
    return outcome;
  } catch (err) {
    await query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** Built in a folder beside db/ and renamed to db/ when complete: a failure leaves no database behind. */
async function intoFolder(dataDir: string, build: Build) {
  const createdDataDir = !(await stat(dataDir).then(() => true, () => false));
  await mkdir(dataDir, { recursive: true });
  const building = path.join(dataDir, `.restoring-${process.pid}`);
  try {
    const db = await PGlite.create(building, {
      extensions: pgliteExtensions,
      startParams: [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((setting) => ['-c', setting])],
    });
    const query: Query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
    let outcome;
    try {
      await query('begin');
      outcome = await build(query, drizzlePglite(db, { schema }) as unknown as Db);
      await query('commit');
    } finally {
      await db.close();
    }
    await rmdir(path.join(dataDir, 'db')).catch(() => undefined);
    await rename(building, path.join(dataDir, 'db'));
    return outcome;
  } catch (err) {
    await rm(building, { recursive: true, force: true });
    if (createdDataDir && (await readdir(dataDir).catch(() => ['?'])).length === 0) await rmdir(dataDir).catch(() => undefined);
    throw err;
  }
}

/** The folder the file is in, and the configured place when it is another: where newer backups and notes are. */
async function placesNear(file: string, config: Config): Promise<BackupPlace[]> {
  const folder = folderPlace(path.dirname(path.resolve(file)));
  const configured = await backupPlaceOf(config);
  if (configured.kind === 'folder' && path.resolve(configured.location) === folder.location) return [folder];
  return [folder, configured];
}

/**
 * The encrypted columns (church keys, pay details, two-step secrets) need the SECRETS_KEY they were
 * written under. A server that kept it in DATA_DIR/secrets.key (none was set) gets it in the restored
 * folder too, when the key is at hand (given to open the file); a server that had SECRETS_KEY set must
 * be started with it again. A key that differs is said plainly, before anyone starts the server.
 */
async function keepSecretsKey(config: Config, head: BackupHead, fileKey: Buffer, log: (line: string) => void) {
  const keyFile = path.join(config.DATA_DIR, 'secrets.key');
  const inFolder = (await readFile(keyFile, 'utf8').catch(() => null))?.trim() ?? null;
  const matches = (key: string | Buffer | null | undefined) => !!key && keyFingerprint(typeof key === 'string' ? parseKey(key) : key) === head.secretsKeyId;
  const warning = 'warning: the secrets key at hand is not the one this data was written under: church speech and translator keys, pay details and two-step sign-in secrets will not open';
  if (!head.secretsKeyFromFile) {
    if (!matches(config.SECRETS_KEY)) log(`${warning} until the server starts with the SECRETS_KEY of the server that made the backup`);
    return;
  }
  if (inFolder) {
    if (!matches(inFolder)) log(`${warning} with ${path.resolve(keyFile)}`);
    return;
  }
  const key = [config.SECRETS_KEY ? parseKey(config.SECRETS_KEY) : null, fileKey].find((k) => matches(k));
  if (!key) {
    log(`${warning}: put the secrets.key of the server that made the backup in ${path.resolve(config.DATA_DIR)}`);
    return;
  }
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(keyFile, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  await chmod(keyFile, 0o600);
  log(`the secrets key this data was written under is now in ${path.resolve(keyFile)}`);
}
