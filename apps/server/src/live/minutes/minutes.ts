import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sermons } from '../../db/schema';
import { weekStart } from '../../lib/church-week';

/**
 * Weekly stream minutes (spec section 9): a church's allowance resets at Monday
 * 00:00 in the church's own time zone (Australia/Sydney by default, lib/church-week.ts), on the
 * server's clock.
 */

/** Seconds charged this week: `sermons.charged_seconds` of sermons started since Monday 00:00. */
export async function secondsUsedThisWeek(db: Db, churchId: string, timeZone: string, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${sermons.chargedSeconds}), 0)` })
    .from(sermons)
    .where(and(eq(sermons.churchId, churchId), gte(sermons.startedAt, weekStart(timeZone, now))));
  return Number(row?.total ?? 0);
}

/** Minutes charged this week (fractional: seconds / 60). */
export async function minutesUsedThisWeek(db: Db, churchId: string, timeZone: string, now: Date = new Date()): Promise<number> {
  return (await secondsUsedThisWeek(db, churchId, timeZone, now)) / 60;
}
