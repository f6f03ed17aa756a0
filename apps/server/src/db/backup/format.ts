import type { MigrationLevel } from './migrations';

/**
 * What a backup file holds once decrypted (decision 032): a 4-byte big-endian length, the head (this
 * JSON, readable alone from the file's first chunk), then gzip of newline-delimited JSON: for each
 * table a line `{"table", "columns", "bytea", "rows"}` followed by one line per row, an array of the
 * columns' PostgreSQL text (bytea as base64, NULL as null), and a last line `{"end": true, "rows"}`.
 * Text is what PostgreSQL prints and reads back for every type, on either engine and any version.
 */
export interface BackupHead {
  format: 1;
  product: 'sermon-translate';
  /** The product version that made it (package.json). */
  version: string;
  /** The instant of the database snapshot the rows are from. */
  createdAt: string;
  engine: 'pglite' | 'postgres';
  migration: MigrationLevel;
  /** Rows per table, counted in the same snapshot. */
  tables: Record<string, number>;
  /** Images and voice clips: rows of stored_files, or objects of an S3 bucket this file does not hold. */
  files: { in: 'database' | 'bucket'; bucket: string | null; count: number; bytes: number };
  /**
   * People whose deletion was approved (purged, or due at the next hourly purge) when the snapshot was
   * taken: a restore of an older backup from the same place forgets them again (spec section 1).
   */
  deletedPeople: string[];
  /** Which SECRETS_KEY the encrypted columns (church keys, pay details, two-step secrets) need: a fingerprint. */
  secretsKeyId: string;
  /** That key was generated into DATA_DIR/secrets.key (no SECRETS_KEY was set). */
  secretsKeyFromFile: boolean;
}

export interface TableLine {
  table: string;
  columns: string[];
  /** Columns sent as base64 (bytea). */
  bytea: string[];
  rows: number;
}

export interface EndLine {
  end: true;
  rows: Record<string, number>;
}

/** Tables a backup leaves out: the record of backups themselves (decision 032). */
export const TABLES_LEFT_OUT = new Set(['backup_runs']);

export function frameHead(head: BackupHead): Buffer {
  const json = Buffer.from(JSON.stringify(head), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json]);
}

/** Splits decrypted bytes into the head and the rest; null while more bytes are needed. */
export function unframeHead(bytes: Buffer): { head: BackupHead; rest: Buffer } | null {
  if (bytes.length < 4) return null;
  const length = bytes.readUInt32BE(0);
  if (bytes.length < 4 + length) return null;
  const head = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as BackupHead;
  return { head, rest: bytes.subarray(4 + length) };
}
