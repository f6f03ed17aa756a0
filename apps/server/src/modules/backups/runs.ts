import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BackupTrigger } from '@app/shared';
import type { Db } from '../../db/client';
import { backupRuns } from '../../db/schema';

/** A running backup writes its heartbeat this often; one silent for STALE_AFTER_MS was cut short. */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 2 * 60_000;

export type BackupRun = typeof backupRuns.$inferSelect;

export async function startRun(db: Db, values: { trigger: BackupTrigger; place: string; startedById?: string | null }): Promise<BackupRun> {
  const [run] = await db.insert(backupRuns).values({ trigger: values.trigger, place: values.place, startedById: values.startedById ?? null }).returning();
  return run!;
}

/** Records progress and that the run is alive. */
export async function touchRun(db: Db, id: string, progress?: number): Promise<void> {
  await db.update(backupRuns)
    .set({ heartbeatAt: new Date(), ...(progress === undefined ? {} : { progress }) })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.state, 'running')));
}

export async function finishRun(db: Db, id: string, file: { name: string; size: number }): Promise<void> {
  await db.update(backupRuns)
    .set({ state: 'good', fileName: file.name, sizeBytes: file.size, progress: 100, finishedAt: new Date(), heartbeatAt: new Date() })
    .where(eq(backupRuns.id, id));
}

export async function failRun(db: Db, id: string, error: string): Promise<void> {
  await db.update(backupRuns)
    .set({ state: 'failed', error: error.slice(0, 1000), finishedAt: new Date() })
    .where(eq(backupRuns.id, id));
}

/**
 * Runs still marked running whose heartbeat stopped (their process died: killed mid-backup) are
 * failed: they never became a file, and nothing else would ever end them.
 */
export async function failAbandonedRuns(db: Db, now: Date = new Date()): Promise<void> {
  await db.update(backupRuns)
    .set({ state: 'failed', error: 'interrupted: the process making it stopped before it finished', finishedAt: now })
    .where(and(eq(backupRuns.state, 'running'), lt(backupRuns.heartbeatAt, new Date(now.getTime() - STALE_AFTER_MS))));
}

/** A run in progress anywhere in the cluster, if any. */
export async function runningRun(db: Db, now: Date = new Date()): Promise<BackupRun | null> {
  const [run] = await db.select().from(backupRuns)
    .where(and(eq(backupRuns.state, 'running'), gte(backupRuns.heartbeatAt, new Date(now.getTime() - STALE_AFTER_MS))))
    .orderBy(desc(backupRuns.startedAt)).limit(1);
  return run ?? null;
}

/** Runs started since `since`, newest first (the screen shows those not already shown as a file). */
export async function recentRuns(db: Db, since: Date): Promise<BackupRun[]> {
  return db.select().from(backupRuns).where(gte(backupRuns.startedAt, since)).orderBy(desc(backupRuns.startedAt));
}

/** The newest run that ended, good or failed, and the newest good one. */
export async function lastRuns(db: Db): Promise<{ lastFinished: BackupRun | null; lastGood: BackupRun | null }> {
  const [lastFinished] = await db.select().from(backupRuns).where(inArray(backupRuns.state, ['good', 'failed'])).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [lastGood] = await db.select().from(backupRuns).where(eq(backupRuns.state, 'good')).orderBy(desc(backupRuns.finishedAt)).limit(1);
  return { lastFinished: lastFinished ?? null, lastGood: lastGood ?? null };
}

/**
 * Claims the scheduled backup of local day `day` (YYYY-MM-DD): a run row for it, unless one exists.
 * The unique index on scheduled_for makes two processes that both try insert one row between them.
 */
export async function claimScheduledRun(db: Pick<Db, 'insert'>, day: string, place: string): Promise<BackupRun | null> {
  const [run] = await db.insert(backupRuns)
    .values({ trigger: 'schedule', scheduledFor: day, place })
    .onConflictDoNothing({ target: backupRuns.scheduledFor })
    .returning();
  return run ?? null;
}

/** Run records older than any backup can be (they describe files retention has removed). */
export async function forgetOldRuns(db: Db, before: Date): Promise<void> {
  await db.delete(backupRuns).where(and(lt(backupRuns.startedAt, before), sql`${backupRuns.state} <> 'running'`));
}
