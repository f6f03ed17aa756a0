import { randomUUID } from 'node:crypto';
import { createHeldAudio, liveEvents, recognitionEvents, type Caption, type HeldAudio, type RecognitionStateEvent, type Sermon } from '@app/shared';
import { encodedSpeech, scriptWords } from '../mock-engines';
import type { ClientSocket } from './live-kit';

/**
 * A sermon spoken in real time to the server's engines through a failover (decision 059), as a
 * phone reads it: each word is unique, so every word on a phone is found in the script, and its
 * said time is known to the sample. The speaker's page streams 100 ms frames as they are said and,
 * while no engine listens, runs a stand-in for the browser's recogniser that sends its interim text
 * and its phrases, and stops when an engine listens. Standing by (decision 060, the page's way) it
 * has heard all along and takes over from the phones' last word at once; started cold, it hears what
 * is said from a moment after the engines failed.
 */
export const WORD_MS = 300;
const GAP_MS = 100;
const SENTENCE_GAP_MS = 500;
const FRAME_MS = 100;
const FRAME_BYTES = 3200;
/** The browser's recogniser: this long to start, and a word is known this long after it ends. */
export const STAND_IN_START_MS = 300;
const STAND_IN_LATENCY_MS = 200;

/** `count` sentences of 10 to 13 words (4 to 5.6 s), each word once in the sermon ("w0", "w1"…). */
export function uniqueSentences(count: number): string[] {
  let n = 0;
  return Array.from({ length: count }, (_, i) => Array.from({ length: 10 + (i % 4) }, () => `w${n++}`).join(' '));
}

export class SpokenSermon {
  readonly words: { text: string; sentenceEnd: boolean }[];
  readonly audio: Buffer;
  /** Where each word starts and ends, in ms of the audio. */
  readonly spans: { from: number; to: number }[] = [];
  /** When the first sample was said (Date.now()); set as streaming starts. */
  t0 = 0;

  constructor(sentences: string[]) {
    this.words = scriptWords(sentences);
    this.audio = encodedSpeech(this.words, 0, this.words.length, WORD_MS, GAP_MS, SENTENCE_GAP_MS);
    let at = 0;
    for (const w of this.words) {
      this.spans.push({ from: at, to: at + WORD_MS });
      at += WORD_MS + (w.sentenceEnd ? SENTENCE_GAP_MS : GAP_MS);
    }
  }

  get durationMs(): number {
    return (this.audio.length / 2 / 16);
  }

  /** Where sentence `k` begins, in ms of the audio. */
  sentenceAt(k: number): number {
    const first = this.words.findIndex((_, i) => this.words.slice(0, i).filter((w) => w.sentenceEnd).length === k);
    return this.spans[first]!.from;
  }

  /** When word `i` began to be said (Date.now()). */
  saidAt(i: number): number {
    return this.t0 + this.spans[i]!.from;
  }

  index(word: string): number {
    return Number(/^w(\d+)$/.exec(word.replace(/[^\w]/g, ''))?.[1] ?? -1);
  }
}

/** The speaker's page: frames in real time, and the browser's recogniser while no engine listens. */
export class SpeakingPage {
  private standIn: { from: number; next: number; heard: number[]; firstAt: number | null } | null = null;
  private starting: NodeJS.Timeout | null = null;
  private lastSeq = 0;
  readonly states: RecognitionStateEvent[] = [];
  /** As the page keeps them: the words the phones have of the line the engine is hearing (decision 059). */
  shown: { seq: number; text: string } | null = null;
  /** The last words the phones have: the line in progress, else the last line heard (decision 060). */
  private phonesHave = '';
  /** As the page's: frames wait while the socket is away and go paced on its return (decision 056), each with when it was captured. */
  private readonly held: HeldAudio<{ k: number; audio: Buffer; at: number }>;

  constructor(public socket: ClientSocket, private readonly sermon: Sermon, private readonly spoken: SpokenSermon, private readonly standsBy = true) {
    this.listen(socket);
    this.held = createHeldAudio((f) => this.socket.emit(recognitionEvents.audio, { sermonId: this.sermon.id, seq: f.k, audio: f.audio, at: f.at }), {
      now: () => performance.now(),
      later: (fn, ms) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
    });
    this.held.open();
  }

  /** The socket is gone (a restart): frames wait. */
  away(): void {
    this.held.close();
  }

  /** Joined again on `socket` and the engine opened: the held frames go, paced. */
  back(socket: ClientSocket): void {
    this.listen(socket);
    this.held.open();
  }

  listen(socket: ClientSocket): void {
    this.socket = socket;
    socket.on(recognitionEvents.state, (e: RecognitionStateEvent) => {
      this.states.push(e);
      if (e.heard) this.lastSeq = Math.max(this.lastSeq, e.heard.seq);
      if (e.interim && e.seq) this.shown = { seq: e.seq, text: e.interim };
      if (e.heard && this.shown && e.heard.seq >= this.shown.seq) this.shown = null;
      if (e.interim || e.heard) this.phonesHave = e.interim || e.heard!.text;
      if (e.engine === null && e.state === 'failed') this.startStandIn();
      else if (e.state === 'listening') this.stopStandIn();
    });
  }

  /** Streams the sermon in real time; `at` runs things when that many ms of it were said. */
  async speak(at: [number, () => unknown][] = []): Promise<void> {
    const pending = [...at].sort((a, b) => a[0] - b[0]);
    this.spoken.t0 = Date.now();
    const frames = Math.ceil(this.spoken.audio.length / FRAME_BYTES);
    for (let k = 0; k < frames; k++) {
      // Frame k leaves when its last sample was said.
      const due = this.spoken.t0 + (k + 1) * FRAME_MS;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      while (pending.length > 0 && pending[0]![0] <= (k + 1) * FRAME_MS) await pending.shift()![1]();
      this.hear();
      this.held.push({ k, audio: this.spoken.audio.subarray(k * FRAME_BYTES, (k + 1) * FRAME_BYTES), at: due });
    }
  }

  private startStandIn(): void {
    if (this.standIn || this.starting) return;
    if (this.standsBy) {
      // It heard since the sermon began: from the word after the phones' last, at once.
      const last = this.spoken.index(this.phonesHave.split(/\s+/).at(-1) ?? '');
      this.standIn = { from: this.spoken.t0, next: last + 1, heard: [], firstAt: null };
      this.socket.emit(recognitionEvents.standIn, { sermonId: this.sermon.id, from: this.spoken.t0 }, () => undefined);
      this.hear();
      return;
    }
    this.starting = setTimeout(() => {
      this.starting = null;
      const from = Date.now();
      const next = this.spoken.words.findIndex((_, i) => this.spoken.saidAt(i) >= from);
      this.standIn = { from, next: next < 0 ? this.spoken.words.length : next, heard: [], firstAt: null };
      // The page tells the server from when its recogniser hears (the live clock is Date.now() here).
      this.socket.emit(recognitionEvents.standIn, { sermonId: this.sermon.id, from }, () => undefined);
    }, STAND_IN_START_MS);
  }

  /**
   * The stand-in hears each word said whole since it started, a moment after its end; told to
   * stop, it answers what it captured (`SpeechRecognition.stop()`: a final of the audio so far).
   */
  private hear(stopping = false): void {
    const s = this.standIn;
    if (!s) return;
    const now = Date.now() - (stopping ? 0 : STAND_IN_LATENCY_MS);
    for (; s.next < this.spoken.words.length && this.spoken.t0 + this.spoken.spans[s.next]!.to <= now; s.next++) {
      const i = s.next;
      s.heard.push(i);
      s.firstAt ??= now;
      this.segment(false);
      if (this.spoken.words[i]!.sentenceEnd) this.phrase();
    }
  }

  private stopStandIn(): void {
    if (this.starting) clearTimeout(this.starting);
    this.starting = null;
    this.hear(true);
    if (this.standIn) this.phrase();
    this.standIn = null;
  }

  /** The stand-in's phrase so far goes as a line, timed from its first interim as the page times it. */
  private phrase(): void {
    if (this.standIn?.heard.length) this.segment(true);
    if (this.standIn) {
      this.standIn.heard = [];
      this.standIn.firstAt = null;
    }
  }

  private segment(final: boolean): void {
    const s = this.standIn!;
    const text = s.heard.map((i) => this.spoken.words[i]!.text).join(' ');
    this.socket.emit(liveEvents.segment, {
      sermonId: this.sermon.id, seq: this.lastSeq + 1, text, final,
      ...(final ? { clientId: randomUUID(), startedAt: s.firstAt ?? Date.now() } : {}),
    }, (ack: { ok: boolean; data?: { seq: number } }) => {
      if (ack.ok && ack.data) this.lastSeq = Math.max(this.lastSeq, ack.data.seq);
    });
  }
}

/** What a phone read: when each word first reached it, and the lines it holds. */
export class PhoneLog {
  readonly firstSeen = new Map<number, number>();
  readonly finals = new Map<number, string>();

  constructor(private readonly spoken: SpokenSermon) {}

  attach(socket: ClientSocket): void {
    socket.on(liveEvents.caption, (c: Caption) => this.read(c));
  }

  /** A caption the phone shows: sent to it, or in its join's answer (the lines it missed). */
  read(c: Pick<Caption, 'seq' | 'text' | 'final'>): void {
    const now = Date.now();
    for (const w of c.text.split(/\s+/)) {
      const i = this.spoken.index(w);
      if (i >= 0 && !this.firstSeen.has(i)) this.firstSeen.set(i, now);
    }
    if (c.final) this.finals.set(c.seq, c.text);
  }

  /** The script's indices of the words in the phone's lines, in line order. */
  lineWords(): number[] {
    return [...this.finals.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, t]) => t.split(/\s+/).map((w) => this.spoken.index(w)).filter((i) => i >= 0));
  }

  /**
   * Words said in [from, to) (ms of the sermon): lost, doubled, out of order on the phone; the
   * longest stretch without a new word, counted from `heardFrom` (Date.now()) when nobody could hear before.
   */
  window(from: number, to: number, heardFrom?: number): { lost: number; doubled: number; outOfOrder: number; stretchMs: number } {
    const inWindow = (i: number) => this.spoken.spans[i]!.from >= from && this.spoken.spans[i]!.from < to;
    const seen = this.lineWords();
    const count = new Map<number, number>();
    for (const i of seen) count.set(i, (count.get(i) ?? 0) + 1);
    let lost = 0;
    let doubled = 0;
    for (let i = 0; i < this.spoken.words.length; i++) {
      if (!inWindow(i)) continue;
      if (!count.has(i)) lost++;
      doubled += Math.max(0, (count.get(i) ?? 0) - 1);
    }
    const outOfOrder = seen.filter((i, k) => k > 0 && inWindow(i) && i < seen[k - 1]!).length;
    // New words reaching the phone, around the window: the longest gap that overlaps it.
    const times = [...(heardFrom ? [heardFrom] : []), ...[...this.firstSeen.values()].filter((t) => !heardFrom || t > heardFrom)].sort((a, b) => a - b);
    const start = Math.max(this.spoken.t0 + from, heardFrom ?? 0);
    const end = this.spoken.t0 + to;
    let stretchMs = 0;
    for (let k = 1; k < times.length; k++) if (times[k]! > start && times[k - 1]! < end) stretchMs = Math.max(stretchMs, times[k]! - times[k - 1]!);
    return { lost, doubled, outOfOrder, stretchMs };
  }
}
