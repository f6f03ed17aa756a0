import { eq, sql } from 'drizzle-orm';
import type { DateRange } from '@app/shared';
import type { Db } from '../../db/client';
import { churches } from '../../db/schema';

/** The platform's default zone (ARCHITECTURE.md section 5): used for the all-churches view. */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

export type Bucket = 'hour' | 'day' | 'month';

export interface ResolvedRange {
  from: Date;
  to: Date;
  timeZone: string;
  bucket: Bucket;
}

export async function timeZoneOf(db: Db, churchId: string | null): Promise<string> {
  if (!churchId) return DEFAULT_TIME_ZONE;
  const [row] = await db.select({ tz: churches.timeZone }).from(churches).where(eq(churches.id, churchId)).limit(1);
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

const LONG_CUSTOM_DAYS = 92;

/**
 * Spec section 9's ranges, with days, weeks (Monday first), months and years starting at midnight
 * in `timeZone` (decision 015): PostgreSQL's own zone rules do the daylight-saving arithmetic. `from` is
 * inclusive and `to` exclusive; a custom range covers whole days from `from` to `to` inclusive.
 */
export async function resolveRange(
  db: Db,
  q: { range: DateRange; from?: string; to?: string },
  timeZone: string,
  now: Date,
): Promise<ResolvedRange> {
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const local = sql`(${nowTs} at time zone ${timeZone})`;
  const periodStart = (unit: 'week' | 'month' | 'year') => sql`date_trunc(${unit}, ${local})`;
  let fromSql, toSql;
  if (q.range === '24h') {
    [fromSql, toSql] = [sql`${nowTs} - interval '24 hours'`, nowTs];
  } else if (q.range === '30d') {
    [fromSql, toSql] = [sql`${nowTs} - interval '30 days'`, nowTs];
  } else if (q.range === 'custom') {
    [fromSql, toSql] = [sql`(${q.from}::date::timestamp at time zone ${timeZone})`, sql`((${q.to}::date + 1)::timestamp at time zone ${timeZone})`];
  } else {
    const start = periodStart(q.range);
    [fromSql, toSql] = [sql`(${start} at time zone ${timeZone})`, sql`((${start} + ${`1 ${q.range}`}::interval) at time zone ${timeZone})`];
  }
  const result = await db.execute<{ from: Date | string; to: Date | string }>(sql`select ${fromSql} as "from", ${toSql} as "to"`);
  const row = result.rows[0]!;
  const from = new Date(row.from);
  const to = new Date(row.to);
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  const bucket: Bucket = q.range === '24h' ? 'hour' : q.range === 'year' || days > LONG_CUSTOM_DAYS ? 'month' : 'day';
  return { from, to, timeZone, bucket };
}
