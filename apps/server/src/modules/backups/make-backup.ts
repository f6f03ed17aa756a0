import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config';
import type { BackupHead } from '../../db/backup/format';
import type { BackupKey } from '../../db/backup/sealed-file';
import { isAlive } from '../../lib/data-dir';
import { dumpFrom, type DumpJob, type DumpSource } from './dump-source';
import { backupNameAt, type BackupPlace } from './place';

export interface BackupResult {
  name: string;
  location: string;
  size: number;
  head: BackupHead;
  /** The worker process's peak memory, when the dump ran in one. */
  workerMaxRssBytes?: number;
}

/** What a dump reads, ready: and what to tidy away once the file is written. */
export interface PreparedSource {
  source: DumpSource;
  /** When the snapshot was taken, if before the dump begins (a copy of the embedded database's folder). */
  takenAt?: Date;
  cleanup(): Promise<void>;
}

export interface MakeBackupOptions {
  place: BackupPlace;
  key: BackupKey;
  head: Omit<DumpJob['head'], 'takenAt'>;
  /** Takes the snapshot (or names the database) given the work folder; called once the folder exists. */
  prepare(workDir: string, workName: string): Promise<PreparedSource>;
  /**
   * In a child process (the server), at low priority unless `normal`, or in this one (the command,
   * which is its own process).
   */
  inWorker: boolean;
  priority?: Config['BACKUP_PRIORITY'];
  onProgress?(done: number, total: number): void;
  now?: Date;
}

// Files being made are named after the process making them: one left by a process that died is removed.
const WORK_NAME = /^\.work-(\d+)-[a-z0-9]+\.(partial|snapshot)$/;


/** Removes unfinished files and snapshots whose process is gone (a server killed mid-backup). */
export async function removeAbandonedWork(workDir: string): Promise<void> {
  for (const name of await readdir(workDir).catch(() => [] as string[])) {
    const m = WORK_NAME.exec(name);
    if (m && Number(m[1]) !== process.pid && !isAlive(Number(m[1]))) await rm(path.join(workDir, name), { recursive: true, force: true });
  }
}

/**
 * Makes one backup: snapshot, dump into `.work-….partial` in the work folder, then store it in the
 * place under its own name (decision 032). Whatever fails, the unfinished file and the snapshot go.
 */
export async function makeBackup(opts: MakeBackupOptions): Promise<BackupResult> {
  const { place } = opts;
  const workDir = place.workDir;
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  await removeAbandonedWork(workDir);
  const work = `.work-${process.pid}-${randomBytes(6).toString('hex')}`;
  const partial = path.join(workDir, `${work}.partial`);
  const prepared = await opts.prepare(workDir, `${work}.snapshot`);
  try {
    const job: DumpJob = {
      source: prepared.source,
      file: partial,
      key: { base64: opts.key.key.toString('base64'), kind: opts.key.kind },
      head: { ...opts.head, takenAt: prepared.takenAt?.toISOString() },
    };
    const { head, bytes, maxRssBytes } = opts.inWorker ? await dumpInWorker(job, opts.priority ?? 'low', opts.onProgress) : { ...(await dumpFrom(job, opts.onProgress)), maxRssBytes: undefined };
    const name = backupNameAt(new Date(head.createdAt));
    await place.store(partial, name);
    return { name, location: place.locationOf(name), size: bytes, head, workerMaxRssBytes: maxRssBytes };
  } finally {
    await rm(partial, { force: true });
    await prepared.cleanup();
  }
}

/** The worker's entry: the bundle's backup-worker.js beside dist/main.js, or worker.ts under tsx. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return { file: path.join(path.dirname(here), 'backup-worker.js'), execArgv: [] };
  return { file: path.join(path.dirname(here), 'worker.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * Runs the dump in a child process at the lowest priority: on a small server the backup takes
 * what CPU the live captions leave (decision 032's figures with bench:live running).
 */
function dumpInWorker(job: DumpJob, priority: Config['BACKUP_PRIORITY'], onProgress?: (done: number, total: number) => void): Promise<{ head: BackupHead; bytes: number; maxRssBytes: number }> {
  const entry = workerEntry();
  const child = fork(entry.file, { execArgv: entry.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  try {
    if (child.pid && priority === 'low') os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted on this system: the backup then runs at normal priority.
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    child.on('message', (message: { type: string; done?: number; total?: number; bytes?: number; head?: BackupHead; maxRssBytes?: number; message?: string }) => {
      if (message.type === 'progress') onProgress?.(message.done!, message.total!);
      else if (message.type === 'done') {
        answered = true;
        resolve({ head: message.head!, bytes: message.bytes!, maxRssBytes: message.maxRssBytes! });
      } else if (message.type === 'failed') {
        answered = true;
        reject(new Error(message.message));
      }
    });
    child.once('error', (err) => {
      if (!answered) reject(err);
    });
    child.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`the backup worker stopped (${signal ?? `exit code ${code}`}) before it finished`));
    });
    child.send(job);
  });
}
