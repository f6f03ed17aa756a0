/**
 * A slice of the lobby herd's guests (bench/herd.ts), in its own process. Each guest does what the
 * lobby page (`/l/{code}`, apps/web/src/features/live/lobby) does on a phone: it waits on its lobby
 * socket (`lobby:join`); when told `lobby:live` it starts from what the push carried and joins in
 * its language (`listener:join`, lastSeq 0) on that same socket. Its first caption is the first
 * final one, in the join's acknowledgement or as an event. `read` (a push without the sermon, or the
 * page before decision 034): it first reads the sermon (`GET /sermons/by-broadcast/{id}`, on a
 * connection of its own, as a phone that has waited minutes has no open one); `newSocket` (the page
 * before decision 034, a share link): it joins on a socket it opens for listening.
 * Times are wall-clock (bench/socket-client.ts `now`), comparable with the parent's. Started by
 * bench/herd.ts; not meant to be run by hand.
 */
import http from 'node:http';
import { Manager, type Socket } from 'socket.io-client';
import { LEAN_CLIENT, now } from './socket-client';

interface Start {
  type: 'start';
  urls: string[];
  code: string;
  languages: string[];
  count: number;
  offset: number;
  /** Guests in the whole run, over every worker. */
  total: number;
  read: boolean;
  newSocket: boolean;
}
type ParentMessage = Start | { type: 'counts' } | { type: 'report' } | { type: 'stop' };

interface Guest {
  index: number;
  url: string;
  language: string;
  managers: Manager[];
  told: number;
  read: number;
  ready: number;
  caption: number;
  error: string | null;
}

const send = (msg: object) => process.send?.(msg);
const guests: Guest[] = [];
const BATCH = 100;
let urls: string[] = [];
let total = 0;
let code = '';
let flow = { read: false, newSocket: false };

type Ack = { ok: boolean; error?: { code: string; message: string }; captions?: Array<{ final: boolean }> };

function socketOn(guest: Guest): Socket {
  const manager = new Manager(guest.url, { transports: ['websocket'], reconnection: false, timeout: 60_000, ...LEAN_CLIENT });
  guest.managers.push(manager);
  return manager.socket('/live');
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => resolve());
  });
}

function emit(socket: Socket, event: string, payload: object): Promise<Ack> {
  return new Promise((resolve) => {
    socket.timeout(30_000).emit(event, payload, (err: Error | null, ack: Ack) => resolve(err ? { ok: false, error: { code: 'timeout', message: err.message } } : ack));
  });
}

/** A GET on a new connection, its body parsed. */
function read(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const fail = (guest: Guest, what: string) => {
  guest.error ??= what;
};

/** What the lobby page does when its lobby socket says the sermon is live. */
async function turnLive(guest: Guest, lobby: Socket, live: { broadcastId: string; listen?: { sermon: { broadcastId: string } } }) {
  guest.told = now();
  if (flow.read || live.listen?.sermon.broadcastId !== live.broadcastId) {
    const res = await read(`${guest.url}/api/v1/sermons/by-broadcast/${live.broadcastId}`);
    if (res.status !== 200) return fail(guest, `sermon read ${res.status}`);
    guest.read = now();
  }
  const listener = flow.newSocket ? socketOn(guest) : lobby;
  listener.on('caption', (c: { final: boolean }) => {
    if (c.final && guest.caption === 0) guest.caption = now();
  });
  if (flow.newSocket) await connected(listener);
  const ack = await emit(listener, 'listener:join', { broadcastId: live.broadcastId, language: guest.language, voice: 'none', lastSeq: 0 });
  if (!ack.ok) return fail(guest, `join ${ack.error?.code}`);
  guest.ready = now();
  if (guest.caption === 0 && ack.captions?.some((c) => c.final)) guest.caption = guest.ready;
}

/** Guests in contiguous blocks per server, so a worker holds one server's guests (as in bench/live-listeners.ts). */
const serverOf = (index: number) => urls[Math.min(urls.length - 1, Math.floor((index * urls.length) / total))]!;

async function wait(index: number, language: string): Promise<void> {
  const guest: Guest = { index, url: serverOf(index), language, managers: [], told: 0, read: 0, ready: 0, caption: 0, error: null };
  const lobby = socketOn(guest);
  lobby.once('lobby:live', (live: { broadcastId: string }) => {
    turnLive(guest, lobby, live).catch((err: Error) => fail(guest, err.message));
  });
  lobby.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') fail(guest, `lobby socket ${reason}`);
  });
  await connected(lobby);
  const ack = await emit(lobby, 'lobby:join', { code, languages: [language] });
  if (!ack.ok) throw new Error(`lobby:join refused: ${ack.error?.message}`);
  guests.push(guest);
}

process.on('message', async (msg: ParentMessage) => {
  if (msg.type === 'start') {
    urls = msg.urls;
    total = msg.total;
    code = msg.code;
    flow = { read: msg.read, newSocket: msg.newSocket };
    let failed = 0;
    for (let i = 0; i < msg.count; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, msg.count - i) }, (_, k) => msg.offset + i + k);
      const results = await Promise.allSettled(batch.map((index) => wait(index, msg.languages[index % msg.languages.length]!)));
      failed += results.filter((r) => r.status === 'rejected').length;
    }
    send({ type: 'ready', waiting: guests.length, failed });
  } else if (msg.type === 'counts') {
    send({ type: 'counts', captioned: guests.filter((g) => g.caption > 0).length, failed: guests.filter((g) => g.error !== null).length });
  } else if (msg.type === 'report') {
    send({ type: 'report', guests: guests.map(({ told, read, ready, caption, error }) => ({ told, read, ready, caption, error })) });
  } else if (msg.type === 'stop') {
    for (const g of guests) for (const m of g.managers) m.engine?.close();
    process.exit(0);
  }
});

send({ type: 'spawned' });
