import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/audit';

/** A listener session's seconds: its recorded duration, or so far for one still open. */
export const sessionSeconds = (now: Date) =>
  sql`coalesce(ls.duration_seconds, greatest(0, extract(epoch from (coalesce(ls.ended_at, ${now.toISOString()}::timestamptz) - ls.started_at)))::int)`;

const ROLLUP_BATCH = 500;

/**
 * Folds every ended sermon not yet rolled up into `sermon_language_stats` (decision record 015).
 * Runs before each summary, so the rollup is current the moment a sermon ends however it ended
 * (speaker, admin, stream limit, lost heartbeat) without the live pipeline knowing about analytics.
 * Idempotent and safe to run from two processes at once: both inserts skip rows that exist.
 */
export async function rollUpEndedSermons(db: DbOrTx, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute<{ n: number }>(sql`
      with pending as (
        select s.id, s.church_id, s.started_at from sermons s
        where s.status = 'ended' and not exists (select 1 from sermon_rollups r where r.sermon_id = s.id)
        limit ${ROLLUP_BATCH}
      ), stats as (
        insert into sermon_language_stats (sermon_id, language, church_id, started_at, listeners, listener_seconds)
        select p.id, ls.language, p.church_id, p.started_at, count(*), coalesce(sum(${sessionSeconds(now)}), 0)
        from pending p join listener_sessions ls on ls.sermon_id = p.id
        group by p.id, ls.language, p.church_id, p.started_at
        on conflict do nothing
        returning 1
      ), marked as (
        insert into sermon_rollups (sermon_id) select id from pending on conflict do nothing returning 1
      )
      select (select count(*) from marked)::int as n`);
    const n = Number(result.rows[0]?.n ?? 0);
    total += n;
    if (n < ROLLUP_BATCH) return total;
  }
}

/** Sermons of the range still counted from raw sessions: live ones (no rollup yet). */
export const notRolledUp: SQL = sql`not exists (select 1 from sermon_rollups r where r.sermon_id = s.id)`;
