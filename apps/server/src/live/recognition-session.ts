import type { EngineErrorKind, EngineSlot, RecognitionStateEvent, ServerRecognitionKind } from '@app/shared';
import { RECOGNITION_SAMPLE_RATE } from '@app/shared';
import { RecognitionError, type OpenOptions, type RecognitionEngine, type RecognitionStream } from '../providers/recognition/recognizer';
import { decideRecognition, type RecognitionAction } from './recognition-policy';
import { AudioRing, hasSpeech } from './audio-ring';

/** How often the session checks on its engine, and keeps an idle stream alive. */
const TICK_MS = 500;
/** Without audio for this long (a paused microphone), the engine is sent its keep-alive. */
const KEEPALIVE_AFTER_MS = 3000;
/** Deepgram, AssemblyAI and Azure answer while a phrase is said; a realtime server answers at its end. */
const STALL_MS: Record<ServerRecognitionKind, number> = { deepgram: 5000, assemblyai: 5000, 'azure-server': 5000, 'openai-realtime': 15_000 };

export interface SessionEngine {
  slot: EngineSlot;
  engine: RecognitionEngine;
}

export interface SessionHooks {
  /** Interim text of the phrase being said. */
  interim(text: string): void;
  /** A final phrase, in order: the next waits until this one is taken. `heardAt`: when the engine's answer arrived. */
  final(text: string, heardAt: number): Promise<void>;
  state(state: Omit<RecognitionStateEvent, 'sermonId'>): void;
  /** Audio sent to an engine (billed per minute), and a failure of one. */
  usage(kind: ServerRecognitionKind, ms: number): void;
  failed(slot: EngineSlot, kind: ServerRecognitionKind, error: RecognitionError): void;
  log(action: RecognitionAction, slot: EngineSlot): void;
}

/**
 * One sermon's server-side recognition (decision 038): the speaker's audio goes to the active
 * engine and into a short ring of what is not yet final; when the policy says so, the active
 * engine is reopened or the other takes over, and the ring is replayed to it from the end of the
 * last final phrase, so no word is lost and none is said twice.
 */
export class RecognitionSession {
  private active: EngineSlot = 'primary';
  private stream: RecognitionStream | null = null;
  /** Bumped by every stream opened: results of an abandoned stream are ignored. */
  private generation = 0;
  private connecting = false;
  private stopped = false;
  private readonly ring = new AudioRing();
  /** The sample (from the sermon's first audio) this stream's time 0 is. */
  private streamBase = 0;
  private speechWithoutResultMs = 0;
  private lastAudioAt = 0;
  private lastKeepAliveAt = 0;
  private readonly failures = new Map<EngineSlot, { at: number[]; lastAt: number | null; forGood: boolean }>();
  private finals: Promise<void> = Promise.resolve();
  private lastFinal = '';
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly engines: SessionEngine[],
    private readonly open: Pick<OpenOptions, 'language' | 'locale' | 'terms'>,
    private readonly hooks: SessionHooks,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  get engine(): SessionEngine | undefined {
    return this.engines.find((e) => e.slot === this.active);
  }

  /** Opens the first engine (the second when the first cannot be opened). */
  async start(): Promise<void> {
    this.active = this.engines[0]!.slot;
    await this.connect();
  }

  push(pcm: Buffer): void {
    if (this.stopped) return;
    this.ring.push(pcm);
    const ms = (pcm.length / 2 / RECOGNITION_SAMPLE_RATE) * 1000;
    this.lastAudioAt = this.now();
    if (hasSpeech(pcm)) this.speechWithoutResultMs += ms;
    if (this.stream && !this.connecting) {
      this.stream.send(pcm);
      this.hooks.usage(this.engine!.engine.kind, ms);
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    const stream = this.stream;
    this.stream = null;
    await stream?.finish().catch(() => undefined);
    await this.finals;
    this.hooks.state({ engine: null, slot: null, state: 'stopped' });
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    const current = this.engine!;
    this.connecting = true;
    this.stream?.close();
    this.stream = null;
    try {
      const stream = await current.engine.open({
        ...this.open,
        handlers: {
          onResult: (r) => gen === this.generation && this.result(r.text, r.final, r.endMs),
          onFailure: (err) => gen === this.generation && this.failure(err),
        },
      });
      if (gen !== this.generation || this.stopped) return stream.close();
      this.stream = stream;
      // What the last engine did not finish, from the end of the last final phrase, then live audio.
      this.streamBase = this.ring.finalisedUpTo;
      const unfinished = this.ring.since(this.streamBase);
      for (const frame of unfinished) stream.send(frame);
      this.hooks.usage(current.engine.kind, (this.ring.end - this.streamBase) / RECOGNITION_SAMPLE_RATE * 1000);
      this.connecting = false;
      this.speechWithoutResultMs = 0;
      this.hooks.state({ engine: current.engine.kind, slot: current.slot, state: 'listening' });
    } catch (err) {
      if (gen !== this.generation || this.stopped) return;
      this.failure(err instanceof RecognitionError ? err : new RecognitionError(String(err), undefined, 'unreachable'));
    }
  }

  private result(text: string, final: boolean, endMs: number | undefined): void {
    this.speechWithoutResultMs = 0;
    if (!final) return this.hooks.interim(text);
    if (endMs !== undefined) this.ring.finalise(this.streamBase + Math.round((endMs / 1000) * RECOGNITION_SAMPLE_RATE));
    const heardAt = performance.now();
    const line = withoutRepeat(this.lastFinal, text);
    if (!line) return;
    this.lastFinal = text;
    this.finals = this.finals.then(() => this.hooks.final(line, heardAt)).catch(() => undefined);
  }

  private failure(error: RecognitionError): void {
    const current = this.engine!;
    this.hooks.failed(current.slot, current.engine.kind, error);
    this.decide({ kind: 'failed', error: error.kind });
  }

  private tick(): void {
    if (this.stopped || this.connecting || !this.stream) return;
    const now = this.now();
    if (now - this.lastAudioAt >= KEEPALIVE_AFTER_MS && now - this.lastKeepAliveAt >= KEEPALIVE_AFTER_MS) {
      this.lastKeepAliveAt = now;
      this.stream.keepAlive();
    }
    if (this.speechWithoutResultMs >= STALL_MS[this.engine!.engine.kind]) {
      this.hooks.failed(this.active, this.engine!.engine.kind, new RecognitionError('The engine heard speech but answered nothing', undefined, 'timeout'));
      this.decide({ kind: 'tick' });
    }
  }

  private decide(signal: { kind: 'failed'; error: EngineErrorKind } | { kind: 'tick' }): void {
    const now = this.now();
    const mine = this.record(this.active, now, signal.kind === 'failed' ? signal.error : 'timeout');
    const otherSlot = this.engines.find((e) => e.slot !== this.active)?.slot;
    const other = otherSlot ? this.failures.get(otherSlot) : undefined;
    const action = decideRecognition({
      signal, active: this.active, hasOther: otherSlot !== undefined,
      otherFailedAt: other?.lastAt ?? null, otherFailedForGood: other?.forGood ?? false,
      recentFailures: mine - 1, speechWithoutResultMs: this.speechWithoutResultMs, stallMs: STALL_MS[this.engine!.engine.kind], now,
    });
    this.hooks.log(action, this.active);
    if (action.do === 'none') return;
    if (action.do === 'give_up') {
      this.stream?.close();
      this.stream = null;
      this.generation++;
      this.hooks.state({ engine: null, slot: null, state: 'failed' });
      return;
    }
    if (action.do === 'switch') this.active = action.to;
    this.hooks.state({ engine: this.engine!.engine.kind, slot: this.active, state: 'switching' });
    void this.connect();
  }

  /** Counts a failure of `slot`; returns its failures in the last minute, this one included. */
  private record(slot: EngineSlot, now: number, error: EngineErrorKind): number {
    const f = this.failures.get(slot) ?? { at: [], lastAt: null, forGood: false };
    f.at = [...f.at.filter((t) => now - t < 60_000), now];
    f.lastAt = now;
    f.forGood = error === 'auth' || error === 'quota';
    this.failures.set(slot, f);
    return f.at.length;
  }
}

const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}\s']/gu, '').split(/\s+/).filter(Boolean);

/**
 * A final phrase without the words it repeats from the end of the previous one: a safeguard for
 * an engine whose phrase end was not exactly where it said (the replay starts there). Two or more
 * words must repeat; one could be the speaker's own ("so, so").
 */
export function withoutRepeat(previous: string, next: string): string {
  const a = words(previous);
  const raw = next.split(/\s+/).filter(Boolean);
  const b = words(next);
  for (let n = Math.min(a.length, b.length, 12); n >= 2; n--) {
    if (a.slice(-n).join(' ') === b.slice(0, n).join(' ')) return raw.slice(n).join(' ');
  }
  return next.trim();
}
