/**
 * A slice of bench:latency's listeners, in its own process. Each listener is a socket.io client on
 * `/live` that keeps its captions as the listener page does (use-live-captions.ts: finals by seq,
 * the line being said as in progress until its final), and records when its screen's text for
 * each line changed. At the end it works out, from those screens and the trace, when each word
 * reached the screen for good and how many shown words were taken back. Started by bench/latency.ts.
 */
import { Manager, type ManagerOptions } from 'socket.io-client';
import type { Caption } from '@app/shared';
import { normaliseUnit } from '../apps/server/src/live/captions/word-units';
import { buildTrace, type TraceOptions } from './latency-trace';

interface Start {
  type: 'start';
  urls: string[];
  broadcastId: string;
  /** Languages of this worker's listeners, one entry per listener. */
  languages: string[];
  /** Index of this worker's first listener in the whole run (listener i joins server i mod N). */
  offset: number;
  trace: TraceOptions;
  /** The voice each listener asks for ('none', or 'female' with --voice): a voiced language changes the partials' windows (decision 047). */
  voice: 'none' | 'female';
}
type ParentMessage = Start | { type: 't0'; t0: number } | { type: 'report' } | { type: 'stop' };

/** One line's text on a screen from a moment on. */
interface Shown {
  at: number;
  text: string;
}

interface Listener {
  language: string;
  manager: Manager;
  lastFinal: number;
  /** Per seq, what the screen showed over time ('' = nothing), the final last. */
  screens: Map<number, Shown[]>;
  finals: Set<number>;
  partials: number;
}

export interface LanguageReport {
  listeners: number;
  /** Per word, per listener: ms from said to on the screen for good. */
  lags: number[];
  /** Words shown and later taken back, and words of the finals, summed over listeners. */
  erased: number;
  finalWords: number;
  /** Words of lines whose final never arrived. */
  missingWords: number;
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

const words = (text: string) => text.split(/\s+/).map(normaliseUnit).filter(Boolean);

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
    show(l, c.seq, c.text);
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

/** Words of `a` beyond what it shares with `b`. */
function beyondCommon(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.length - i;
}

function report(): Record<string, LanguageReport> {
  const trace = buildTrace(traceOptions!);
  const out: Record<string, LanguageReport> = {};
  for (const l of listeners) {
    const r = (out[l.language] ??= { listeners: 0, lags: [], erased: 0, finalWords: 0, missingWords: 0, partials: 0 });
    r.listeners++;
    r.partials += l.partials;
    trace.segments.forEach((segment, index) => {
      const screen = l.screens.get(index + 1) ?? [];
      if (!l.finals.has(index + 1)) {
        r.missingWords += segment.words.length;
        return;
      }
      const shown = screen.map((s) => words(s.text));
      const final = shown.at(-1)!;
      r.finalWords += final.length;
      for (let i = 1; i < shown.length; i++) r.erased += beyondCommon(shown[i - 1]!, shown[i]!);
      // How far each screen agreed with the final, word for word.
      const agreed = shown.map((w) => final.length - beyondCommon(final, w));
      for (let j = 0; j < final.length; j++) {
        let k = screen.length - 1;
        while (k > 0 && agreed[k - 1]! > j) k--;
        // Word j of the translation stands for word j of the speech (the mock translates word by word).
        const said = segment.words[Math.min(segment.words.length - 1, Math.floor((j * segment.words.length) / final.length))]!.saidAt;
        r.lags.push(screen[k]!.at - (t0 + said));
      }
    });
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
