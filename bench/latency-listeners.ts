/**
 * A slice of bench:latency's listeners, in its own process. Each listener is a socket.io client on
 * `/live` that keeps its captions as the listener page does (use-live-captions.ts: finals by seq,
 * the line being said as in progress until its final), and records when its screen's text for
 * each line changed. At the end it works out, from those screens and the trace, when each word
 * reached the screen for good and how many shown words were taken back. Started by bench/latency.ts.
 */
import { Manager, type ManagerOptions } from 'socket.io-client';
import type { Caption } from '@app/shared';
import { emptyReport, judgeScreen, namedAt, type LanguageReport, type Shown } from './latency-judge';
import { buildTrace, type TraceOptions } from './latency-trace';

export type { LanguageReport } from './latency-judge';

interface Start {
  type: 'start';
  urls: string[];
  broadcastId: string;
  /** Languages of this worker's listeners, one entry per listener. */
  languages: string[];
  /** Index of this worker's first listener in the whole run (listener i joins server i mod N). */
  offset: number;
  trace: TraceOptions;
  /** The voice each listener asks for ('female', or 'none' with --read): a voiced language changes the partials' windows (decision 047). */
  voice: 'none' | 'female';
}
type ParentMessage = Start | { type: 't0'; t0: number } | { type: 'report' } | { type: 'stop' };

interface Listener {
  language: string;
  manager: Manager;
  lastFinal: number;
  /** Per seq, what the screen showed over time ('' = nothing), the final last. */
  screens: Map<number, Shown[]>;
  finals: Set<number>;
  partials: number;
}

const now = () => performance.timeOrigin + performance.now();
const send = (msg: object) => process.send?.(msg);
const listeners: Listener[] = [];
let t0 = 0;
let traceOptions: TraceOptions | null = null;
const BATCH = 100;
// As bench/live-listeners.ts: the simulated phones share the server's cores, real ones do not.
const LEAN_CLIENT: Partial<ManagerOptions> = { agent: undefined, perMessageDeflate: false as unknown as ManagerOptions['perMessageDeflate'] };

function show(l: Listener, seq: number, text: string) {
  const screen = l.screens.get(seq) ?? [];
  if (screen.at(-1)?.text === text) return;
  screen.push({ at: now(), text });
  l.screens.set(seq, screen);
}

/** What the listener page does with a caption (use-live-captions.ts, captions.ts). */
function receive(l: Listener, c: Caption) {
  if (c.language !== l.language) return;
  if (!c.final) {
    if (c.seq <= l.lastFinal) return;
    l.partials++;
    // The page shows the tentative tail after the committed words (caption-list.tsx, decision 058).
    show(l, c.seq, c.text + (c.tentative ?? ''));
    return;
  }
  if (l.finals.has(c.seq)) return;
  l.finals.add(c.seq);
  l.lastFinal = Math.max(l.lastFinal, c.seq);
  show(l, c.seq, c.text);
}

function open(url: string, broadcastId: string, language: string, voice: Start['voice']): Promise<Listener> {
  const manager = new Manager(url, { transports: ['websocket'], reconnection: false, timeout: 60_000, ...LEAN_CLIENT });
  const socket = manager.socket('/live');
  const l: Listener = { language, manager, lastFinal: 0, screens: new Map(), finals: new Set(), partials: 0 };
  socket.on('caption', (c: Caption) => receive(l, c));
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('listener:join', { broadcastId, language, voice, lastSeq: 0 }, (ack: { ok: boolean; error?: { message: string } }) => {
        if (!ack.ok) reject(new Error(ack.error?.message ?? 'join refused'));
        else resolve(l);
      });
    });
  });
}

function report(): Record<string, LanguageReport> {
  const trace = buildTrace(traceOptions!);
  const named = namedAt(trace);
  const out: Record<string, LanguageReport> = {};
  for (const l of listeners) {
    const r = (out[l.language] ??= emptyReport());
    r.partials += l.partials;
    judgeScreen(r, trace, t0, l.screens, l.finals, named);
  }
  return out;
}

process.on('message', async (msg: ParentMessage) => {
  if (msg.type === 'start') {
    traceOptions = msg.trace;
    let failed = 0;
    for (let i = 0; i < msg.languages.length; i += BATCH) {
      const batch = msg.languages.slice(i, i + BATCH).map((language, j) => open(msg.urls[(msg.offset + i + j) % msg.urls.length]!, msg.broadcastId, language, msg.voice));
      for (const result of await Promise.allSettled(batch)) {
        if (result.status === 'fulfilled') listeners.push(result.value);
        else failed++;
      }
    }
    send({ type: 'ready', connected: listeners.length, failed });
  } else if (msg.type === 't0') {
    t0 = msg.t0;
  } else if (msg.type === 'report') {
    send({ type: 'report', languages: report() });
  } else if (msg.type === 'stop') {
    for (const l of listeners) l.manager.engine?.close();
    process.exit(0);
  }
});

send({ type: 'spawned' });
