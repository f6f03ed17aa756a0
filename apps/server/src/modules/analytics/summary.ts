import { sql, type SQL } from 'drizzle-orm';
import type { Summary } from '@app/shared';
import type { Db } from '../../db/client';
import { notRolledUp, rollUpEndedSermons, sessionSeconds } from './rollup';
import type { ResolvedRange } from './time-range';

type Rows<T> = { rows: T[] };

const n = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard's figures for one church (or all, `churchId` null) over a resolved range. Every
 * figure is one indexed query; listening comes from the per-sermon rollup plus the raw sessions of
 * sermons still live (decision record 015). Listening counts toward the range its sermon started in.
 */
export async function buildSummary(db: Db, churchId: string | null, r: ResolvedRange, now: Date): Promise<Summary> {
  await rollUpEndedSermons(db, now);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const tz = r.timeZone;
  const church = (col: SQL) => (churchId ? sql`and ${col} = ${churchId}` : sql``);
  const inRange = (col: SQL) => sql`${col} >= ${from}::timestamptz and ${col} < ${to}::timestamptz`;

  const q = <T>(query: SQL) => db.execute(query) as unknown as Promise<Rows<T>>;
  // One row per local hour, day or month. Each figure is counted with an index range scan between
  // the bucket's bounds (converted back to instants) rather than converting every row's timestamp
  // to local time and grouping: at a year of all churches that is 12 range counts, not 50,000
  // time-zone conversions (decision record 015).
  const lo = sql`greatest(b.s, ${from}::timestamptz)`;
  const hi = sql`least(b.e, ${to}::timestamptz)`;
  const between = (col: SQL) => sql`${col} >= ${lo} and ${col} < ${hi}`;
  const step = sql`${`1 ${r.bucket}`}::interval`;
  const [counts, languages, series, liveSeries] = await Promise.all([
    q<Record<string, unknown>>(sql`select
      (select count(*) from users u where u.role = 'member' ${church(sql`u.church_id`)}) as members,
      -- New members leave out the people an import created: a roster is not growth (decision 052).
      (select count(*) from users u where u.role = 'member' ${church(sql`u.church_id`)} and ${inRange(sql`u.created_at`)} and u.imported_at is null) as new_members,
      (select count(*) from users u where u.role = 'member' ${church(sql`u.church_id`)} and ${inRange(sql`u.created_at`)} and u.imported_at is not null) as imported_members,
      (select count(*) from sermons s where ${inRange(sql`s.started_at`)} ${church(sql`s.church_id`)}) as sermons,
      (select count(*) from sermons s where s.status in ('live', 'paused') ${church(sql`s.church_id`)}) as live_now,
      (select count(*) from salvations v where ${inRange(sql`v.created_at`)} ${church(sql`v.church_id`)}) as salvations,
      (select count(*) from feedback f where ${inRange(sql`f.created_at`)} ${church(sql`f.church_id`)}) as feedback,
      (select count(*) from deletion_requests d where d.status = 'pending' ${church(sql`d.church_id`)}) as pending_deletions`),
    q<{ language: string; listeners: unknown; seconds: unknown }>(sql`
      select language, sum(listeners) as listeners, sum(seconds) as seconds from (
        select st.language, st.listeners, st.listener_seconds as seconds from sermon_language_stats st
        where ${inRange(sql`st.started_at`)} ${church(sql`st.church_id`)}
        union all
        select ls.language, 1, ${sessionSeconds(now)} from sermons s join listener_sessions ls on ls.sermon_id = s.id
        where ${inRange(sql`s.started_at`)} ${church(sql`s.church_id`)} and ${notRolledUp}
      ) x group by language order by sum(listeners) desc, language`),
    q<{ at: string; listeners: unknown; new_members: unknown; salvations: unknown }>(sql`
      with b as (
        select g as local_start, g at time zone ${tz} as s, (g + ${step}) at time zone ${tz} as e
        from generate_series(date_trunc(${r.bucket}, ${from}::timestamptz at time zone ${tz}), (${to}::timestamptz at time zone ${tz}) - interval '1 second', ${step}) g
      )
      select to_char(b.local_start, 'YYYY-MM-DD"T"HH24:MI') as at,
        (select count(*) from users u where u.role = 'member' and ${between(sql`u.created_at`)} ${church(sql`u.church_id`)} and u.imported_at is null) as new_members,
        (select count(*) from salvations v where ${between(sql`v.created_at`)} ${church(sql`v.church_id`)}) as salvations,
        (select coalesce(sum(st.listeners), 0) from sermon_language_stats st where ${between(sql`st.started_at`)} ${church(sql`st.church_id`)}) as listeners
      from b order by b.local_start`),
    // Sermons still live: few rows, grouped directly (kept out of the per-bucket counts above, where
    // the planner cannot see the bounds and would scan every listener session per bucket).
    q<{ at: string; listeners: unknown }>(sql`
      select to_char(date_trunc(${r.bucket}, s.started_at at time zone ${tz}), 'YYYY-MM-DD"T"HH24:MI') as at, count(*) as listeners
      from sermons s join listener_sessions ls on ls.sermon_id = s.id
      where ${inRange(sql`s.started_at`)} ${church(sql`s.church_id`)} and ${notRolledUp} group by 1`),
  ]);
  const liveByAt = new Map(liveSeries.rows.map((row) => [row.at, n(row.listeners)]));
  const c = counts.rows[0]!;
  const listenersByLanguage = languages.rows.map((l) => ({ language: l.language, listeners: n(l.listeners), minutes: Math.round(n(l.seconds) / 60) }));
  return {
    churchId,
    timeZone: tz,
    from,
    to,
    bucket: r.bucket,
    members: n(c.members),
    newMembers: n(c.new_members),
    importedMembers: n(c.imported_members),
    sermons: n(c.sermons),
    liveNow: n(c.live_now),
    listeners: listenersByLanguage.reduce((a, l) => a + l.listeners, 0),
    listenerMinutes: Math.round(languages.rows.reduce((a, l) => a + n(l.seconds), 0) / 60),
    listenersByLanguage,
    salvations: n(c.salvations),
    feedback: n(c.feedback),
    pendingDeletionRequests: n(c.pending_deletions),
    // Buckets are local wall-clock times in the range's zone ("2026-11-23T00:00").
    series: series.rows.map((row) => ({ at: row.at, listeners: n(row.listeners) + (liveByAt.get(row.at) ?? 0), newMembers: n(row.new_members), salvations: n(row.salvations) })),
  };
}
