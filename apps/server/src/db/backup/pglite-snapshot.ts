import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Query } from './migrations';

// What PostgreSQL's own base backups leave out: the running server's lock files and temporary files;
// the write-ahead log is copied separately, after the backup ends, so it covers the whole copy.
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'pgsql_tmp', 'backup_label', 'tablespace_map']);

/** Copies a folder tree; a file removed while it is copied (a dropped table, a temporary file) is skipped. */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    if (LEFT_OUT.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target);
    else await copyFile(source, target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/**
 * A consistent copy of the embedded database's folder while the server keeps using it (decision
 * 032): PostgreSQL's online base backup. `pg_backup_start` takes a checkpoint (the only moment other
 * queries wait: PGlite runs one statement at a time), the files are copied while the server goes on
 * writing, and `pg_backup_stop` marks the end; the write-ahead log from start to end goes with the
 * copy, and PGlite opening the copy replays it to the state at the end, as a restored PostgreSQL base
 * backup does. One snapshot at a time per database (a backup belongs to the session, and PGlite has one).
 */
export async function snapshotPglite(query: Query, dataDir: string, into: string): Promise<{ dir: string; takenAt: Date }> {
  await rm(into, { recursive: true, force: true });
  const [start] = await query(`select pg_walfile_name(pg_backup_start('sermon-translate backup', true)) as wal`);
  let label: string;
  let endWal: string;
  let takenAt: Date;
  try {
    await copyTree(dataDir, into);
  } finally {
    const [stop] = await query('select labelfile, pg_walfile_name(lsn) as wal, now()::text as at from pg_backup_stop(false)');
    label = stop!.labelfile as string;
    endWal = stop!.wal as string;
    takenAt = new Date(stop!.at as string);
  }
  await writeFile(path.join(into, 'backup_label'), label);
  const walDir = path.join(into, 'pg_wal');
  await mkdir(walDir, { recursive: true });
  const needed = (await readdir(path.join(dataDir, 'pg_wal'))).filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= (start!.wal as string) && name <= endWal).sort();
  for (const name of needed) await copyFile(path.join(dataDir, 'pg_wal', name), path.join(walDir, name));
  if (needed[0] !== start!.wal || needed.at(-1) !== endWal) {
    throw new Error(`the write-ahead log from ${start!.wal as string} to ${endWal} was not all there to copy`);
  }
  return { dir: into, takenAt };
}
