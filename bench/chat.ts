/**
 * Church messages at scale (decision record 021):
 *
 *   npm run bench:chat [-- --members 2000] [--messages 20] [--interval 1000] [--stored 1000000] [--processes 2]
 *
 * Needs DATABASE_URL (a PostgreSQL server: a fresh database is made and dropped) and REDIS_URL.
 * N server processes (default 2) share them; a group of `members` people of one church is
 * connected, person i to server i mod N, over `/chat` with their own session, in worker processes.
 * Staff post `messages` messages to the group at a steady rate (HTTP, on the first server); each
 * is timed from the POST to its arrival at every member. The baseline is a bare Socket.IO room
 * broadcast to the same connections through the same Redis adapter, interleaved in the same run.
 * Then `stored` messages are written to PostgreSQL and the history page and the conversation list
 * are timed (p95 of 200 requests each). The last line printed is one JSON object.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { ask, percentile, round1 } from './ipc';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '20' },
    interval: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '3' },
    stored: { type: 'string', default: '1000000' },
    processes: { type: 'string', default: '2' },
    workers: { type: 'string' },
  },
});
const members = Number(values.members);
const measured = Number(values.messages);
const warmup = Number(values.warmup);
const total = warmup + measured;
const intervalMs = Number(values.interval);
const stored = Number(values.stored);
const processes = Number(values.processes);
const workerCount = Number(values.workers ?? Math.max(1, Math.min(4, Math.ceil(members / 1000))));
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  process.stderr.write('bench:chat needs DATABASE_URL (a PostgreSQL server) and REDIS_URL\n');
  process.exit(2);
}
for (const [name, v, min, max] of [['members', members, 1, 20_000], ['messages', measured, 1, 1000], ['processes', processes, 1, 8], ['stored', stored, 0, 10_000_000]] as const) {
  if (!Number.isInteger(v) || v < min || v > max) {
    process.stderr.write(`--${name} must be a whole number from ${min} to ${max}\n`);
    process.exit(2);
  }
}

const now = () => performance.timeOrigin + performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children: ChildProcess[] = [];
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-chat-'));
const admin = process.env.DATABASE_URL;
const dbName = `bench_chat_${randomBytes(6).toString('hex')}`;
const dbUrl = new URL(admin);
dbUrl.pathname = `/${dbName}`;
const query = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(text);
  await c.end();
};

type Ready = { port: number; conversationId?: string; posterCookies?: string[]; memberCookies?: string[] };

try {
  await query(admin, `create database ${dbName}`);
  log(`chat: ${members} members of one group over ${processes} server process(es), ${measured} messages (+${warmup} warm-up) every ${intervalMs} ms, then ${stored} stored`);
  const servers: ChildProcess[] = [];
  const urls: string[] = [];
  let seed!: Required<Ready>;
  for (let i = 0; i < processes; i++) {
    const server = fork(path.join(here, 'chat-server.ts'), {
      execArgv: ['--import', 'tsx', '--max-old-space-size=2048'],
      env: { ...process.env, DATABASE_URL: dbUrl.toString(), DATA_DIR: path.join(dataDir, String(i)), SECRETS_KEY: '1'.repeat(64), PORT: '0', BENCH_SEED: i === 0 ? '1' : '0', BENCH_MEMBERS: String(members) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(server);
    const r = await ask<Ready>(server, {}, 'ready');
    if (i === 0) seed = r as Required<Ready>;
    servers.push(server);
    urls.push(`http://127.0.0.1:${r.port}`);
  }

  const started = now();
  const workers: ChildProcess[] = [];
  const per = Math.ceil(members / workerCount);
  const readies: Array<Promise<{ connected: number }>> = [];
  for (let w = 0; w < workerCount; w++) {
    const cookies = seed.memberCookies.slice(w * per, (w + 1) * per);
    if (cookies.length === 0) break;
    const worker = fork(path.join(here, 'chat-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(worker);
    workers.push(worker);
    await ask(worker, {}, 'spawned');
    readies.push(ask(worker, { type: 'start', urls, cookies, offset: w * per, messages: total }, 'ready'));
  }
  const connected = (await Promise.all(readies)).reduce((n, r) => n + r.connected, 0);
  log(`connected ${connected}/${members} in ${Math.round(now() - started)} ms`);

  const bareSender = io(`${urls[0]}/bench-chat`, { transports: ['websocket'], reconnection: false });
  await new Promise((r) => bareSender.once('connect', () => r(undefined)));
  const counts = () => Promise.all(workers.map((w) => ask<{ live: number; bare: number }>(w, { type: 'counts' }, 'counts')));
  const bareSent = new Float64Array(total + 1);
  const liveSent = new Float64Array(total + 1);
  let failedPosts = 0;
  // Interleaved half an interval apart, so both see the same (shared) machine.
  for (let seq = 1; seq <= total; seq++) {
    const text = `Bench ${seq}: grace and peace to you all, see you on Sunday.`;
    bareSent[seq] = now();
    bareSender.emit('echo', { seq, text });
    await sleep(intervalMs / 2);
    liveSent[seq] = now();
    // Five posters in turn: each stays under the 20-a-minute limit of one person.
    const res = await fetch(`${urls[0]}/api/v1/conversations/${seed.conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: seed.posterCookies[seq % seed.posterCookies.length]!, origin: urls[0]! },
      body: JSON.stringify({ text, language: 'en', clientId: `bench-${seq}-${randomBytes(4).toString('hex')}` }),
    });
    if (res.status !== 201) {
      failedPosts++;
      log(`post ${seq} answered ${res.status}: ${await res.text()}`);
    }
    await sleep(intervalMs / 2);
  }
  const deadline = now() + 15_000;
  while (now() < deadline) {
    const c = (await counts()).reduce((a, x) => ({ live: a.live + x.live, bare: a.bare + x.bare }), { live: 0, bare: 0 });
    if (c.live >= connected * total && c.bare >= connected * total) break;
    await sleep(200);
  }
  const reports = await Promise.all(workers.map((w) => ask<{ live: number[][]; bare: number[][] }>(w, { type: 'report' }, 'report')));
  const latencies = (which: 'live' | 'bare', sent: Float64Array) => {
    const out: number[] = [];
    for (const r of reports) for (const person of r[which]) for (let seq = warmup + 1; seq <= total; seq++) if (person[seq]! > 0) out.push(person[seq]! - sent[seq]!);
    return out.sort((a, b) => a - b);
  };
  const live = latencies('live', liveSent);
  const bare = latencies('bare', bareSent);
  const expected = members * measured;
  for (const w of workers) w.send({ type: 'stop' });
  bareSender.disconnect();

  // History and conversation list with the stored messages, on PostgreSQL.
  let historyP95 = Number.NaN;
  let listP95 = Number.NaN;
  if (stored > 0) {
    const fillStarted = now();
    await ask(servers[0]!, { type: 'fill', total: stored }, 'filled', 600_000);
    log(`stored ${stored} messages in ${Math.round((now() - fillStarted) / 1000)} s`);
    const member0 = seed.memberCookies[0]!;
    const time = async (url: string) => {
      const t0 = now();
      const res = await fetch(url, { headers: { cookie: member0 } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return now() - t0;
    };
    const history: number[] = [];
    const list: number[] = [];
    const top = Math.floor(stored * 0.9);
    for (let i = 0; i < 220; i++) {
      const before = 1 + Math.floor(Math.random() * top);
      const h = await time(`${urls[i % urls.length]}/api/v1/conversations/${seed.conversationId}/messages?limit=50&before=${before}`);
      const l = await time(`${urls[i % urls.length]}/api/v1/conversations?pageSize=20`);
      // The first 20 of each warm the connection pools and caches.
      if (i >= 20) {
        history.push(h);
        list.push(l);
      }
    }
    historyP95 = percentile(history.sort((a, b) => a - b), 95);
    listP95 = percentile(list.sort((a, b) => a - b), 95);
  }
  await Promise.all(servers.map((s) => ask(s, { type: 'stop' }, 'stopped', 30_000).catch(() => undefined)));

  const result = {
    processes,
    members,
    messages: measured,
    p50Ms: round1(percentile(live, 50)),
    p95Ms: round1(percentile(live, 95)),
    p99Ms: round1(percentile(live, 99)),
    lost: expected - live.length,
    failedPosts,
    baselineP50Ms: round1(percentile(bare, 50)),
    baselineP99Ms: round1(percentile(bare, 99)),
    baselineLost: expected - bare.length,
    stored,
    historyPageP95Ms: round1(historyP95),
    conversationListP95Ms: round1(listP95),
  };
  log(`baseline (bare broadcast): p50 ${result.baselineP50Ms} ms, p99 ${result.baselineP99Ms} ms, lost ${result.baselineLost}`);
  log(`chat (POST → delivery): p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, lost ${result.lost}`);
  log(`with ${stored} stored: history page p95 ${result.historyPageP95Ms} ms, conversation list p95 ${result.conversationListP95Ms} ms`);
  log(`targets: p99 ≤ 1.5 × baseline = ${round1(1.5 * result.baselineP99Ms)} ms, 0 lost, pages ≤ 30 ms`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill();
  await rm(dataDir, { recursive: true, force: true });
  await query(admin, `drop database if exists ${dbName} with (force)`).catch((err: Error) => log(`could not drop the benchmark database: ${err.message}`));
}
