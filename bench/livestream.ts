/**
 * Livestream captions benchmark (decision 037): N churches live at once, each with a YouTube
 * caption feed pointing at a loopback ingestion server (apps/server/test/mock-youtube.ts, in its
 * own process, strict about YouTube's format). Each sermon settles text as a speaker would: a
 * partial translation's committed words every 400 ms and a final every 3 s. Reports the time from
 * a caption settled to its post reaching the server (p50/p95/max), the closest two posts of one
 * stream came, and the sender's CPU (this process: sender, progress writes to the embedded
 * PostgreSQL, HTTP client) as a share of one core.
 *
 *   npm run bench:livestream [-- --churches 50 --seconds 30]
 *
 * The last line printed is one JSON object.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { churches, livestreamFeeds, sermons } from '../apps/server/src/db/schema';
import { liveFor } from '../apps/server/src/live/live-service';
import { LivestreamService, livestreamOf } from '../apps/server/src/modules/livestream/livestream-service';
import { ask, percentile } from './ipc';

const { values } = parseArgs({ options: { churches: { type: 'string', default: '50' }, seconds: { type: 'string', default: '30' } } });
const count = Number(values.churches);
const seconds = Number(values.seconds);
const log = (s: string) => process.stderr.write(`${s}\n`);

/** When each caption text was settled, to find it in what the server received. */
const settledAt = new Map<string, number>();
const ingest = fork(new URL('./livestream-ingest.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
const { url } = await ask<{ url: string }>(ingest, {}, 'ready');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-livestream-'));
const config = loadConfig({ LISTEN_PER_ADDRESS: '1000000', ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' });
const { app, ctx } = await buildApp(config, { logger: false });
await app.ready();
const live = liveFor(ctx);
livestreamOf(ctx)!.halt();
/** When each post left, per stream; and each caption's wait from settled to leaving. */
const departures = new Map<string, number[]>();
const waits: number[] = [];
const service = new LivestreamService(ctx, live, {
  posted: (feed, captions, sentAt) => {
    const stream = new URL(feed.url).searchParams.get('cid')!;
    departures.set(stream, [...(departures.get(stream) ?? []), sentAt]);
    for (const c of captions) {
      const at = settledAt.get(`${stream} ${c.text.replace(/^\[PT demo\] /, '').split(' ')[0]}`);
      if (at !== undefined) waits.push(sentAt - at);
    }
  },
});
service.start();
// Start-up work (migrations, the first runs of the schedules) is over before anything is measured;
// then the app idle for as long as the run, for the share the sender adds.
await new Promise((r) => setTimeout(r, 3000));
const idleBefore = process.cpuUsage();
const idleWall = performance.now();
await new Promise((r) => setTimeout(r, 5000));
const idle = process.cpuUsage(idleBefore);
const idlePercent = ((idle.user + idle.system) / 1000 / (performance.now() - idleWall)) * 100;

log(`livestream benchmark: ${count} churches posting for ${seconds} s to ${url}`);
const streams: Array<{ churchId: string; sermonId: string; stream: string }> = [];
for (let i = 0; i < count; i++) {
  const [church] = await ctx.db.insert(churches).values({
    name: `Bench Church ${i}`, address: '1 Bench Street', suburb: 'Sydney', state: 'New South Wales', country: 'Australia',
    contactNumber: '0299990000', pastorName: 'Pat Pastor', pastorPhone: '0411111111',
  }).returning();
  const [sermon] = await ctx.db.insert(sermons).values({ churchId: church!.id, broadcastId: `bench${i}`, sourceLanguage: 'en' }).returning();
  const stream = `church${i}`;
  await ctx.db.insert(livestreamFeeds).values({ churchId: church!.id, kind: 'youtube', language: 'pt', urlEnc: ctx.secrets.encrypt(`${url}/closedcaption?cid=${stream}`) });
  streams.push({ churchId: church!.id, sermonId: sermon!.id, stream });
}

const words = 'grace and peace to you from God our Father and the Lord Jesus Christ'.split(' ');
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
const timers = streams.map((s, i) => {
  let seq = 1;
  let n = 0;
  const spokenAt = { at: Date.now() };
  // Spread the churches over the period so their ticks do not all line up.
  return setTimeout(() => {
    const t = setInterval(() => {
      n++;
      const final = n % 8 === 0;
      const line = words.slice(0, final ? words.length : n % 8 + 2).map((w, k) => `${w}${k}c${i}s${seq}`).join(' ');
      const now = Date.now();
      for (const w of line.split(' ')) if (!settledAt.has(`${s.stream} ${w}`)) settledAt.set(`${s.stream} ${w}`, now);
      live.captions.settled.announce({ sermonId: s.sermonId, churchId: s.churchId, seq, language: 'pt', text: line, final, spokenAt: spokenAt.at });
      if (final) {
        seq++;
        spokenAt.at = Date.now();
      }
    }, 400);
    timers.push(t as unknown as NodeJS.Timeout);
  }, (i * 400) / count);
}) as NodeJS.Timeout[];

await new Promise((r) => setTimeout(r, seconds * 1000));
for (const t of timers) clearInterval(t);
const cpu = process.cpuUsage(cpuBefore);
const wallMs = performance.now() - wallBefore;
await new Promise((r) => setTimeout(r, 2500));

type Stats = { captions: Array<{ text: string; stream: string; receivedAt: number }>; posts: Array<{ stream: string; at: number; status: number; empty: boolean }>; violations: string[] };
const stats = await ask<Stats>(ingest, { type: 'stats' }, 'stats');
const delays: number[] = [];
for (const c of stats.captions) {
  const first = c.text.replace(/^\[PT demo\] /, '').split(' ')[0]!;
  const at = settledAt.get(`${c.stream} ${first}`);
  if (at !== undefined) delays.push(c.receivedAt - at);
}
delays.sort((a, b) => a - b);
const byStream = new Map<string, number[]>();
for (const p of stats.posts) byStream.set(p.stream, [...(byStream.get(p.stream) ?? []), p.at]);
let minGapMs = Infinity;
let maxPostsPerSecond = 0;
waits.sort((a, b) => a - b);
for (const ats of departures.values()) {
  ats.sort((a, b) => a - b);
  for (let i = 1; i < ats.length; i++) minGapMs = Math.min(minGapMs, ats[i]! - ats[i - 1]!);
  for (let i = 0; i < ats.length; i++) maxPostsPerSecond = Math.max(maxPostsPerSecond, ats.filter((a) => a >= ats[i]! && a < ats[i]! + 1000).length);
}
const cpuPercentOfOneCore = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
let arrivalGapMs = Infinity;
for (const ats of byStream.values()) for (let i = 1; i < ats.length; i++) arrivalGapMs = Math.min(arrivalGapMs, ats[i]! - ats[i - 1]!);
const result = {
  churches: count,
  seconds,
  captionsPosted: stats.captions.length,
  posts: stats.posts.length,
  failedPosts: stats.posts.filter((p) => p.status !== 200).length,
  violations: stats.violations.length,
  settledToPostMs: { p50: percentile(waits, 50), p95: percentile(waits, 95), max: waits.at(-1) ?? null },
  settledToReceivedMs: { p50: percentile(delays, 50), p95: percentile(delays, 95), max: delays.at(-1) ?? null },
  minGapBetweenPostsOfOneStreamMs: minGapMs,
  minGapBetweenArrivalsMs: arrivalGapMs,
  maxPostsPerSecondPerStream: maxPostsPerSecond,
  cpuPercentOfOneCore: Math.round(cpuPercentOfOneCore * 10) / 10,
  idleAppCpuPercent: Math.round(idlePercent * 10) / 10,
  senderCpuPercentOfOneCore: Math.round((cpuPercentOfOneCore - idlePercent) * 10) / 10,
};
log(`captions ${result.captionsPosted} in ${result.posts} posts (${result.failedPosts} failed, ${result.violations} format violations${stats.violations[0] ? `: ${stats.violations[0]}` : ''})`);
log(`settled → post left: p50 ${result.settledToPostMs.p50} ms, p95 ${result.settledToPostMs.p95} ms, max ${result.settledToPostMs.max} ms`);
log(`settled → received: p50 ${result.settledToReceivedMs.p50} ms, p95 ${result.settledToReceivedMs.p95} ms, max ${result.settledToReceivedMs.max} ms`);
log(`closest two posts of one stream: ${minGapMs} ms when they left (${arrivalGapMs} ms on arrival); at most ${maxPostsPerSecond} a second`);
log(`CPU: ${result.cpuPercentOfOneCore}% of one core posting, ${result.idleAppCpuPercent}% idle: the sender ${result.senderCpuPercentOfOneCore}%`);
await service.close();
await app.close();
ingest.send({ type: 'close' });
await rm(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result));
