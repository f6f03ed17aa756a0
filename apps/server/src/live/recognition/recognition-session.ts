import { RECOGNITION_SAMPLE_RATE, type EngineErrorKind, type EngineSlot, type RecognitionStateEvent, type ServerRecognitionKind } from '@app/shared';
import { RecognitionError, type OpenOptions, type RecognitionEngine, type RecognitionStream } from '../../providers/recognition/recognizer';
import { AudioFeed, bytesOf, realClock, type FeedClock } from '../../providers/recognition/audio-feed';
import { decideRecognition, type RecognitionAction, type SlotHealth } from './recognition-policy';
import { AudioRing, hasSpeech } from './audio-ring';
import { AudioTimes } from './audio-times';
import { HandBack } from './handback';
import { withoutRepeat } from './phrase-repeats';
import { ShownWords } from './shown-words';
import { StreamPieces } from './stream-pieces';
import { Outage, PagePhrase } from './outage';

/** How often the session checks on its engine, and keeps an idle stream alive. */
const TICK_MS = 500;
/** Without audio for this long (a paused microphone), the engine is sent its keep-alive. */
const KEEPALIVE_AFTER_MS = 3000;
/** An engine whose rules keep a pause with silence gets this much, as audio. */
const KEEPALIVE_SILENCE = Buffer.alloc(bytesOf(100));
/** Deepgram, AssemblyAI and Azure answer while a phrase is said; a realtime server answers at its end. */
const STALL_MS: Record<ServerRecognitionKind, number> = { deepgram: 5000, assemblyai: 5000, 'azure-server': 5000, 'openai-realtime': 15_000 };

export interface SessionEngine {
  slot: EngineSlot;
  engine: RecognitionEngine;
}

export interface SessionHooks {
  /** Interim text of the phrase being said. `saidAgoMs`: how long ago its first words were said, where timed (decision 044). */
  interim(text: string, saidAgoMs?: number): void;
  /** A final phrase, in order: the next waits until this one is taken. `heardAt`: when the engine's answer arrived. */
  final(text: string, heardAt: number, saidAgoMs?: number): Promise<void>;
  state(state: Omit<RecognitionStateEvent, 'sermonId'>): void;
  /** Audio sent to an engine (billed per minute), and a failure of one. */
  usage(kind: ServerRecognitionKind, ms: number): void;
  failed(slot: EngineSlot, kind: ServerRecognitionKind, error: RecognitionError): void;
  log(action: RecognitionAction, slot: EngineSlot): void;
}

/**
 * One sermon's server-side recognition (decisions 038, 043): the speaker's audio goes to the
 * active engine through a feed that keeps its rules (chunk sizes, pace), and into a ring of what
 * is not yet final; when the policy says so, the engine is reopened or the other takes over, now
 * or after a back-off, and the ring is replayed to it from the end of the last word the phones
 * have (decision 059), so no word is lost and none is said twice. It never gives up while the sermon is live.
 */
export class RecognitionSession {
  private active: EngineSlot = 'primary';
  private stream: RecognitionStream | null = null;
  private feed: AudioFeed | null = null;
  /** Bumped by every stream opened: results of an abandoned stream are ignored. */
  private generation = 0;
  private connecting = false;
  private stopped = false;
  private readonly ring = new AudioRing();
  /** When the ring's audio was said, from when it arrived (decision 044). */
  private readonly times = new AudioTimes();
  /** The ring's samples this stream was sent, in order (a replay may skip what the page recognised). */
  private pieces = new StreamPieces();
  private speechWithoutResultMs = 0;
  private lastAudioAt = 0;
  private lastKeepAliveAt = 0;
  private readonly failures = new Map<EngineSlot, { at: number[]; health: SlotHealth }>();
  /** Failures since an engine last answered. */
  private streak = 0;
  private retry: { cancel(): void } | null = null;
  /** While no engine listens (`outage.ts`). */
  private outage: Outage | null = null;
  private readonly handback = new HandBack();
  /** What the phones have of the phrase in progress (decision 059): its words so far, where they end, when they began. */
  readonly shown = new ShownWords();
  private readonly pagePhrase = new PagePhrase();
  private finals: Promise<void> = Promise.resolve();
  private lastFinal = '';
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly engines: SessionEngine[],
    private readonly open: Pick<OpenOptions, 'language' | 'locale' | 'terms'>,
    private readonly hooks: SessionHooks,
    private readonly clock: FeedClock = realClock,
    private readonly random: () => number = Math.random,
  ) {
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  get engine(): SessionEngine | undefined {
    return this.engines.find((e) => e.slot === this.active);
  }

  /** Whether an engine's stream is open and hearing the audio. */
  get listening(): boolean {
    return this.stream !== null && !this.connecting;
  }

  /** Opens the first engine (another at once when it cannot be opened); resolves once one listens or a retry waits. */
  async start(): Promise<void> {
    this.active = this.engines[0]!.slot;
    await this.connect();
  }

  /** A frame of the speaker's audio; `saidAgoMs`: how long ago the page captured its end, where it says. */
  push(pcm: Buffer, saidAgoMs?: number): void {
    if (this.stopped) return;
    this.lastAudioAt = this.clock.now();
    if (hasSpeech(pcm)) this.speechWithoutResultMs += (pcm.length / 2 / RECOGNITION_SAMPLE_RATE) * 1000;
    this.take(pcm, saidAgoMs);
  }

  /**
   * The speaker's page sent text itself (its browser's recogniser, or typing): while no engine
   * listens, the audio of that time is the page's, and is not replayed to the engine that comes back.
   * Returns what is left of a line to say (the hand-back's shared words go once, `handback.ts`).
   */
  pageSpoke(text: string, final = true): string {
    if (this.outage) this.outage.covered = true;
    if (final) this.pagePhrase.final();
    else this.pagePhrase.interim(this.clock.now(), () => this.outage?.phraseAgo(this.ring, this.times, this.clock.now(), 0));
    return final ? this.handback.page(text, this.clock.now()) : text;
  }

  /** How long ago a phrase of the page's recogniser began, which it began to show `agoMs` ago (`outage.ts`). */
  pagePhraseAgo(agoMs: number): number | undefined {
    return this.pagePhrase.ago(this.clock.now(), agoMs) ?? this.outage?.phraseAgo(this.ring, this.times, this.clock.now(), agoMs);
  }

  /** The page's own recogniser hears since `agoMs` ago (decision 059, `outage.ts`). */
  pageHears(agoMs: number): void {
    this.outage?.pageHears(this.ring, this.times, this.clock.now() - agoMs);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.retry?.cancel();
    const { stream, feed } = this;
    this.stream = null;
    this.feed = null;
    await feed?.flush();
    await stream?.finish().catch(() => undefined);
    // Words the phones have of a phrase no engine finished (it stopped mid-switch): that phrase's line.
    this.queueFinal(this.shown.takeCarried());
    await this.finals;
    this.hooks.state({ engine: null, slot: null, state: 'stopped' });
  }

  /** Audio into the ring, and to the stream when one listens. */
  private take(pcm: Buffer, saidAgoMs = 0): void {
    const start = this.ring.end;
    this.times.arrived(start, pcm.length >> 1, this.clock.now() - saidAgoMs);
    this.ring.push(pcm);
    if (this.stream && !this.connecting) this.send(start, pcm);
  }

  private send(ringStart: number, pcm: Buffer): void {
    const samples = pcm.length >> 1;
    this.pieces.add(ringStart, samples);
    this.feed!.push(pcm);
    this.hooks.usage(this.engine!.engine.kind, (samples / RECOGNITION_SAMPLE_RATE) * 1000);
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    const current = this.engine!;
    this.connecting = true;
    this.feed?.close();
    this.stream?.close();
    this.stream = null;
    this.feed = null;
    let stream: RecognitionStream;
    try {
      stream = await current.engine.open({
        ...this.open,
        handlers: {
          onResult: (r) => gen === this.generation && this.result(r.text, r.final, r.endMs, r.startMs),
          onFailure: (err) => gen === this.generation && void this.failure(err),
        },
      });
    } catch (err) {
      if (gen !== this.generation || this.stopped) return;
      return this.failure(err instanceof RecognitionError ? err : new RecognitionError(String(err), undefined, 'unreachable'));
    }
    if (gen !== this.generation || this.stopped) return stream.close();
    this.stream = stream;
    this.feed = new AudioFeed(current.engine.rules, (chunk) => stream.send(chunk), this.clock);
    this.pieces = new StreamPieces();
    // The page recognised the outage itself: only what was no one's before it is replayed.
    const pageFrom = this.outage?.pageAudioFrom(this.ring) ?? null;
    if (pageFrom !== null) {
      this.ring.drop(pageFrom);
      this.handback.begin(this.clock.now());
    }
    this.outage = null;
    // What the last engine did not finish, from the end of the last final phrase, then live audio.
    for (const piece of this.ring.since(this.ring.finalisedUpTo)) this.send(piece.start, piece.pcm);
    this.connecting = false;
    this.speechWithoutResultMs = 0;
    this.hooks.state({ engine: current.engine.kind, slot: current.slot, state: 'listening' });
  }

  /** The ring's sample at this stream's `ms`. */
  private ringAt(ms: number): number {
    return this.pieces.ringAt(ms, this.ring.finalisedUpTo);
  }

  private ago(at: number | undefined): number | undefined {
    return at === undefined ? undefined : Math.max(0, this.clock.now() - at);
  }

  private result(text: string, final: boolean, endMs: number | undefined, startMs?: number): void {
    this.speechWithoutResultMs = 0;
    this.streak = 0;
    const from = startMs === undefined ? undefined : this.ringAt(startMs);
    const said = from === undefined ? undefined : this.times.saidAt(from);
    // The words carried from the engine before were a phrase of their own: their line goes first.
    this.queueFinal(this.shown.apart(from));
    if (!final) {
      const { text: whole, saidAt } = this.shown.interim(text, endMs === undefined ? undefined : this.ringAt(endMs), said);
      return this.hooks.interim(whole, this.ago(saidAt));
    }
    if (endMs !== undefined) this.ring.finalise(this.ringAt(endMs));
    const own = withoutRepeat(this.lastFinal, this.handback.engine(text, this.clock.now()));
    // A phrase an engine before this one began: the words the phones have of it lead the line.
    const line = this.shown.final(own, said);
    if (own) this.lastFinal = text;
    this.queueFinal(line);
  }

  /** A final line, in order behind the ones before it. */
  private queueFinal(line: { text: string; saidAt: number | undefined } | null): void {
    if (!line?.text) return;
    const heardAt = performance.now();
    this.finals = this.finals.then(() => this.hooks.final(line.text, heardAt, this.ago(line.saidAt))).catch(() => undefined);
  }

  private failure(error: RecognitionError): Promise<void> {
    const current = this.engine!;
    this.hooks.failed(current.slot, current.engine.kind, error);
    return this.decide({ kind: 'failed', error: error.kind });
  }

  private tick(): void {
    if (this.stopped || this.connecting || !this.stream) return;
    const now = this.clock.now();
    if (now - this.lastAudioAt >= KEEPALIVE_AFTER_MS && now - this.lastKeepAliveAt >= KEEPALIVE_AFTER_MS) {
      this.lastKeepAliveAt = now;
      const how = this.engine!.engine.rules.keepAlive;
      // Silence is audio to the engine: it goes through the ring, so its times stay the ring's.
      if (how === 'silence') this.take(KEEPALIVE_SILENCE);
      else if (how === 'message') this.stream.keepAlive();
    }
    if (this.speechWithoutResultMs >= STALL_MS[this.engine!.engine.kind]) {
      this.hooks.failed(this.active, this.engine!.engine.kind, new RecognitionError('The engine heard speech but answered nothing', undefined, 'timeout'));
      void this.decide({ kind: 'tick' });
    }
  }

  private decide(signal: { kind: 'failed'; error: EngineErrorKind } | { kind: 'tick' }): Promise<void> {
    const now = this.clock.now();
    const mine = this.failures.get(this.active);
    const recentFailures = mine?.at.filter((t) => now - t < 60_000).length ?? 0;
    const action = decideRecognition({
      signal, active: this.active, slots: this.engines.map((e) => this.failures.get(e.slot)?.health ?? { slot: e.slot, failedAt: null, forGood: false }),
      recentFailures, streak: this.streak, speechWithoutResultMs: this.speechWithoutResultMs, stallMs: STALL_MS[this.engine!.engine.kind], now, random: this.random(),
    });
    this.hooks.log(action, this.active);
    if (action.do === 'none') return Promise.resolve();
    // The words the phones have of the phrase in progress stay theirs: the next engine is replayed
    // only what follows them, and its phrase continues theirs (decision 059).
    const shownTo = this.shown.carry();
    if (shownTo !== undefined) this.ring.finalise(shownTo);
    this.record(this.active, now, signal.kind === 'failed' ? signal.error : 'timeout');
    this.streak++;
    this.feed?.close();
    this.stream?.close();
    this.stream = null;
    this.feed = null;
    this.generation++;
    this.retry?.cancel();
    this.active = action.slot;
    if (action.afterMs <= 0) {
      this.hooks.state({ engine: this.engine!.engine.kind, slot: this.active, state: 'switching' });
      return this.connect();
    }
    // No engine listens until the next try: the speaker is told (the page's own recogniser takes over).
    // The phones' words of the phrase in progress are its line now, before any line of the page's.
    this.queueFinal(this.shown.takeCarried());
    this.outage ??= new Outage(this.ring.end);
    this.connecting = true;
    this.hooks.state({ engine: null, slot: null, state: 'failed' });
    this.retry = this.clock.later(() => {
      this.retry = null;
      if (!this.stopped) void this.connect();
    }, action.afterMs);
    return Promise.resolve();
  }

  private record(slot: EngineSlot, now: number, error: EngineErrorKind): void {
    const f = this.failures.get(slot) ?? { at: [], health: { slot, failedAt: null, forGood: false } };
    f.at = [...f.at.filter((t) => now - t < 60_000), now];
    f.health = { slot, failedAt: now, forGood: error === 'auth' || error === 'quota' };
    this.failures.set(slot, f);
  }
}
