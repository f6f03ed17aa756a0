/**
 * Analytics at scale (the targets of decision 015): writes members, sermons, listener sessions and
 * salvations over 20 churches, then measures the dashboard summary (one church and all churches,
 * every date range) and every analytics list through the real HTTP stack (`app.inject`: routing,
 * session, permission, validation, serialisation). Prints one line per figure and one JSON line last.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/api-analytics.ts [--members 100000]
 *   node --import tsx bench/api-analytics.ts --embedded --members 10000
 *   … --reuse   measures what an earlier run of the same size wrote
 *
 * At merge time `npm run bench:api -- --analytics` dispatches to `runAnalyticsBench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { rollUpEndedSermons } from '../apps/server/src/modules/analytics/rollup';
import { createSession, SESSION_COOKIE } from '../apps/server/src/lib/session';

export interface AnalyticsBenchOptions {
  /** Members to write; sermons, listener rows and salvations scale with it (100,000 → 5,000, 1,000,000, 10,000). */
  members?: number;
  /** Embedded PGlite in a temporary folder instead of DATABASE_URL. */
  embedded?: boolean;
  databaseUrl?: string;
  /** Measure the data an earlier run wrote (same --members) instead of writing it again. */
  reuse?: boolean;
  /** Timed requests per figure (after warm-up). */
  iterations?: number;
}

const CHURCHES = 20;
const TIME_ZONES = ['Australia/Sydney', 'Australia/Perth', 'Australia/Adelaide', 'Australia/Brisbane', 'Australia/Darwin'];
const LANGUAGES = ['en', 'pt', 'es', 'id', 'zh-Hans', 'ar', 'hi'];

/** A number written into the seeding SQL as a literal (generate_series needs typed bounds). */
const N = (n: number) => sql.raw(String(Math.trunc(n)));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runAnalyticsBench(options: AnalyticsBenchOptions = {}) {
  const members = options.members ?? 100_000;
  const sermonCount = Math.max(CHURCHES, Math.round(members / 20));
  const listenerRows = members * 10;
  const salvationCount = Math.max(CHURCHES, Math.round(members / 10));
  // Ended sermons plus one live sermon per church.
  const sermonTotal = sermonCount + CHURCHES;
  const iterations = options.iterations ?? 40;
  const databaseUrl = options.embedded ? undefined : options.databaseUrl ?? process.env.DATABASE_URL;
  if (!options.embedded && !databaseUrl) throw new Error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/bench_analytics) or pass --embedded');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-analytics-'));
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const { app, ctx, database } = await buildApp(config, { logger: false });
  const db = ctx.db;
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const log = (line: string) => process.stderr.write(`${line}\n`);

  // --- write -----------------------------------------------------------------------------------
  const t0 = performance.now();
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from listener_sessions`);
  const reuse = options.reuse && Number(existing.rows[0]?.n) >= listenerRows;
  if (!reuse) await writeData();
  async function writeData() {
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
  if (reuse) await exec(sql`create temp table bench_churches as select id, row_number() over (order by name) - 1 as n from churches where name like 'Bench Church %'`);
  const writeMs = performance.now() - t0;
  log(`${reuse ? 'reused' : 'wrote'} ${members} members, ${sermonTotal} sermons, ${listenerRows} listener rows, ${salvationCount} salvations in ${(writeMs / 1000).toFixed(1)} s`);

  // The rollup of every ended sermon (normally done a sermon at a time as each ends).
  const r0 = performance.now();
  const rolled = await rollUpEndedSermons(db);
  const rollupMs = performance.now() - r0;
  await exec(sql`analyze sermon_language_stats`);
  log(`rolled up ${rolled} ended sermons in ${rollupMs.toFixed(0)} ms`);

  // --- measure ---------------------------------------------------------------------------------
  const cookieOf = async (email: string) => {
    const rows = await db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
    return `${SESSION_COOKIE}=${await createSession(db, rows.rows[0]!.id)}`;
  };
  const churchRows = await db.execute<{ id: string; n: number }>(sql`select id, n from bench_churches order by n limit 1`);
  const oneChurch = churchRows.rows[0]!.id;
  const adminCookie = await cookieOf(`church_admin${churchRows.rows[0]!.n}@bench.test`);
  const staffCookie = await cookieOf(`staff${churchRows.rows[0]!.n}@bench.test`);
  const platformCookie = await cookieOf('platform@bench.test');
  const sermonRow = await db.execute<{ id: string }>(sql`select id from sermons where church_id = ${oneChurch} and status = 'ended' order by started_at desc limit 1`);
  const sermonId = sermonRow.rows[0]!.id;

  const timings: Record<string, { p50: number; p95: number }> = {};
  async function measure(name: string, url: string, cookie: string) {
    const once = async () => {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return performance.now() - s;
    };
    for (let i = 0; i < 3; i++) await once();
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) samples.push(await once());
    samples.sort((a, b) => a - b);
    timings[name] = { p50: +percentile(samples, 50).toFixed(1), p95: +percentile(samples, 95).toFixed(1) };
    log(`${name.padEnd(44)} p50 ${timings[name].p50.toFixed(1).padStart(7)} ms   p95 ${timings[name].p95.toFixed(1).padStart(7)} ms`);
  }

  for (const range of ['24h', 'week', 'month', 'year'] as const) {
    await measure(`summary.church.${range}`, `/api/v1/analytics/summary?churchId=${oneChurch}&range=${range}`, adminCookie);
    await measure(`summary.all.${range}`, `/api/v1/analytics/summary?range=${range}`, platformCookie);
  }
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const lists: Array<[string, string]> = [
    ['salvations', '/analytics/salvations'],
    ['salvations.range.byName', `/analytics/salvations?from=${yearAgo}&sort=name`],
    ['newUsers', '/analytics/new-users'],
    ['newUsers.range', `/analytics/new-users?from=${yearAgo}`],
    ['sermons.live', '/analytics/sermons?status=live'],
    ['sermons.ended', '/analytics/sermons?status=ended'],
    ['sermons.ended.range', `/analytics/sermons?status=ended&from=${yearAgo}`],
    ['followUps', '/follow-ups'],
  ];
  for (const [name, url] of lists) {
    await measure(`list.${name}.church`, `/api/v1${url}`, adminCookie);
    await measure(`list.${name}.all`, `/api/v1${url}`, platformCookie);
  }
  await measure('list.listeners.church', `/api/v1/analytics/listeners?sermonId=${sermonId}`, staffCookie);
  await measure('detail.sermon', `/api/v1/analytics/sermons/${sermonId}`, adminCookie);

  const summaries = Object.entries(timings).filter(([k]) => k.startsWith('summary.'));
  const listTimings = Object.entries(timings).filter(([k]) => !k.startsWith('summary.'));
  const result = {
    bench: 'api-analytics',
    database: database.kind,
    members, sermons: sermonTotal, listenerRows, salvations: salvationCount, churches: CHURCHES, iterations,
    reused: !!reuse,
    writeSeconds: +(writeMs / 1000).toFixed(1),
    rollupMs: +rollupMs.toFixed(0),
    summaryP95Max: Math.max(...summaries.map(([, v]) => v.p95)),
    listP95Max: Math.max(...listTimings.map(([, v]) => v.p95)),
    targets: { summaryP95: 100, listP95: 50 },
    timings,
  };
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return result;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Runs from the command line: `bench:api:analytics` directly, or `bench:api -- --analytics` through bench/api.ts. */
export async function runAnalyticsBenchFromArgs(): Promise<void> {
  const result = await runAnalyticsBench({
    members: argValue('--members') ? Number(argValue('--members')) : undefined,
    iterations: argValue('--iterations') ? Number(argValue('--iterations')) : undefined,
    embedded: process.argv.includes('--embedded'),
    reuse: process.argv.includes('--reuse'),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runAnalyticsBenchFromArgs();
