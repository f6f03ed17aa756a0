/**
 * The lobby herd (decision 034): a large church's Sunday, where every guest waits in the lobby
 * (`/l/{code}`) and the speaker starts.
 *
 *   npm run bench:herd [-- --guests 2000] [--workers 2] [--interval 500] [--reads] [--read] [--new-socket] [--verbose]
 *   npm run bench:herd -- --processes 2 [--reads]     (needs DATABASE_URL and REDIS_URL)
 *
 * Starts the real server in a child process with the product's demo data (embedded PGlite in a
 * temporary DATA_DIR; with --processes N, N servers on a fresh database on DATABASE_URL's server and
 * Redis at REDIS_URL, the speaker on the first, the guests in N equal blocks). N guests wait in the
 * demo church's lobby, simulated in worker processes (bench/herd-guests.ts does what the lobby page
 * does), spread over the church's languages. The speaker goes live (POST /sermons: "the start"),
 * joins its sermon and speaks a line every `--interval` ms until every guest has its first caption
 * (or 30 s). The guests do what the lobby page does; `--read` has every one read the sermon first
 * and `--new-socket` open a socket of its own to listen (both: the page before decision 034, or
 * phones following a share link). Prints, from the start, each phase's median, p95 and worst: told live (`lobby:live`),
 * ready to listen (the join acknowledged) and first caption; guests that failed; and the speaker's
 * acknowledgement p50/p99 for the lines spoken meanwhile (`--verbose`: each line's). With --reads, then, while the sermon is
 * live: the lobby read and the sermon read, each with `--concurrency` clients beside
 * `/api/v1/health` (bench/http-load.ts, as `npm run bench:api -- --concurrency`).
 * BENCH_PROFILE=dir writes a CPU profile of the first server from just before the start to the
 * last first caption. The last line printed is one JSON object.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { describeFigures, httpLoad, inRounds } from './http-load';
import { ask, percentile, round1 } from './ipc';
import { goLive, startLiveServers } from './live-servers';
import { LEAN_CLIENT, now } from './socket-client';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    guests: { type: 'string', default: '2000' },
    workers: { type: 'string', default: '2' },
    interval: { type: 'string', default: '500' },
    processes: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '30' },
    reads: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '50' },
    'read-seconds': { type: 'string', default: '6' },
    rounds: { type: 'string', default: '2' },
    verbose: { type: 'boolean', default: false },
    read: { type: 'boolean', default: false },
    'new-socket': { type: 'boolean', default: false },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function whole(name: string, min: number, max: number): number {
  const v = Number(values[name as keyof typeof values]);
  if (!Number.isInteger(v) || v < min || v > max) {
    process.stderr.write(`--${name} must be a whole number from ${min} to ${max}\n`);
    process.exit(2);
  }
  return v;
}
const guestCount = whole('guests', 1, 20_000);
const processes = whole('processes', 1, 4);
const workerCount = Math.max(whole('workers', 1, 16), processes);
const intervalMs = whole('interval', 50, 10_000);
const timeoutMs = whole('timeout', 1, 600) * 1000;
const concurrency = whole('concurrency', 1, 1000);
const readMs = whole('read-seconds', 1, 600) * 1000;
const rounds = whole('rounds', 1, 20);
if (processes > 1 && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) {
  process.stderr.write('--processes 2 or more needs DATABASE_URL (a PostgreSQL server) and REDIS_URL\n');
  process.exit(2);
}

const children: ChildProcess[] = [];
const tsx = ['--import', 'tsx'];
let stopServers: () => Promise<void> = async () => undefined;

type GuestTimes = { told: number; read: number; ready: number; caption: number; error: string | null };
/** Median, p95 and worst of `xs` in seconds (ms in, rounded to 10 ms). */
function phase(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const s = (ms: number) => Math.round(ms / 10) / 100;
  return { p50: s(percentile(sorted, 50)), p95: s(percentile(sorted, 95)), worst: s(sorted.at(-1) ?? Number.NaN), n: sorted.length };
}

try {
  log(`lobby herd: ${guestCount} guests in ${workerCount} client processes, ${processes} server process(es), a line every ${intervalMs} ms${values.read ? ', each reading the sermon' : ''}${values['new-socket'] ? ', each on a new socket' : ''}`);
  const started = await startLiveServers<{ port: number; cookie: string; churchId: string; joinCode: string; languages: string[] }>({
    processes, seed: 'demo', embeddedAlone: true,
  });
  stopServers = started.cleanup;
  const { servers, urls, ready } = started;
  const url = urls[0]!;

  // The speaker's screen is open before the start (its socket connected, not yet in a sermon).
  const speaker = io(`${url}/live`, { transports: ['websocket'], extraHeaders: { cookie: ready.cookie }, reconnection: false, ...LEAN_CLIENT });
  await new Promise((resolve, reject) => {
    speaker.once('connect', () => resolve(undefined));
    speaker.once('connect_error', reject);
  });

  const per = Math.ceil(guestCount / workerCount);
  const workers: ChildProcess[] = [];
  const readies: Array<Promise<{ waiting: number; failed: number }>> = [];
  const connectStarted = now();
  for (let w = 0; w < workerCount; w++) {
    const count = Math.min(per, guestCount - w * per);
    if (count <= 0) break;
    const worker = fork(path.join(here, 'herd-guests.ts'), { execArgv: tsx, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(worker);
    workers.push(worker);
    await ask(worker, {}, 'spawned');
    readies.push(ask(worker, { type: 'start', urls, code: ready.joinCode.toLowerCase(), languages: ready.languages, count, offset: w * per, total: guestCount, read: values.read, newSocket: values['new-socket'] }, 'ready'));
  }
  const waiting = (await Promise.all(readies)).reduce((n, r) => n + r.waiting, 0);
  log(`${waiting}/${guestCount} guests waiting in the lobby of ${ready.joinCode} (${ready.languages.join(', ')}) after ${Math.round(now() - connectStarted)} ms`);
  await sleep(2000); // lobby joins settle; the machine is quiet before the start

  if (process.env.BENCH_PROFILE) servers[0]!.send({ type: 'profile' });
  const start = now();
  const sermon = await goLive(url, ready.cookie, ready.churchId);
  const liveAnsweredMs = now() - start;
  const joined = await speaker.timeout(10_000).emitWithAck('speaker:join', { sermonId: sermon.id });
  if (!joined.ok) throw new Error(`speaker:join refused: ${JSON.stringify(joined.error)}`);

  // The speaker speaks a line every interval, each acknowledged, until every guest has a caption.
  const acks: Array<{ sentAt: number; ms: number }> = [];
  let seq = 0;
  let speaking = true;
  const speaking$ = (async () => {
    while (speaking) {
      const n = ++seq;
      const sentAt = now();
      speaker.timeout(30_000).emit('speaker:segment', { sermonId: sermon.id, seq: n, text: `Line ${n}: grace and peace to you from God our Father and the Lord Jesus Christ.`, final: true },
        (err: Error | null) => acks.push({ sentAt, ms: err ? Number.POSITIVE_INFINITY : now() - sentAt }));
      await sleep(intervalMs);
    }
  })();
  const counts = () => Promise.all(workers.map((w) => ask<{ captioned: number; failed: number }>(w, { type: 'counts' }, 'counts')));
  for (;;) {
    const c = await counts();
    const done = c.reduce((n, x) => n + x.captioned + x.failed, 0);
    if (done >= waiting || now() - start > timeoutMs) break;
    await sleep(250);
  }
  const herdEnd = now();
  if (process.env.BENCH_PROFILE) await ask(servers[0]!, { type: 'profile-end' }, 'profiled');
  speaking = false;
  await speaking$;
  await sleep(Math.min(2000, intervalMs * 2));

  const reports = await Promise.all(workers.map((w) => ask<{ guests: GuestTimes[] }>(w, { type: 'report' }, 'report')));
  const all = reports.flatMap((r) => r.guests);
  const since = (pick: (g: GuestTimes) => number) => all.filter((g) => pick(g) > 0).map((g) => pick(g) - start);
  const errors = all.filter((g) => g.error !== null || g.caption === 0);
  const reasons = new Map<string, number>();
  for (const g of errors) reasons.set(g.error ?? 'no caption', (reasons.get(g.error ?? 'no caption') ?? 0) + 1);
  // The speaker's lines spoken during the herd: from the start to the last guest's first caption.
  const herdAcks = acks.filter((a) => a.sentAt <= herdEnd).map((a) => a.ms).sort((a, b) => a - b);

  const result = {
    processes,
    guests: guestCount,
    read: values.read,
    newSocket: values['new-socket'],
    waiting,
    goLiveAnsweredMs: round1(liveAnsweredMs),
    toldLive: phase(since((g) => g.told)),
    sermonRead: phase(since((g) => g.read)),
    readyToListen: phase(since((g) => g.ready)),
    firstCaption: phase(since((g) => g.caption)),
    errors: errors.length + (guestCount - waiting),
    speakerAck: { lines: herdAcks.length, p50Ms: round1(percentile(herdAcks, 50)), p99Ms: round1(percentile(herdAcks, 99)), worstMs: round1(herdAcks.at(-1) ?? Number.NaN) },
    reads: null as null | Record<string, unknown>,
  };
  const show = (name: string, p: ReturnType<typeof phase>) => log(`${name.padEnd(18)} p50 ${p.p50.toFixed(2)} s  p95 ${p.p95.toFixed(2)} s  worst ${p.worst.toFixed(2)} s  (${p.n} guests)`);
  log(`from the start (POST /sermons, answered in ${result.goLiveAnsweredMs} ms):`);
  show('told live', result.toldLive);
  if (result.sermonRead.n > 0) show('sermon read', result.sermonRead);
  show('ready to listen', result.readyToListen);
  show('first caption', result.firstCaption);
  log(`errors ${result.errors}${reasons.size ? ` (${[...reasons].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`);
  if (values.verbose) for (const a of acks) log(`  line sent at ${round1((a.sentAt - start) / 1000)} s: acknowledged in ${round1(a.ms)} ms`);
  log(`speaker's acknowledgements during the herd: ${result.speakerAck.lines} lines, p50 ${result.speakerAck.p50Ms} ms, p99 ${result.speakerAck.p99Ms} ms, worst ${result.speakerAck.worstMs} ms`);
  log(`targets: first caption p95 ≤ 1.5 s and worst ≤ 2.5 s, 0 errors, speaker's acknowledgements p99 ≤ 200 ms`);

  for (const w of workers) w.send({ type: 'stop' });

  if (values.reads) {
    // The public reads a crowd makes, from memory or not, while the sermon is live: each beside
    // /health, taking turns (bench/http-load.ts), on the first server.
    const serverCpuMs = async () => (await ask<{ ms: number }>(servers[0]!, { type: 'cpu' }, 'cpu')).ms;
    const load = httpLoad({ port: ready.port, concurrency, warmupMs: 1000, serverCpuMs });
    log(`public reads: ${concurrency} clients, ${readMs / 1000} s per endpoint in ${rounds} rounds`);
    const reads = await inRounds(load, {
      health: { url: '/health' },
      lobby: { url: `/lobby/${ready.joinCode}` },
      sermonRead: { url: `/sermons/by-broadcast/${sermon.broadcastId}` },
    }, readMs, rounds);
    for (const [name, r] of Object.entries(reads)) log(describeFigures(name, r));
    load.close();
    result.reads = reads;
  }

  speaker.disconnect();
  await Promise.all(servers.map((s) => ask(s, { type: 'stop' }, 'stopped', 30_000).catch(() => undefined)));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill();
  await stopServers();
}
