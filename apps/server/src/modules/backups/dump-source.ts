import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions, pgliteSettings } from '../../db/client';
import { writeBackupFile, type DumpOptions } from '../../db/backup/dump';
import type { Query } from '../../db/backup/migrations';
import type { BackupHead } from '../../db/backup/format';
import type { BackupKeyKind } from '../../db/backup/sealed-file';

/** What a dump reads: a folder of the embedded database (a snapshot, or the folder itself with no server running) or PostgreSQL. */
export type DumpSource = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/** Everything a dump needs, as plain data: it crosses to the worker process over IPC. */
export interface DumpJob {
  source: DumpSource;
  file: string;
  key: { base64: string; kind: BackupKeyKind };
  head: Omit<DumpOptions['head'], 'takenAt'> & { takenAt?: string };
}

/** An open embedded database folder as a Query (recovering it first when it is a snapshot). */
export async function openPglite(dir: string): Promise<{ query: Query; close(): Promise<void> }> {
  const db = await PGlite.create(dir, {
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((setting) => ['-c', setting])],
  });
  return { query: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows, close: () => db.close() };
}

/** One connection of its own to PostgreSQL as a Query. */
export async function openPostgres(url: string): Promise<{ query: Query; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'sermon-translate backup' });
  await client.connect();
  return { query: async (text, params) => (await client.query(text, params)).rows as Array<Record<string, unknown>>, close: () => client.end() };
}

/** Runs one dump in this process. */
export async function dumpFrom(job: DumpJob, onProgress?: (done: number, total: number) => void): Promise<{ head: BackupHead; bytes: number }> {
  const connection = job.source.kind === 'pglite' ? await openPglite(job.source.dir) : await openPostgres(job.source.url);
  try {
    return await writeBackupFile({
      query: connection.query,
      file: job.file,
      key: { key: Buffer.from(job.key.base64, 'base64'), kind: job.key.kind },
      head: { ...job.head, takenAt: job.head.takenAt ? new Date(job.head.takenAt) : undefined },
      onProgress,
    });
  } finally {
    await connection.close();
  }
}
