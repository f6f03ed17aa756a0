/**
 * Live fan-out benchmark (issue 5, item 8):
 *
 *   npm run bench:live -- --listeners 5000 --languages 6 --segments 20 [--interval 1000] [--workers 4] [--verbose]
 *
 * Starts the real server in a child process on embedded PGlite (a temporary DATA_DIR) with the mock
 * Azure translator at a fixed 50 ms latency, connects N real socket.io-client listeners spread over
 * L languages (in worker processes, WebSocket only), sends S final segments as the speaker, and
 * measures speaker send → listener receipt. The baseline is a bare Socket.IO room broadcast of the
 * same messages to the same clients in the same run. The last line printed is one JSON object.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { startMockAzure } from '../apps/server/test/mock-azure';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    listeners: { type: 'string', default: '500' },
    languages: { type: 'string', default: '6' },
    segments: { type: 'string', default: '20' },
    interval: { type: 'string', default: '1000' },
    workers: { type: 'string' },
    warmup: { type: 'string', default: '3' },
    verbose: { type: 'boolean', default: false },
    'translator-latency': { type: 'string', default: '50' },
  },
});
const listeners = Number(values.listeners);
const languages = Number(values.languages);
const segments = Number(values.segments);
const intervalMs = Number(values.interval);
const translatorLatencyMs = Number(values['translator-latency']);
// The first messages pay for connection set-up and JIT in every process; they are sent, not measured.
const warmup = Number(values.warmup);
if (!Number.isInteger(warmup) || warmup < 0) {
  process.stderr.write('--warmup must be a whole number of messages, 0 or more\n');
  process.exit(2);
}
const total = warmup + segments;
const workerCount = Number(values.workers ?? Math.max(1, Math.min(4, Math.ceil(listeners / 500))));
for (const [name, v, max] of [['listeners', listeners, 50_000], ['languages', languages, 7], ['segments', segments, 10_000]] as const) {
  if (!Number.isInteger(v) || v < 1 || v > max) {
    process.stderr.write(`--${name} must be a whole number from 1 to ${max}\n`);
    process.exit(2);
  }
}

const now = () => performance.timeOrigin + performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a message to a child and waits for its answer of `type`. */
function ask<T>(child: ChildProcess, message: object, type: string, timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from child within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (msg: { type: string }) => {
      if (msg.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(msg as T);
    };
    child.on('message', onMessage);
    if (Object.keys(message).length > 0) child.send(message);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (n: number) => Math.round(n * 10) / 10;

const mock = await startMockAzure({ latencyMs: translatorLatencyMs });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
const children: ChildProcess[] = [];
const tsx = ['--import', 'tsx'];

try {
  log(`live fan-out: ${listeners} listeners, ${languages} languages, ${segments} segments (+${warmup} warm-up), ${workerCount} client processes`);
  const server = fork(path.join(here, 'live-server.ts'), {
    execArgv: [...tsx, '--expose-gc', '--max-old-space-size=2048'],
    env: { ...process.env, DATA_DIR: dataDir, AZURE_TRANSLATOR_ENDPOINT: mock.url, BENCH_LANGUAGES: String(languages), PORT: '0' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(server);
  const ready = await ask<{ port: number; cookie: string; churchId: string; languages: string[] }>(server, {}, 'ready');
  const url = `http://127.0.0.1:${ready.port}`;

  const res = await fetch(`${url}/api/v1/sermons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ready.cookie },
    body: JSON.stringify({ churchId: ready.churchId, sourceLanguage: 'en' }),
  });
  if (res.status !== 201) throw new Error(`going live failed: ${res.status} ${await res.text()}`);
  const sermon = (await res.json()) as { id: string; broadcastId: string };

  const speaker = io(`${url}/live`, { transports: ['websocket'], extraHeaders: { cookie: ready.cookie }, reconnection: false });
  const joined = await speaker.timeout(10_000).emitWithAck('speaker:join', { sermonId: sermon.id });
  if (!joined.ok) throw new Error(`speaker:join refused: ${JSON.stringify(joined.error)}`);
  const bareSpeaker = io(`${url}/bench`, { transports: ['websocket'], reconnection: false });
  await new Promise((r) => bareSpeaker.once('connect', () => r(undefined)));

  const rssBefore = (await ask<{ rss: number }>(server, { type: 'rss' }, 'rss')).rss;

  // Listeners, spread over the languages, in worker processes.
  const started = now();
  const workers: ChildProcess[] = [];
  const per = Math.ceil(listeners / workerCount);
  const readies: Array<Promise<{ connected: number; failed: number }>> = [];
  for (let w = 0; w < workerCount; w++) {
    const count = Math.min(per, listeners - w * per);
    if (count <= 0) break;
    const worker = fork(path.join(here, 'live-listeners.ts'), { execArgv: tsx, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(worker);
    workers.push(worker);
    await ask(worker, {}, 'spawned');
    readies.push(ask(worker, { type: 'start', url, broadcastId: sermon.broadcastId, languages: ready.languages, count, offset: w * per, segments: total }, 'ready'));
  }
  const connected = (await Promise.all(readies)).reduce((n, r) => n + r.connected, 0);
  log(`connected ${connected}/${listeners} listeners in ${Math.round(now() - started)} ms`);
  await sleep(1500); // batched listener-session writes and count pushes settle
  const rssAfter = (await ask<{ rss: number }>(server, { type: 'rss' }, 'rss')).rss;

  // The bare baseline namespace on the same connections (after the memory reading: not the product's cost).
  await Promise.all(workers.map((w) => ask(w, { type: 'bench-connect' }, 'bench-ready')));

  const text = (seq: number) => `Segment ${seq}: grace and peace to you from God our Father and the Lord Jesus Christ.`;
  const expected = listeners * segments;
  async function drain(which: 'live' | 'bare', upTo: number, deadline: number) {
    for (;;) {
      const counts = await Promise.all(workers.map((w) => ask<{ live: number; bare: number }>(w, { type: 'counts' }, 'counts')));
      const got = counts.reduce((n, c) => n + c[which], 0);
      if (got >= listeners * upTo || now() > deadline) return got;
      await sleep(200);
    }
  }
  // Interleaved, half an interval apart, so both see the same machine (others may be busy on it):
  // the bare broadcast of message n, then the speaker's segment n.
  const bareSent = new Float64Array(total + 1);
  const liveSent = new Float64Array(total + 1);
  async function send(from: number, to: number) {
    for (let seq = from; seq <= to; seq++) {
      bareSent[seq] = now();
      bareSpeaker.emit('echo', { seq, text: text(seq), sermonId: sermon.id });
      await sleep(intervalMs / 2);
      liveSent[seq] = now();
      speaker.emit('speaker:segment', { sermonId: sermon.id, seq, text: text(seq), final: true });
      await sleep(intervalMs / 2);
    }
    await drain('bare', to, now() + 15_000);
    await drain('live', to, now() + 15_000);
  }
  await send(1, warmup);
  mock.stats.reset();
  await send(warmup + 1, total);
  const translationRequests = mock.stats.counts.translate;

  const reports = await Promise.all(workers.map((w) => ask<{ live: number[]; bare: number[] }>(w, { type: 'report' }, 'report')));
  const latencies = (which: 'live' | 'bare', sent: Float64Array) => {
    const out: number[] = [];
    for (const r of reports) {
      const times = r[which];
      for (let i = 0; i < times.length; i++) {
        const seq = (i % total) + 1;
        if (seq > warmup && times[i]! > 0) out.push(times[i]! - sent[seq]!);
      }
    }
    return out.sort((a, b) => a - b);
  };
  const live = latencies('live', liveSent);
  const bare = latencies('bare', bareSent);
  if (values.verbose) {
    for (let seq = warmup + 1; seq <= total; seq++) {
      const of = (which: 'live' | 'bare', sent: Float64Array) => {
        const xs: number[] = [];
        for (const r of reports) for (let i = seq - 1; i < r[which].length; i += total) if (r[which][i]! > 0) xs.push(r[which][i]! - sent[seq]!);
        xs.sort((a, b) => a - b);
        return `p50 ${round(percentile(xs, 50))} max ${round(xs.at(-1) ?? Number.NaN)}`;
      };
      log(`  seq ${seq}: bare ${of('bare', bareSent)} | live ${of('live', liveSent)}`);
    }
  }

  for (const w of workers) w.send({ type: 'stop' });
  speaker.disconnect();
  bareSpeaker.disconnect();
  await ask(server, { type: 'stop' }, 'stopped', 30_000).catch(() => undefined);

  const result = {
    listeners,
    languages,
    segments,
    p50Ms: round(percentile(live, 50)),
    p95Ms: round(percentile(live, 95)),
    p99Ms: round(percentile(live, 99)),
    lost: expected - live.length,
    translationRequests,
    baselineP99Ms: round(percentile(bare, 99)),
    rssPerListenerKb: round((rssAfter - rssBefore) / listeners / 1024),
  };
  log(`baseline (bare broadcast): p50 ${round(percentile(bare, 50))} ms, p95 ${round(percentile(bare, 95))} ms, p99 ${result.baselineP99Ms} ms, lost ${expected - bare.length}`);
  log(`live pipeline: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, lost ${result.lost}, translation requests ${translationRequests} for ${segments} segments`);
  log(`server RSS ${Math.round(rssBefore / 1048576)} MB → ${Math.round(rssAfter / 1048576)} MB: ${result.rssPerListenerKb} KB per listener`);
  log(`targets: 0 lost, ≤ 1 request per segment, p99 ≤ 2 × baseline + ${translatorLatencyMs} ms = ${round(2 * result.baselineP99Ms + translatorLatencyMs)} ms, < 60 KB per listener`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill();
  await mock.close();
  await rm(dataDir, { recursive: true, force: true });
}
