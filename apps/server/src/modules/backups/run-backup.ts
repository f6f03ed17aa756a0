import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupTrigger } from '@app/shared';
import type { AppContext } from '../../context';
import { snapshotPglite } from '../../db/backup/pglite-snapshot';
import { AppError } from '../../lib/errors';
import { backupsOf } from './backups-of';
import { mailBackupFailure } from './failure-mail';
import { makeBackup, type BackupResult, type PreparedSource } from './make-backup';
import { applyRetention } from './retention';
import { failRun, finishRun, HEARTBEAT_MS, runningRun, startRun, touchRun, type BackupRun } from './runs';

export interface StartBackupOptions {
  trigger: BackupTrigger;
  startedById?: string | null;
  /** A run the schedule already claimed for its day. */
  run?: BackupRun;
  /** Progress as a whole percent, as it changes (the command's channel prints it). */
  onProgress?(percent: number): void;
}

/** How a backup run ended, for whoever counts them (the metrics endpoint). */
export interface BackupOutcome {
  trigger: BackupTrigger;
  ok: boolean;
  seconds: number;
  bytes: number | null;
}

const outcomeListeners = new Set<(outcome: BackupOutcome) => void>();

/** Calls `listener` as each backup run of this process ends; answers a function that stops it. */
export function onBackupFinished(listener: (outcome: BackupOutcome) => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

const tell = (outcome: BackupOutcome) => {
  for (const listener of outcomeListeners) listener(outcome);
};

// Progress as a person sees it: the snapshot taken, the database opened and counted, then the rows.
const SNAPSHOT_PERCENT = 5;
const OPENED_PERCENT = 10;

/** One backup at a time per process: the embedded database's snapshot belongs to its one session. */
const busy = new WeakSet<AppContext>();

/** What the embedded database's folder is, when it is one (tests may run it in memory). */
function pgliteOf(ctx: AppContext): PGlite {
  return (ctx.db as unknown as { $client: PGlite }).$client;
}

/** The database to dump: a snapshot of the embedded database's folder, or PostgreSQL itself (its MVCC snapshot). */
async function prepareSource(ctx: AppContext, workDir: string, snapshotName: string): Promise<PreparedSource> {
  if (ctx.dbKind === 'postgres') return { source: { kind: 'postgres', url: ctx.config.DATABASE_URL! }, cleanup: async () => {} };
  const client = pgliteOf(ctx);
  if (!client.dataDir) throw new Error('the embedded database has no folder on disk to copy');
  const into = path.join(workDir, snapshotName);
  const cleanup = () => rm(into, { recursive: true, force: true });
  try {
    const { dir, takenAt } = await snapshotPglite(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows, client.dataDir, into);
    return { source: { kind: 'pglite', dir }, takenAt, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * Starts a backup in the background and answers its run at once (decision 032): "Back up now", the
 * schedule and `npm run backup` through a running server all come here. The run's row shows its
 * progress on every process; a failure is recorded on it, and mailed to the platform
 * administrators when nobody was watching (the schedule).
 */
export async function startBackup(ctx: AppContext, opts: StartBackupOptions): Promise<{ run: BackupRun; done: Promise<BackupResult> }> {
  const { place, key, secrets } = await backupsOf(ctx);
  const alreadyRunning = () => new AppError('conflict', 409, 'A backup is already running');
  if (busy.has(ctx)) throw alreadyRunning();
  busy.add(ctx);
  let run: BackupRun;
  try {
    if (!opts.run && (await runningRun(ctx.db))) throw alreadyRunning();
    run = opts.run ?? (await startRun(ctx.db, { trigger: opts.trigger, place: place.kind, startedById: opts.startedById }));
  } catch (err) {
    busy.delete(ctx);
    throw err;
  }
  const heartbeat = setInterval(() => void touchRun(ctx.db, run.id).catch(() => undefined), HEARTBEAT_MS);
  heartbeat.unref();
  let shownPercent = -1;
  let savedAt = 0;
  const began = performance.now();
  // The last percent is kept for the file being stored: 100 means done.
  const showProgress = (percent: number) => {
    if (percent <= shownPercent) return;
    shownPercent = percent;
    opts.onProgress?.(percent);
    if (Date.now() - savedAt < 1000 && percent < 99) return;
    savedAt = Date.now();
    void touchRun(ctx.db, run.id, percent).catch(() => undefined);
  };
  const seconds = () => (performance.now() - began) / 1000;
  const done = (async () => {
    try {
      const result = await makeBackup({
        place,
        key,
        inWorker: true,
        priority: ctx.config.BACKUP_PRIORITY,
        head: { version: ctx.version, engine: ctx.dbKind, secretsKeyId: secrets.id, secretsKeyFromFile: secrets.fromFile, filesBucket: ctx.config.s3?.bucket ?? null },
        prepare: async (workDir, snapshotName) => {
          const prepared = await prepareSource(ctx, workDir, snapshotName);
          showProgress(SNAPSHOT_PERCENT);
          return prepared;
        },
        onProgress: (rows, total) => showProgress(OPENED_PERCENT + Math.floor((rows / Math.max(1, total)) * (99 - OPENED_PERCENT))),
      });
      await finishRun(ctx.db, run.id, { name: result.name, size: result.size });
      opts.onProgress?.(100);
      const removed = await applyRetention(place, ctx.config.BACKUP_KEEP).catch((err: unknown) => {
        ctx.log.error({ err }, 'old backups could not be removed');
        return [];
      });
      ctx.log.info({ backup: result.location, bytes: result.size, removed: removed.length }, 'backup written');
      tell({ trigger: opts.trigger, ok: true, seconds: seconds(), bytes: result.size });
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ctx.log.error({ err, runId: run.id }, 'backup failed');
      await failRun(ctx.db, run.id, message).catch(() => undefined);
      if (opts.trigger === 'schedule') await mailBackupFailure(ctx, run.startedAt, message).catch(() => undefined);
      tell({ trigger: opts.trigger, ok: false, seconds: seconds(), bytes: null });
      throw err;
    } finally {
      clearInterval(heartbeat);
      busy.delete(ctx);
    }
  })();
  // Callers that only start it (the screen) need not wait; a failure is on the run's row.
  done.catch(() => undefined);
  return { run, done };
}
