import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BackupPlace as PlaceKind } from '@app/shared';
import type { Config } from '../../config';
import { openFileSource, type ByteSource } from '../../db/backup/sealed-file';
import type { S3BlobStore } from '../../providers/storage/s3-blob-store';

/** A backup's name: when it was taken (UTC, sortable) and a random tail, so two never collide. */
export const BACKUP_NAME = /^sermon-translate-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z-[a-z0-9]{6}\.stbackup$/;
const LEDGER_NAME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z-[a-z0-9]{6}\.stledger$/;

const stamp = (at: Date) => at.toISOString().slice(0, 19).replace(/:/g, '-') + 'Z';
const tail = () => randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 6);

export const backupNameAt = (at: Date) => `sermon-translate-${stamp(at)}-${tail()}.stbackup`;
export const ledgerNameAt = (at: Date) => `${stamp(at)}-${tail()}.stledger`;

/** The time in a backup's or ledger entry's name, or null for a name that is not one of ours. */
export function timeOfName(name: string): Date | null {
  const m = BACKUP_NAME.exec(name) ?? LEDGER_NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

export interface StoredBackup {
  name: string;
  size: number;
  at: Date;
}

/** Small encrypted notes beside the backups: people whose deletion was approved (decision 032). */
export interface LedgerShelf {
  put(name: string, data: Buffer): Promise<void>;
  list(): Promise<Array<{ name: string; at: Date }>>;
  get(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
}

/**
 * Where backups are kept: a folder (DATA_DIR/backups, or BACKUP_DIR) or an S3-compatible bucket
 * (BACKUP_BUCKET, through the S3 client files use). Files are made in `workDir` on this machine
 * under a temporary name and only then stored under their own: a folder renames them, a bucket
 * takes them in one PutObject. So nothing half-written is ever listed as a backup.
 */
export interface BackupPlace {
  kind: PlaceKind;
  /** The folder's path or s3://bucket/backups/, for people. */
  location: string;
  /** A folder on this machine for files being made and for the embedded database's snapshot. */
  workDir: string;
  locationOf(name: string): string;
  /** Good backups, newest first. */
  list(): Promise<StoredBackup[]>;
  /** Moves a finished file from workDir into the place under `name`. */
  store(localFile: string, name: string): Promise<void>;
  /** Random access to a stored backup (its head), or null when there is no such backup. */
  source(name: string): Promise<(ByteSource & { close(): Promise<void> }) | null>;
  /** A stored backup as a stream (Download), or null. */
  open(name: string): Promise<{ body: Readable; size: number } | null>;
  remove(name: string): Promise<void>;
  ledger: LedgerShelf;
  close(): void;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) => b.at.getTime() - a.at.getTime();

/** A folder on a disk of this machine (put it on another disk, or copy it off, to survive this one). */
export function folderPlace(dir: string): BackupPlace {
  const ledgerDir = path.join(dir, 'ledger');
  return {
    kind: 'folder',
    location: path.resolve(dir),
    workDir: dir,
    locationOf: (name) => path.resolve(dir, name),
    async list() {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
      const found = await Promise.all(names.map(async (name) => {
        const info = await stat(path.join(dir, name)).catch(() => null);
        return info ? { name, size: info.size, at: timeOfName(name)! } : null;
      }));
      return found.filter((b): b is StoredBackup => b !== null).sort(newestFirst);
    },
    async store(localFile, name) {
      await rename(localFile, path.join(dir, name));
    },
    async source(name) {
      if (!BACKUP_NAME.test(name)) return null;
      return openFileSource(path.join(dir, name)).catch(() => null);
    },
    async open(name) {
      if (!BACKUP_NAME.test(name)) return null;
      const info = await stat(path.join(dir, name)).catch(() => null);
      return info ? { body: createReadStream(path.join(dir, name)), size: info.size } : null;
    },
    async remove(name) {
      if (BACKUP_NAME.test(name)) await rm(path.join(dir, name), { force: true });
    },
    ledger: {
      async put(name, data) {
        await mkdir(ledgerDir, { recursive: true });
        await writeFile(path.join(ledgerDir, name), data, { mode: 0o600 });
      },
      async list() {
        const names = (await readdir(ledgerDir).catch(() => [] as string[])).filter((n) => LEDGER_NAME.test(n));
        return names.map((name) => ({ name, at: timeOfName(name)! }));
      },
      get: (name) => readFile(path.join(ledgerDir, name)),
      async remove(name) {
        if (LEDGER_NAME.test(name)) await rm(path.join(ledgerDir, name), { force: true });
      },
    },
    close() {},
  };
}

const PREFIX = 'backups/';
const LEDGER_PREFIX = `${PREFIX}ledger/`;

/** Objects under backups/ in a bucket; files are made in DATA_DIR/backups first. */
export function bucketPlace(store: S3BlobStore, bucket: string, workDir: string): BackupPlace {
  return {
    kind: 'bucket',
    location: `s3://${bucket}/${PREFIX}`,
    workDir,
    locationOf: (name) => `s3://${bucket}/${PREFIX}${name}`,
    async list() {
      const objects = await store.list(PREFIX);
      return objects
        .map((o) => ({ name: o.key.slice(PREFIX.length), size: o.size }))
        .filter((o) => BACKUP_NAME.test(o.name))
        .map((o) => ({ ...o, at: timeOfName(o.name)! }))
        .sort(newestFirst);
    },
    async store(localFile, name) {
      await store.putFile(`${PREFIX}${name}`, localFile, 'application/octet-stream');
      await rm(localFile, { force: true });
    },
    async source(name) {
      if (!BACKUP_NAME.test(name)) return null;
      const listed = (await store.list(`${PREFIX}${name}`)).find((o) => o.key === `${PREFIX}${name}`);
      if (!listed) return null;
      return { size: listed.size, read: (position, length) => store.readRange(`${PREFIX}${name}`, position, length), close: async () => {} };
    },
    async open(name) {
      return BACKUP_NAME.test(name) ? store.open(`${PREFIX}${name}`) : null;
    },
    async remove(name) {
      if (BACKUP_NAME.test(name)) await store.remove(`${PREFIX}${name}`);
    },
    ledger: {
      put: (name, data) => store.put(`${LEDGER_PREFIX}${name}`, { data, contentType: 'application/octet-stream' }),
      async list() {
        return (await store.list(LEDGER_PREFIX))
          .map((o) => o.key.slice(LEDGER_PREFIX.length))
          .filter((n) => LEDGER_NAME.test(n))
          .map((name) => ({ name, at: timeOfName(name)! }));
      },
      async get(name) {
        const blob = await store.get(`${LEDGER_PREFIX}${name}`);
        if (!blob) throw new Error(`ledger entry ${name} is gone`);
        return blob.data;
      },
      remove: (name) => store.remove(`${LEDGER_PREFIX}${name}`),
    },
    close: () => store.destroy(),
  };
}

/** The place the settings name: BACKUP_BUCKET, else BACKUP_DIR, else DATA_DIR/backups. */
export async function backupPlaceOf(config: Config): Promise<BackupPlace> {
  const local = config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups');
  if (!config.backupS3) return folderPlace(local);
  // The S3 SDK is loaded only when a bucket is configured (decision 027).
  const { S3BlobStore } = await import('../../providers/storage/s3-blob-store');
  return bucketPlace(new S3BlobStore(config.backupS3), config.backupS3.bucket, path.join(config.DATA_DIR, 'backups'));
}
