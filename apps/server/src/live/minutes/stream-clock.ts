import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CHURCH_TIME_ZONE } from '@app/shared';
import type { Db } from '../../db/client';
import { churches } from '../../db/schema';
import { secondsUsedThisWeek } from './minutes';
import type { SermonRoom } from '../rooms/sermon-room';

/**
 * Streaming minutes on the server clock, per church per week (spec section 9). A live sermon
 * accrues time in memory every tick; every heartbeat its `charged_seconds` and `last_heartbeat_at`
 * are written, so a crash loses at most one heartbeat of minutes. Several processes may hold the same
 * sermon (decision 007): each accrues the same wall-clock time and the stored figure only grows to the
 * largest, so no minute is charged twice. Paused time is not charged: a
 * pause (music, a testimony) stops recognition and translation, which is what the allowance pays for.
 */

interface ChurchBudget {
  limitSeconds: number;
  timeZone: string;
  /** Seconds used this week as stored at the last refresh (includes live sermons' persisted time). */
  usedSeconds: number;
}

export class StreamClock {
  private readonly budgets = new Map<string, ChurchBudget>();

  constructor(private readonly db: Db) {}

  /** Adds the time since the last accrual to a live sermon. */
  accrue(room: SermonRoom, now: number): void {
    if (room.status === 'live' && now > room.lastAccrualAt) room.chargedMs += now - room.lastAccrualAt;
    room.lastAccrualAt = Math.max(room.lastAccrualAt, now);
  }

  /** Writes charged seconds and the heartbeat of these sermons. */
  async persist(rooms: SermonRoom[], now: number): Promise<void> {
    if (rooms.length === 0) return;
    const at = new Date(now).toISOString();
    const values = rooms.map((r) => sql`(${r.id}::uuid, ${Math.floor(r.chargedMs / 1000)}::int)`);
    await this.db.execute(sql`
      update sermons set charged_seconds = greatest(sermons.charged_seconds, v.charged), last_heartbeat_at = greatest(sermons.last_heartbeat_at, ${at}::timestamptz)
      from (values ${sql.join(values, sql`, `)}) as v(id, charged)
      where sermons.id = v.id and sermons.status <> 'ended'`);
    for (const r of rooms) {
      r.persistedSeconds = Math.floor(r.chargedMs / 1000);
      r.lastPersistAt = now;
    }
  }

  /** Persists the church's live sermons, then reads its limit and this week's use again. */
  async refresh(churchId: string, rooms: SermonRoom[], now: number): Promise<void> {
    await this.persist(rooms, now);
    const [church] = await this.db
      .select({ limit: churches.weeklyStreamLimitMinutes, timeZone: churches.timeZone })
      .from(churches)
      .where(eq(churches.id, churchId))
      .limit(1);
    const timeZone = church?.timeZone ?? DEFAULT_CHURCH_TIME_ZONE;
    const usedSeconds = await secondsUsedThisWeek(this.db, churchId, timeZone, new Date(now));
    this.budgets.set(churchId, { limitSeconds: (church?.limit ?? 0) * 60, timeZone, usedSeconds });
    for (const r of rooms) r.secondsAtRefresh = r.persistedSeconds;
  }

  /** Seconds the church has left this week, counting its live sermons up to their last accrual. */
  secondsLeft(churchId: string, rooms: SermonRoom[]): number {
    const budget = this.budgets.get(churchId);
    if (!budget) return Number.POSITIVE_INFINITY;
    const since = rooms.reduce((sum, r) => sum + Math.max(0, r.chargedMs / 1000 - r.secondsAtRefresh), 0);
    return budget.limitSeconds - budget.usedSeconds - since;
  }

  hasBudget(churchId: string): boolean {
    return this.budgets.has(churchId);
  }

  forget(churchId: string): void {
    this.budgets.delete(churchId);
  }
}

/** Seconds left this week for a church with no sermon in memory (going live). */
export async function secondsLeftFromDatabase(db: Db, churchId: string, now: number): Promise<number> {
  const [church] = await db
    .select({ limit: churches.weeklyStreamLimitMinutes, timeZone: churches.timeZone })
    .from(churches)
    .where(eq(churches.id, churchId))
    .limit(1);
  if (!church) return 0;
  return church.limit * 60 - (await secondsUsedThisWeek(db, churchId, church.timeZone, new Date(now)));
}
