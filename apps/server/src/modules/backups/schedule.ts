import { sql } from 'drizzle-orm';
import { instantOf, wallClockOf } from '@app/shared';
import { parseBackupTime } from '../../config';
import type { AppContext } from '../../context';
import { backupsOf } from './backups-of';
import type { BackupResult } from './make-backup';
import { applyRetention } from './retention';
import { startBackup } from './run-backup';
import { claimScheduledRun, failAbandonedRuns, failRun } from './runs';

// One number for every process sharing the database, as the privacy jobs' (decision 017).
const BACKUP_LOCK = 7_120_032;
/** The schedule looks every minute whether today's backup is due (BACKUP_TIME has minutes). */
export const BACKUP_CHECK_EVERY_MS = 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The latest daily backup time at or before `now`: its local day (YYYY-MM-DD, what a run claims)
 * and its instant. On the night daylight saving skips 02:00 in Sydney the backup runs at 03:00, the
 * clock's next minute; on the night it repeats, once, at the first.
 */
export function dueDay(now: Date, setting: string): { day: string; at: Date } {
  const time = parseBackupTime(setting)!;
  const today = wallClockOf(now, time.timeZone);
  for (const back of [0, 1]) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    const wall = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: time.hour, minute: time.minute };
    const at = instantOf(wall, time.timeZone);
    if (at.getTime() <= now.getTime()) return { day: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, at };
  }
  throw new Error('no backup time in the last two days');
}

/** A scheduled run that started later than this after its daily time was a catch-up (the check runs every minute). */
const ON_TIME_MS = 5 * 60_000;

/**
 * Whether the scheduled run for local day `day`, started at `startedAt`, was the catch-up a server
 * makes when it starts after the day's backup time (on its first start, or after being stopped over
 * that time) rather than the backup at that time.
 */
export function isCatchUp(day: string, startedAt: Date, setting: string): boolean {
  const due = dueDay(startedAt, setting);
  return due.day !== day || startedAt.getTime() - due.at.getTime() > ON_TIME_MS;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
const claimedDays = new WeakMap<AppContext, string>();

export interface ScheduleRunResult {
  /** False when another process held the lock: it is looking at this minute. */
  ran: boolean;
  /** The day this process claimed and is backing up, if any. */
  claimed: string | null;
  done?: Promise<BackupResult>;
}

/**
 * The daily backup (decision 032), checked every minute by the schedule the privacy jobs use: under
 * a transaction-level advisory lock (decision 017), the day due is claimed by inserting its run,
 * which the unique day makes happen once in the cluster whatever the lock does. Retention runs at
 * every claim too, so no backup outlives 30 days while backups are failing. Takes `now`, so tests
 * move the clock instead of waiting.
 */
export async function runBackupSchedule(ctx: AppContext, now: Date = new Date()): Promise<ScheduleRunResult> {
  const due = dueDay(now, ctx.config.BACKUP_TIME);
  if (claimedDays.get(ctx) === due.day) return { ran: true, claimed: null };
  const { place } = await backupsOf(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${BACKUP_LOCK}) as locked`));
    if (!lock?.locked) return null;
    return { run: await claimScheduledRun(tx, due.day, place.kind) };
  });
  if (!outcome) return { ran: false, claimed: null };
  // Whoever claimed it, this day is done as far as this process is concerned.
  claimedDays.set(ctx, due.day);
  await failAbandonedRuns(ctx.db, now);
  await applyRetention(place, ctx.config.BACKUP_KEEP, now);
  if (!outcome.run) return { ran: true, claimed: null };
  try {
    const { done } = await startBackup(ctx, { trigger: 'schedule', run: outcome.run });
    return { ran: true, claimed: due.day, done };
  } catch (err) {
    // "Back up now" was running in this process: the day's run is recorded as not made, not left running.
    await failRun(ctx.db, outcome.run.id, err instanceof Error ? err.message : String(err));
    throw err;
  }
}
