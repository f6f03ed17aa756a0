/**
 * A slice of the chat benchmark's people, in its own process: each one WebSocket to its server
 * (person i on server i mod N) carrying `/chat` (the product, signed in by its session cookie) and
 * `/bench-chat` (the bare baseline). Receipt times are performance.timeOrigin + performance.now(),
 * comparable across processes. Started by bench/chat.ts.
 */
import { Manager } from 'socket.io-client';

type Start = { type: 'start'; urls: string[]; cookies: string[]; offset: number; messages: number };
const now = () => performance.timeOrigin + performance.now();
const send = (msg: object) => process.send?.(msg);
let live: Float64Array[] = [];
let bare: Float64Array[] = [];
const managers: Manager[] = [];

async function connect(i: number, url: string, cookie: string, messages: number) {
  const manager = new Manager(url, { transports: ['websocket'], reconnection: false, timeout: 60_000, extraHeaders: { cookie } });
  managers.push(manager);
  const liveAt = new Float64Array(messages + 1);
  const bareAt = new Float64Array(messages + 1);
  live.push(liveAt);
  bare.push(bareAt);
  const chat = manager.socket('/chat');
  chat.on('chat:message', (m: { text: string | null }) => {
    const seq = Number(/^Bench (\d+):/.exec(m.text ?? '')?.[1] ?? 0);
    if (seq > 0 && seq <= messages && liveAt[seq] === 0) liveAt[seq] = now();
  });
  const base = manager.socket('/bench-chat');
  base.on('msg', (m: { seq: number }) => {
    if (m.seq <= messages && bareAt[m.seq] === 0) bareAt[m.seq] = now();
  });
  await Promise.all([chat, base].map((s) => new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  })));
  return i;
}

process.on('message', async (msg: Start | { type: 'counts' } | { type: 'report' } | { type: 'stop' }) => {
  if (msg.type === 'start') {
    let failed = 0;
    for (let i = 0; i < msg.cookies.length; i += 100) {
      const batch = msg.cookies.slice(i, i + 100).map((cookie, j) => connect(i + j, msg.urls[(msg.offset + i + j) % msg.urls.length]!, cookie, msg.messages));
      failed += (await Promise.allSettled(batch)).filter((r) => r.status === 'rejected').length;
    }
    send({ type: 'ready', connected: msg.cookies.length - failed, failed });
  } else if (msg.type === 'counts') {
    const count = (xs: Float64Array[]) => xs.reduce((n, a) => n + a.filter((t, i) => i > 0 && t > 0).length, 0);
    send({ type: 'counts', live: count(live), bare: count(bare) });
  } else if (msg.type === 'report') {
    send({ type: 'report', live: live.map((a) => [...a]), bare: bare.map((a) => [...a]) });
  } else if (msg.type === 'stop') {
    for (const m of managers) m.engine?.close();
    live = [];
    bare = [];
    process.exit(0);
  }
});

send({ type: 'spawned' });
