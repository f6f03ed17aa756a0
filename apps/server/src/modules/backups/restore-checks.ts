import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_MAX_AGE_DAYS } from '@app/shared';
import type { Config } from '../../config';
import type { BackupHead } from '../../db/backup/format';
import { knownMigrations, latestLevel } from '../../db/backup/migrations';
import { SealedFileError, SealedReader, type ByteSource } from '../../db/backup/sealed-file';
import { parseKey } from '../../lib/crypto';
import { runningServerPid } from '../../lib/data-dir';
import { openPostgres } from './dump-source';

/** A restore that will not start: one line saying why; nothing has been written. */
export class RestoreRefused extends Error {}

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

const DAY_MS = 24 * 60 * 60_000;


/** A restore goes into an empty data folder or an empty PostgreSQL database only (decision 032). */
export async function assertEmptyTarget(target: RestoreTarget): Promise<void> {
  if (target.kind === 'pglite') {
    const dir = path.resolve(target.dataDir);
    const pid = await runningServerPid(dir);
    if (pid) throw new RestoreRefused(`DATA_DIR ${dir} is in use by a running server (pid ${pid}): restore into a new, empty data folder`);
    const inDb = await readdir(path.join(dir, 'db')).catch(() => [] as string[]);
    if (inDb.length > 0) throw new RestoreRefused(`DATA_DIR ${dir} already holds a database (db/): restore into a new, empty data folder`);
    return;
  }
  let connection: Awaited<ReturnType<typeof openPostgres>>;
  try {
    connection = await openPostgres(target.url);
  } catch (err) {
    throw new RestoreRefused(`Cannot connect to DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const [row] = await connection.query(`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S'))::int as relations`);
    const relations = Number(row?.relations ?? 0);
    if (relations > 0) throw new RestoreRefused(`The database at DATABASE_URL is not empty (${relations} tables and sequences): restore into a new, empty database`);
  } finally {
    await connection.close();
  }
}

/**
 * The key a backup file needs, from the settings its header names: BACKUP_KEY, or SECRETS_KEY (set,
 * or the key a server generated into this DATA_DIR).
 */
export async function keyForFile(file: string, source: ByteSource, config: Config): Promise<Buffer> {
  const kind = await SealedReader.keyKindOf(source).catch((err: unknown) => {
    throw refusalOf(file, err);
  });
  if (kind === 'backup') {
    if (!config.BACKUP_KEY) throw new RestoreRefused(`${file} was encrypted with BACKUP_KEY: set BACKUP_KEY to the key it was made with`);
    return parseKey(config.BACKUP_KEY);
  }
  if (config.SECRETS_KEY) return parseKey(config.SECRETS_KEY);
  const generated = await readFile(path.join(config.DATA_DIR, 'secrets.key'), 'utf8').catch(() => null);
  if (generated) return parseKey(generated.trim());
  throw new RestoreRefused(
    `${file} was encrypted with the SECRETS_KEY of the server that made it: set SECRETS_KEY to that key (where none was set, it is in that server's DATA_DIR/secrets.key)`,
  );
}

/** One line for a file that is not a backup, needs another key, was cut short or was changed. */
export function refusalOf(file: string, err: unknown): Error {
  if (!(err instanceof SealedFileError)) return err instanceof Error ? err : new Error(String(err));
  switch (err.problem) {
    case 'wrong_key':
      return new RestoreRefused(`${file} was encrypted with another key: ${err.keyKind === 'backup' ? 'BACKUP_KEY' : 'SECRETS_KEY'} is not the one it was made with; nothing was restored`);
    case 'truncated':
      return new RestoreRefused(`${file} is incomplete (truncated): ${err.message}; nothing was restored`);
    case 'damaged':
      return new RestoreRefused(`${file} is damaged: ${err.message}; nothing was restored`);
    default:
      return new RestoreRefused(`${file} cannot be restored: ${err.message}`);
  }
}

/** The file's head, checked: this product, a migration this version knows or an older one, and no older than 30 days. */
export function assertRestorable(file: string, head: BackupHead, now: Date): void {
  if (head.product !== 'sermon-translate' || head.format !== 1) throw new RestoreRefused(`${file} is not a Sermon Translate backup this version can read`);
  const latest = latestLevel();
  if (head.migration.millis > latest.millis) {
    throw new RestoreRefused(
      `${file} was made by a newer version (${head.version}, database migration ${head.migration.count} ${head.migration.tag}; this version knows up to ${latest.count} ${latest.tag}): upgrade Sermon Translate first; nothing was restored`,
    );
  }
  if (!knownMigrations().some((m) => m.millis === head.migration.millis)) {
    throw new RestoreRefused(`${file} is at a database migration this version does not know (${head.migration.tag}); nothing was restored`);
  }
  const age = now.getTime() - new Date(head.createdAt).getTime();
  if (age > BACKUP_MAX_AGE_DAYS * DAY_MS) {
    throw new RestoreRefused(
      `${file} is from ${head.createdAt.slice(0, 10)}, more than ${BACKUP_MAX_AGE_DAYS} days ago: backups are kept at most ${BACKUP_MAX_AGE_DAYS} days so that deleted people stay deleted; nothing was restored`,
    );
  }
}
