/**
 * A script floods one sermon with voice streams from one address (decision 048), the server in a
 * process of its own, with its default limits.
 *
 *   npm run bench:flood [-- --streams 2000] [--phones 5] [--seconds 4]
 *
 * Starts the real server (bench/live-server.ts) with LISTEN_PER_ADDRESS at its default, 1000. A
 * church's phones (socket.io clients that keep the device cookie the server gives them, as a
 * browser does) join the sermon, each opens its voice stream, and the speaker says a line every
 * 300 ms. First the usual caption delay is measured; then a script in a worker thread opens
 * `--streams` cookie-less voice streams from the same address, in waves of 250, and holds them
 * open. Meanwhile `/api/v1/health` is asked every 200 ms on a connection of its own, as a load
 * balancer's check is. Prints how many streams the script got (at most the ceiling less the
 * phones' own), the health answers' p50/p95/worst, and the phones' caption delay before and
 * during the flood. BENCH_PROFILE=dir writes the server's CPU profile through the flood. Targets: every health answer within 1 s; captions no more than 1.5 s later
 * than usual. The last line printed is one JSON object.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { liveEvents, sermonVoicePath } from '@app/shared';
import { ask, percentile, round1 } from './ipc';
import { goLive, startLiveServers } from './live-servers';
import { LEAN_CLIENT, now } from './socket-client';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '2000' },
    phones: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '4' },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const streamCount = Number(values.streams);
const phoneCount = Number(values.phones);
const holdSeconds = Number(values.seconds);
if (![streamCount, phoneCount, holdSeconds].every((n) => Number.isInteger(n) && n > 0)) {
  log('--streams, --phones and --seconds must be whole numbers above 0');
  process.exit(2);
}

/** Opens `count` cookie-less voice streams in waves and holds them; posts the statuses; closes on 'close'. */
const FLOOD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const open = [];
const one = () => new Promise((resolve) => {
  const req = http.get(workerData.url, { agent: false }, (res) => { res.resume(); resolve(res.statusCode); });
  req.on('error', () => resolve(0));
  open.push(req);
});
(async () => {
  const statuses = [];
  for (let wave = 0; wave < workerData.count; wave += 250) {
    statuses.push(...(await Promise.all(Array.from({ length: Math.min(250, workerData.count - wave) }, one))));
  }
  parentPort.postMessage(statuses);
})();
parentPort.on('message', () => { for (const r of open) r.destroy(); process.exit(0); });
`;

/** A phone of the church: polling first, so the device cookie lands in its jar as a browser's would. */
async function phone(url: string, broadcastId: string, finals: Map<number, number>) {
  const socket = io(`${url}/live`, { transports: ['polling', 'websocket'], withCredentials: true, forceNew: true, reconnection: false, ...LEAN_CLIENT });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.on(liveEvents.caption, (c: { seq: number; final: boolean }) => {
    if (c.final && !finals.has(c.seq)) finals.set(c.seq, now());
  });
  const ack = (await socket.timeout(30_000).emitWithAck(liveEvents.listenerJoin, { broadcastId, language: 'en', voice: 'female', lastSeq: 0 })) as { ok: boolean };
  if (!ack.ok) throw new Error(`listener:join refused: ${JSON.stringify(ack)}`);
  const jar = (socket.io.engine as unknown as { _cookieJar?: { cookies: Iterable<[string, { value: string }]> } })._cookieJar;
  const device = new Map(jar?.cookies ?? []).get('listener_device')?.value;
  return { socket, cookie: device ? `listener_device=${device}` : '' };
}

/** A request's status once its headers arrive; the body is read and dropped, as a player would. */
function get(url: string, cookie = '', held?: http.ClientRequest[]): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    held?.push(req);
  });
}

const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { n: sorted.length, p50Ms: round1(percentile(sorted, 50)), p95Ms: round1(percentile(sorted, 95)), worstMs: round1(sorted.at(-1) ?? Number.NaN) };
};

async function main() {
  const started = await startLiveServers<{ port: number; cookie: string; churchId: string }>({
    processes: 1, seed: '1', embeddedAlone: true, env: { LISTEN_PER_ADDRESS: '1000', BENCH_LANGUAGE_CODES: 'en,pt' },
  });
  const { ready, urls, cleanup } = started;
  const url = urls[0]!;
  const held: http.ClientRequest[] = [];
  let speaker: Socket | null = null;
  const phones: Socket[] = [];
  try {
    const sermon = await goLive(url, ready.cookie, ready.churchId);
    speaker = io(`${url}/live`, { transports: ['websocket'], extraHeaders: { cookie: ready.cookie }, reconnection: false, ...LEAN_CLIENT });
    const joined = (await speaker.timeout(10_000).emitWithAck(liveEvents.speakerJoin, { sermonId: sermon.id })) as { ok: boolean };
    if (!joined.ok) throw new Error(`speaker:join refused: ${JSON.stringify(joined)}`);

    const finals = Array.from({ length: phoneCount }, () => new Map<number, number>());
    const church = await Promise.all(finals.map((f) => phone(url, sermon.broadcastId, f)));
    phones.push(...church.map((p) => p.socket));
    const voice = `${url}${sermonVoicePath(sermon.id, 'en', 'female')}`;
    const phoneStreams = await Promise.all(church.map((p) => get(voice, p.cookie, held)));
    log(`${phoneCount} phones joined; their voice streams: ${phoneStreams.join(' ')}`);

    // The speaker says a line every 300 ms; each line's delay is its last phone's caption.
    const said = new Map<number, number>();
    let seq = 0;
    let speaking = true;
    const speech = (async () => {
      while (speaking) {
        const n = ++seq;
        said.set(n, now());
        speaker!.emit(liveEvents.segment, { sermonId: sermon.id, seq: n, text: `Line ${n}: grace and peace to you from God our Father.`, final: true });
        await sleep(300);
      }
    })();
    const delaysOf = (from: number, to: number) => {
      const out: number[] = [];
      for (let n = from; n <= to; n++) for (const f of finals) out.push((f.get(n) ?? Number.POSITIVE_INFINITY) - said.get(n)!);
      return out;
    };

    await sleep(3000);
    const usualLast = seq;

    // The health checks, each on a connection of its own.
    const health: number[] = [];
    const healthStatuses: number[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const asked = now();
        healthStatuses.push(await get(`${url}/api/v1/health`));
        health.push(now() - asked);
        await sleep(200);
      }
    })();

    const server = started.servers[0]!;
    // BENCH_PROFILE=dir: a CPU profile of the server through the flood.
    if (process.env.BENCH_PROFILE) server.send({ type: 'profile' });
    const floodFrom = seq + 1;
    const flood = new Worker(FLOOD, { eval: true, workerData: { url: `${url}${sermonVoicePath(sermon.id, 'en', 'male')}`, count: streamCount } });
    const floodStarted = now();
    const statuses = await new Promise<number[]>((resolve, reject) => {
      flood.once('message', resolve);
      flood.once('error', reject);
    });
    const floodMs = now() - floodStarted;
    await sleep(holdSeconds * 1000);
    const floodTo = seq;
    watching = false;
    speaking = false;
    await Promise.all([watch, speech]);
    await sleep(2000);
    flood.postMessage('close');
    if (process.env.BENCH_PROFILE) await ask(server, { type: 'profile-end' }, 'profiled');

    const usual = summary(delaysOf(2, usualLast));
    const during = summary(delaysOf(floodFrom, floodTo));
    const count = (s: number) => statuses.filter((x) => x === s).length;
    const result = {
      streams: { asked: streamCount, opened: count(200), refused429: count(429), other: statuses.length - count(200) - count(429), openingMs: Math.round(floodMs) },
      ceiling: 1000,
      health: { ...summary(health), failed: healthStatuses.filter((s) => s !== 200).length },
      captionDelay: { usual, during, addedP95Ms: round1(during.p95Ms - usual.p95Ms), missed: delaysOf(floodFrom, floodTo).filter((d) => !Number.isFinite(d)).length },
      targets: { healthWorstMs: 1000, captionAddedMs: 1500 },
    };
    log(`the script: ${result.streams.opened} streams opened, ${result.streams.refused429} refused with 429, ${result.streams.other} other, in ${result.streams.openingMs} ms`);
    log(`health: ${result.health.n} answers, p50 ${result.health.p50Ms} ms, p95 ${result.health.p95Ms} ms, worst ${result.health.worstMs} ms, ${result.health.failed} not 200`);
    log(`captions: usual p50 ${usual.p50Ms} ms p95 ${usual.p95Ms} ms; during the flood p50 ${during.p50Ms} ms p95 ${during.p95Ms} ms worst ${during.worstMs} ms; ${result.captionDelay.missed} missed`);
    log(`targets: health worst ≤ 1000 ms, captions no more than 1500 ms later than usual`);
    console.log(JSON.stringify(result));
  } finally {
    for (const r of held) r.destroy();
    for (const s of phones) s.disconnect();
    speaker?.disconnect();
    await cleanup();
  }
}

await main();
