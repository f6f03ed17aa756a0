/**
 * Live fan-out benchmark (decision 003: translated once per language, broadcast per language room):
 *
 *   npm run bench:live -- --listeners 5000 --languages 6 --segments 20 [--interval 1000] [--workers 4] [--verbose]
 *   npm run bench:live -- --processes 2 --listeners 10000 [--kill-one]     (needs DATABASE_URL and REDIS_URL)
 *   npm run bench:live -- --glossary 2000     (the church has 2,000 glossary entries; compare p99 with a run without)
 *
 * With --processes N, N server processes share a fresh database on DATABASE_URL's server and Redis
 * at REDIS_URL (decision 007): the speaker on the first, listeners in N equal blocks, one per server
 * (so a client worker holds one server's listeners, as phones that move after a kill do not share a
 * CPU with those that stay), the baseline being the same bare broadcast through the same Redis
 * adapter. --kill-one kill -9s the last server halfway
 * through; its listeners join again on another (as the listener page does) and the run reports how
 * long until the last of them had its missed captions back.
 *
 * Starts the real server in a child process on embedded PGlite (a temporary DATA_DIR) with the mock
 * Azure translator at a fixed 50 ms latency, connects N real socket.io-client listeners spread over
 * L languages (in worker processes, WebSocket only), sends S final segments as the speaker, and
 * measures speaker send → listener receipt. The baseline is a bare Socket.IO room broadcast of the
 * same messages to the same clients in the same run. The last line printed is one JSON object.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { startMockAzure } from '../apps/server/test/mock-azure';
import { ask, percentile } from './ipc';
import { goLive, processesProblem, startLiveServers, TSX } from './live-servers';

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
    processes: { type: 'string', default: '1' },
    'kill-one': { type: 'boolean', default: false },
    glossary: { type: 'string', default: '0' },
  },
});
const processes = Number(values.processes);
const killOne = values['kill-one'];
const problem = processesProblem(processes);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
if (killOne && processes < 2) {
  process.stderr.write('--kill-one needs --processes 2 or more\n');
  process.exit(2);
}
const glossaryEntries = Number(values.glossary);
if (!Number.isInteger(glossaryEntries) || glossaryEntries < 0 || glossaryEntries > 20_000) {
  process.stderr.write('--glossary must be a whole number of entries from 0 to 20000\n');
  process.exit(2);
}
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

const round = (n: number) => Math.round(n * 10) / 10;

const mock = await startMockAzure({ latencyMs: translatorLatencyMs });
const children: ChildProcess[] = [];
const tsx = TSX;
let stopServers: () => Promise<void> = async () => undefined;

try {
  log(`live fan-out: ${listeners} listeners, ${languages} languages, ${segments} segments (+${warmup} warm-up), ${workerCount} client processes, ${processes} server process(es)`);
  const started = await startLiveServers<{ port: number; cookie: string; churchId: string; languages: string[] }>({
    processes,
    seed: '1',
    env: { AZURE_TRANSLATOR_ENDPOINT: mock.url, BENCH_LANGUAGES: String(languages), BENCH_GLOSSARY: String(glossaryEntries) },
  });
  stopServers = started.cleanup;
  const { servers, urls, ready } = started;
  const url = urls[0]!;
  const rssOf = async () => (await Promise.all(servers.map((s) => ask<{ rss: number }>(s, { type: 'rss' }, 'rss')))).reduce((n, r) => n + r.rss, 0);

  const sermon = await goLive(url, ready.cookie, ready.churchId);

  const speaker = io(`${url}/live`, { transports: ['websocket'], extraHeaders: { cookie: ready.cookie }, reconnection: false });
  const joined = await speaker.timeout(10_000).emitWithAck('speaker:join', { sermonId: sermon.id });
  if (!joined.ok) throw new Error(`speaker:join refused: ${JSON.stringify(joined.error)}`);
  const bareSpeaker = io(`${url}/bench`, { transports: ['websocket'], reconnection: false });
  await new Promise((r) => bareSpeaker.once('connect', () => r(undefined)));

  const rssBefore = await rssOf();

  // Listeners, spread over the languages, in worker processes.
  const connectStarted = now();
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
    readies.push(ask(worker, { type: 'start', urls, broadcastId: sermon.broadcastId, languages: ready.languages, count, offset: w * per, total: listeners, segments: total }, 'ready'));
  }
  const connected = (await Promise.all(readies)).reduce((n, r) => n + r.connected, 0);
  log(`connected ${connected}/${listeners} listeners in ${Math.round(now() - connectStarted)} ms`);
  await sleep(1500); // batched listener-session writes and count pushes settle
  const rssAfter = await rssOf();

  // The bare baseline namespace on the same connections (after the memory reading: not the product's cost).
  // A --kill-one run has none: its figures compare the surviving process before and after the kill,
  // and a production server never carries this second broadcast, which doubled its writes.
  const baseline = !killOne;
  if (baseline) await Promise.all(workers.map((w) => ask(w, { type: 'bench-connect' }, 'bench-ready')));

  // Starter terms in every run; with --glossary, a church entry too (its words are plain text without).
  const text = (seq: number) => `Segment ${seq}: grace and peace to you from God our Father and the Lord Jesus Christ, says Elder${seq} Member${seq}.`;
  const expected = listeners * segments;
  const counts = () => Promise.all(workers.map((w) => ask<{ live: number; bare: number; moved: number; lastCaughtUpAt: number; caughtUpAt: number[]; noticedAt: number[] }>(w, { type: 'counts' }, 'counts')));
  async function drain(which: 'live' | 'bare', upTo: number, deadline: number) {
    for (;;) {
      const got = (await counts()).reduce((n, c) => n + c[which], 0);
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
      if (baseline) {
        bareSent[seq] = now();
        bareSpeaker.emit('echo', { seq, text: text(seq), sermonId: sermon.id });
      }
      await sleep(intervalMs / 2);
      liveSent[seq] = now();
      speaker.emit('speaker:segment', { sermonId: sermon.id, seq, text: text(seq), final: true });
      await sleep(intervalMs / 2);
    }
    if (baseline) await drain('bare', to, now() + 15_000);
    await drain('live', to, now() + 15_000);
  }
  await send(1, warmup);
  mock.stats.reset();
  let killedAt = 0;
  const half = warmup + Math.floor(segments / 2);
  if (killOne) {
    // Halfway: the last server dies without a word (kill -9); the speaker's (the first) carries on.
    await send(warmup + 1, half);
    if (process.env.BENCH_PROFILE) servers[0]!.send({ type: 'profile' });
    killedAt = now();
    const victim = servers.pop()!;
    victim.kill('SIGKILL');
    log(`killed server process ${servers.length + 1} (kill -9) after segment ${half}`);
    await send(half + 1, total);
  } else {
    await send(warmup + 1, total);
  }
  const translationRequests = mock.stats.counts.translate;
  const afterKill = killOne ? await counts() : [];
  const movedListeners = afterKill.reduce((n, c) => n + c.moved, 0);
  const caughtUpMs = killOne ? Math.max(0, ...afterKill.map((c) => c.lastCaughtUpAt)) - killedAt : null;
  const caughtUpTimes = afterKill.flatMap((c) => c.caughtUpAt.map((t) => t - killedAt)).sort((a, b) => a - b);
  // When the moved listeners' connections reported the server gone: the kernel closing a killed
  // process's sockets, before any retry delay.
  const noticedTimes = afterKill.flatMap((c) => c.noticedAt.map((t) => t - killedAt)).sort((a, b) => a - b);

  const reports = await Promise.all(workers.map((w) => ask<{ live: number[]; bare: number[]; moved: boolean[] }>(w, { type: 'report' }, 'report')));
  /** Latencies of the listeners that never moved, for segments `from`…`to` (the surviving process's own). */
  const unmoved = (from: number, to: number) => {
    const out: number[] = [];
    for (const r of reports) {
      r.moved.forEach((moved, l) => {
        if (moved) return;
        for (let seq = from; seq <= to; seq++) {
          const at = r.live[l * total + seq - 1]!;
          if (at > 0) out.push(at - liveSent[seq]!);
        }
      });
    }
    return out.sort((a, b) => a - b);
  };
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
  await Promise.all(servers.map((s) => ask(s, { type: 'stop' }, 'stopped', 30_000).catch(() => undefined)));

  const result = {
    glossary: glossaryEntries,
    processes,
    listeners,
    languages,
    segments,
    p50Ms: round(percentile(live, 50)),
    p95Ms: round(percentile(live, 95)),
    p99Ms: round(percentile(live, 99)),
    lost: expected - live.length,
    translationRequests,
    translationRequestsPerSegment: round(translationRequests / segments),
    ...(killOne
      ? {
          killedOne: true,
          movedListeners,
          caughtUpMs: round(caughtUpMs!),
          noticedP50Ms: round(percentile(noticedTimes, 50)),
          // Listeners on the surviving process: their p99 before the kill and after it.
          unmovedP99BeforeMs: round(percentile(unmoved(warmup + 1, half), 99)),
          unmovedP99AfterMs: round(percentile(unmoved(half + 1, total), 99)),
        }
      : {}),
    baselineP99Ms: baseline ? round(percentile(bare, 99)) : null,
    rssPerListenerKb: round((rssAfter - rssBefore) / listeners / 1024),
  };
  if (baseline) log(`baseline (bare broadcast): p50 ${round(percentile(bare, 50))} ms, p95 ${round(percentile(bare, 95))} ms, p99 ${result.baselineP99Ms} ms, lost ${expected - bare.length}`);
  log(`live pipeline: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, lost ${result.lost}, translation requests ${translationRequests} for ${segments} segments`);
  if (killOne) {
    log(`after the kill: ${movedListeners} listeners joined another process; the last had its missed captions back ${round(caughtUpMs!)} ms after the kill (half of them by ${round(percentile(caughtUpTimes, 50))} ms, 90 % by ${round(percentile(caughtUpTimes, 90))} ms)`);
    log(`their connections reported the server gone ${round(percentile(noticedTimes, 50))} ms after the kill for half of them, ${round(noticedTimes.at(-1) ?? Number.NaN)} ms for the last; each then waits the listener page's first retry delay (0–1 s)`);
    log(`listeners that did not move: p99 ${result.unmovedP99BeforeMs} ms before the kill, ${result.unmovedP99AfterMs} ms after (target ≤ 1.5 ×, caught up ≤ 3,000 ms)`);
  }
  log(`server RSS ${Math.round(rssBefore / 1048576)} MB → ${Math.round(rssAfter / 1048576)} MB: ${result.rssPerListenerKb} KB per listener`);
  if (result.baselineP99Ms !== null) log(`targets: 0 lost, ≤ 1 request per segment, p99 ≤ 2 × baseline + ${translatorLatencyMs} ms = ${round(2 * result.baselineP99Ms + translatorLatencyMs)} ms, < 60 KB per listener`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill();
  await mock.close();
  await stopServers();
}
