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
import { analyticsSizes, CHURCHES, writeAnalyticsData } from './analytics-seed';

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

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runAnalyticsBench(options: AnalyticsBenchOptions = {}) {
  const members = options.members ?? 100_000;
  const { listenerRows, salvationCount, sermonTotal } = analyticsSizes(members);
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
  if (!reuse) await writeAnalyticsData(db, members);
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
