/**
 * A slice of the benchmark's listeners, in its own process (the 2-core machine cannot run 5,000
 * clients and the server in one event loop). Each listener is one WebSocket carrying two
 * namespaces: `/live` (the product) and `/bench` (the bare baseline), so both measure the same
 * clients. Receipt times use performance.timeOrigin + performance.now(), comparable across processes.
 * With several server processes, listener i connects to server i mod N; a listener whose server dies
 * (--kill-one) does what the listener page does: joins again on a surviving server with its lastSeq
 * and takes the missed captions from the acknowledgement. Started by bench/live-fanout.ts.
 */
import { Manager, type Socket } from 'socket.io-client';
import { LIVE_RECONNECTION } from '@app/shared';
import { LEAN_CLIENT, now } from './socket-client';

interface Start {
  type: 'start';
  urls: string[];
  broadcastId: string;
  languages: string[];
  count: number;
  offset: number;
  /** Listeners in the whole run, over every worker. */
  total: number;
  segments: number;
}
type ParentMessage = Start | { type: 'bench-connect' } | { type: 'counts' } | { type: 'report' } | { type: 'stop' };

interface Listener {
  index: number;
  url: string;
  manager: Manager;
  live: Socket;
  bare?: Socket;
  language: string;
  liveAt: Float64Array;
  bareAt: Float64Array;
  /** Joined again on another server after its own was killed. */
  moved?: boolean;
}

const send = (msg: object) => process.send?.(msg);
const listeners: Listener[] = [];
let segments = 0;
let urls: string[] = [];
let total = 0;
let broadcastId = '';
/** When the last moved listener had its missed captions back (after a server was killed). */
let lastCaughtUpAt = 0;
let moved = 0;
/** When each moved listener had its missed captions back. */
const caughtUpAt: number[] = [];
/** When each listener whose server was killed saw its connection drop. */
const noticedAt: number[] = [];
const BATCH = 100;
type JoinAck = { ok: boolean; error?: { message: string }; captions?: Array<{ seq: number; final: boolean }> };

function keep(listener: Listener, c: { seq: number; final: boolean }) {
  if (c.final && c.seq <= segments && listener.liveAt[c.seq] === 0) listener.liveAt[c.seq] = now();
}

function open(listener: Pick<Listener, 'index' | 'language' | 'liveAt'>, url: string): Promise<Listener> {
  const manager = new Manager(url, { transports: ['websocket'], reconnection: false, timeout: 60_000, ...LEAN_CLIENT });
  const live = manager.socket('/live');
  const l = Object.assign(listener, { manager, live, url }) as Listener;
  live.on('caption', (c: { seq: number; final: boolean }) => keep(l, c));
  let lastSeq = 0;
  for (let s = 1; s <= segments; s++) if (l.liveAt[s] !== 0) lastSeq = s;
  return new Promise((resolve, reject) => {
    live.once('connect_error', reject);
    live.once('connect', () => {
      live.emit('listener:join', { broadcastId, language: l.language, voice: 'none', lastSeq }, (ack: JoinAck) => {
        if (!ack.ok) return reject(new Error(ack.error?.message ?? 'join refused'));
        for (const c of ack.captions ?? []) keep(l, c);
        resolve(l);
      });
    });
  });
}

/**
 * Listeners in contiguous blocks per server, so a worker process holds one server's listeners: the
 * phones that move after a kill are not the same machine as those that stay, as real phones are not.
 * (Interleaved, the moved half's 2,000 new WebSockets delayed the unmoved half's captions in the
 * very same client process, which measured the benchmark, not the surviving server.)
 */
const serverOf = (index: number) => urls[Math.min(urls.length - 1, Math.floor((index * urls.length) / total))]!;

async function connectOne(index: number, language: string): Promise<Listener> {
  const l = await open({ index, language, liveAt: new Float64Array(segments + 1) }, serverOf(index));
  l.bareAt = new Float64Array(segments + 1);
  watch(l);
  return l;
}

/** The listener page's first reconnection delay: reconnectionDelay ± randomizationFactor of it. */
const firstRetryMs = () => LIVE_RECONNECTION.reconnectionDelay * (1 + LIVE_RECONNECTION.randomizationFactor * (2 * Math.random() - 1));

/** Its server gone: join again on the next server after the page's own first reconnection delay. */
function watch(l: Listener) {
  l.live.once('disconnect', (reason) => {
    if (reason === 'io client disconnect' || urls.length < 2) return;
    noticedAt.push(now());
    const next = urls[(urls.indexOf(l.url) + 1) % urls.length]!;
    l.manager.engine?.close();
    setTimeout(() => {
      open(l, next).then(() => {
        moved++;
        l.moved = true;
        lastCaughtUpAt = now();
        caughtUpAt.push(lastCaughtUpAt);
        watch(l);
      }, () => undefined);
    }, firstRetryMs());
  });
}

function connectBare(l: Listener): Promise<void> {
  const bare = l.manager.socket('/bench');
  l.bare = bare;
  bare.on('msg', (m: { seq: number }) => {
    if (m.seq <= segments && l.bareAt[m.seq] === 0) l.bareAt[m.seq] = now();
  });
  return new Promise((resolve, reject) => {
    bare.once('connect_error', reject);
    bare.once('connect', () => bare.emit('join', l.language, () => resolve()));
  });
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<number> {
  let failed = 0;
  for (let i = 0; i < items.length; i += BATCH) {
    const results = await Promise.allSettled(items.slice(i, i + BATCH).map(run));
    failed += results.filter((r) => r.status === 'rejected').length;
  }
  return failed;
}

function received(which: 'liveAt' | 'bareAt'): number {
  let n = 0;
  for (const l of listeners) for (let s = 1; s <= segments; s++) if (l[which][s] !== 0) n++;
  return n;
}

process.on('message', async (msg: ParentMessage) => {
  if (msg.type === 'start') {
    segments = msg.segments;
    urls = msg.urls;
    total = msg.total;
    broadcastId = msg.broadcastId;
    const indexes = Array.from({ length: msg.count }, (_, i) => msg.offset + i);
    const failed = await inBatches(indexes, async (i) => {
      listeners.push(await connectOne(i, msg.languages[i % msg.languages.length]!));
    });
    send({ type: 'ready', connected: listeners.length, failed });
  } else if (msg.type === 'bench-connect') {
    const failed = await inBatches(listeners, connectBare);
    send({ type: 'bench-ready', failed });
  } else if (msg.type === 'counts') {
    send({ type: 'counts', live: received('liveAt'), bare: received('bareAt'), moved, lastCaughtUpAt, caughtUpAt, noticedAt });
  } else if (msg.type === 'report') {
    // Flattened receipt times, `segments` per listener, 0 = never arrived.
    const live: number[] = [];
    const bare: number[] = [];
    const movedFlags = listeners.map((l) => l.moved === true);
    for (const l of listeners) {
      for (let s = 1; s <= segments; s++) {
        live.push(l.liveAt[s]!);
        bare.push(l.bareAt[s]!);
      }
    }
    send({ type: 'report', live, bare, moved: movedFlags });
  } else if (msg.type === 'stop') {
    for (const l of listeners) l.manager.engine?.close();
    process.exit(0);
  }
});

send({ type: 'spawned' });
