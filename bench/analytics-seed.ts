/**
 * The analytics benchmarks' data (decision 015's targets), and the database bench:backup backs up:
 * members over 20 churches, sermons, listener sessions (ten per member: a million for 100,000),
 * salvations and follow-ups, written with set-based SQL. Used by bench/api-analytics.ts and
 * bench/backup-server.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

export const CHURCHES = 20;
const TIME_ZONES = ['Australia/Sydney', 'Australia/Perth', 'Australia/Adelaide', 'Australia/Brisbane', 'Australia/Darwin'];
const LANGUAGES = ['en', 'pt', 'es', 'id', 'zh-Hans', 'ar', 'hi'];

/** A number written into the seeding SQL as a literal (generate_series needs typed bounds). */
const N = (n: number) => sql.raw(String(Math.trunc(n)));

/** How much a run of `members` members writes: sermons, listener rows and salvations scale with it. */
export function analyticsSizes(members: number) {
  const sermonCount = Math.max(CHURCHES, Math.round(members / 20));
  return {
    sermonCount,
    listenerRows: members * 10,
    salvationCount: Math.max(CHURCHES, Math.round(members / 10)),
    // Ended sermons plus one live sermon per church.
    sermonTotal: sermonCount + CHURCHES,
  };
}

/** Writes the data into an empty (or benchmark-only) database; existing rows of these tables go first. */
export async function writeAnalyticsData(db: Db, members: number): Promise<void> {
  const { sermonCount, listenerRows, salvationCount, sermonTotal } = analyticsSizes(members);
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  await exec(sql`truncate churches, users, sermons, listener_sessions, salvations, follow_ups, sermon_language_stats, sermon_rollups, feedback, deletion_requests cascade`);
  await exec(sql`insert into churches (name, address, suburb, state, contact_number, pastor_name, pastor_phone, time_zone)
    select 'Bench Church ' || g, '1 Bench St', 'Sydney', 'NSW', '0299990000', 'Pat Pastor', '0411111111', (${sql.raw(`array['${TIME_ZONES.join("','")}']`)})[1 + g % ${N(TIME_ZONES.length)}]
    from generate_series(1, ${N(CHURCHES)}) g`);
  await exec(sql`create temp table bench_churches as select id, row_number() over (order by name) - 1 as n from churches`);
  await exec(sql`insert into users (email, password_hash, role, church_id, first_name, last_name, referral_code, primary_language, created_at)
    select 'member' || g || '@bench.test', 'x', 'member', c.id, 'Member', 'Number ' || g, 'BM' || g,
      (array['english','portuguese','spanish','indonesian','mandarin'])[1 + g % 5]::primary_language,
      now() - (random() * interval '730 days')
    from generate_series(1, ${N(members)}) g join bench_churches c on c.n = g % ${N(CHURCHES)}`);
  await exec(sql`insert into users (email, password_hash, role, church_id, first_name, last_name, referral_code)
    select r || c.n || '@bench.test', 'x', r::role, c.id, 'Bench', r, 'B' || r || c.n
    from bench_churches c cross join unnest(array['staff', 'church_admin']) r`);
  await exec(sql`insert into users (email, password_hash, role, first_name, referral_code) values ('platform@bench.test', 'x', 'platform_admin', 'Bench', 'BPLATFORM')`);
  // Start times spread evenly over two years (a prime stride), an hour long each.
  await exec(sql`insert into sermons (broadcast_id, church_id, host_id, source_language, status, started_at, ended_at, duration_seconds, charged_seconds)
    select 'bench' || g, c.id, (select id from users u where u.church_id = c.id and u.role = 'staff' limit 1), 'en', 'ended', t, t + interval '1 hour', 3600, 3600
    from (select g, now() - interval '2 hours' - ((g::bigint * 7919) % 1051200) * interval '1 minute' as t from generate_series(1, ${N(sermonCount)}) g) x
    join bench_churches c on c.n = g % ${N(CHURCHES)}`);
  await exec(sql`insert into sermons (broadcast_id, church_id, source_language, status, started_at)
    select 'benchlive' || c.n, c.id, 'en', 'live', now() - interval '20 minutes' from bench_churches c`);
  await exec(sql`create temp table bench_sermons as select id, started_at, row_number() over (order by id) - 1 as n from sermons`);
  await exec(sql`create temp table bench_members as select id, row_number() over (order by id) - 1 as n from users where role = 'member'`);
  // A third of listeners are guests (no account): they appear as anonymous listeners.
  for (let start = 0; start < listenerRows; start += 250_000) {
    const end = Math.min(listenerRows, start + 250_000);
    await exec(sql`insert into listener_sessions (sermon_id, user_id, language, started_at, ended_at, duration_seconds, status)
      select s.id, case when g % 3 = 0 then null else m.id end, (${sql.raw(`array['${LANGUAGES.join("','")}']`)})[1 + g % ${N(LANGUAGES.length)}],
        s.started_at + (g % 600) * interval '1 second', s.started_at + interval '1 hour', 3600 - g % 600, 'inactive'
      from generate_series(${N(start)}, ${N(end - 1)}) g
      join bench_sermons s on s.n = g % ${N(sermonTotal)}
      join bench_members m on m.n = (g * 7) % ${N(members)}`);
  }
  await exec(sql`update listener_sessions set status = 'active', ended_at = null, duration_seconds = null where sermon_id in (select id from sermons where status = 'live')`);
  await exec(sql`insert into salvations (church_id, sermon_id, user_id, language, consented_at, created_at)
    select s.church_id, s.id, case when g % 2 = 0 then m.id end, (array['en','pt','es','id'])[1 + g % 4], s.started_at + interval '30 minutes', s.started_at + interval '30 minutes'
    from generate_series(0, ${N(salvationCount - 1)}) g
    join bench_sermons b on b.n = g % ${N(sermonTotal)} join sermons s on s.id = b.id
    join bench_members m on m.n = (g * 13) % ${N(members)}`);
  await exec(sql`insert into follow_ups (salvation_id, church_id, assigned_to_id, status, created_at)
    select v.id, v.church_id, (select id from users u where u.church_id = v.church_id and u.role = 'staff' limit 1),
      (array['new','contacted','connected','closed'])[1 + (extract(epoch from v.created_at)::bigint % 4)]::follow_up_status, v.created_at
    from salvations v`);
  // What autovacuum does soon after a bulk load: statistics and the visibility map.
  await exec(sql`vacuum analyze`);
}
