import type { TranslatorKind } from '@app/shared';
import type { Caption } from '@app/shared';

/**
 * The in-memory state of one live sermon: who listens in which language (counts, not lists of
 * work per listener), the speaker's connection, and the recent transcript that reconnecting
 * listeners catch up from. No I/O here; LiveService does the talking.
 */

export type ListenerVoice = 'male' | 'female' | 'none' | 'device';
export type CaptionProvider = Caption['provider'];

export interface Translation {
  text: string;
  provider: CaptionProvider;
}

export interface ListenerEntry {
  sessionId: string;
  userId: string | null;
  language: string;
  voice: ListenerVoice;
  /** A room's screen (docs/decisions/019): its language is translated, but it is nobody listening. */
  projector?: boolean;
}

export interface RoomSegment {
  /** transcript_segments.id (made here so translations can be queued before the row is written). */
  id: string;
  seq: number;
  text: string;
  at: number;
  /** When the line's first words were heard (its first interim text; `at` for a typed line): decision 037. */
  spokenAt?: number;
  /** performance.now() when the speaker's line reached this process: caption delivery time is measured from it (decision 035). */
  receivedAt: number;
  translations: Map<string, Translation>;
  /** Translations on their way: a listener joining meanwhile waits for them instead of asking again. */
  pending: Map<string, Promise<Translation>>;
}

export interface RoomLanguage {
  code: string;
  name: string;
  nativeName: string;
  rtl: boolean;
  /** BCP-47 locale for SSML; null when neither the language nor its voices say. */
  locale: string | null;
  maleVoiceId: string | null;
  femaleVoiceId: string | null;
}

export interface LanguageCount {
  /** People: a room's screen is not one (it is counted in `screens`). */
  listeners: number;
  male: number;
  female: number;
  /** Room screens showing the language: it is still translated for them. */
  screens?: number;
}

/**
 * The sentence the speaker is saying, as each language's listeners are shown it so far (decision
 * 030): what a listener joining mid-sentence is given.
 */
export interface CurrentPartial {
  seq: number;
  /** Language → text shown; the spoken language's is the recogniser's interim text. */
  texts: Record<string, string>;
  /** The church's first engine: the partial's label, as a final's provider names its engine (decision 033). */
  provider: TranslatorKind;
}

/** One process's share of a sermon, as published to the others (or their sum, as read back). */
export interface RemoteShare {
  counts: Record<string, LanguageCount>;
  wanted: string[];
  speaker: boolean;
  /** From the process holding the speaker. */
  partial?: CurrentPartial | null;
}

export interface SermonRoomInit {
  id: string;
  broadcastId: string;
  churchId: string;
  hostId: string | null;
  sourceLanguage: string;
  startedAt: number;
  status: 'live' | 'paused';
  lastSeq: number;
  chargedSeconds: number;
  now: number;
  speakerAwaySince: number;
}

export class SermonRoom {
  readonly id: string;
  readonly broadcastId: string;
  readonly churchId: string;
  readonly hostId: string | null;
  readonly sourceLanguage: string;
  readonly startedAt: number;
  status: 'live' | 'paused';
  lastSeq: number;
  /** Set once the sermon is ending: no more segments, joins or timers. */
  ending = false;

  // Church settings, refreshed with every heartbeat.
  languages = new Map<string, RoomLanguage>();
  guestsMayListen = true;
  hasSpeech = false;
  translatorKind: TranslatorKind = 'demo';

  readonly speakerSockets = new Set<string>();
  /** When the last speaker connection went away (or the sermon started without one); null while connected. */
  speakerAwaySince: number | null;

  readonly listeners = new Map<string, ListenerEntry>();
  /** Listeners whose connection dropped: they may come back within the recovery window. */
  readonly away = new Map<string, { entry: ListenerEntry; since: number }>();
  private readonly counts = new Map<string, LanguageCount>();
  /** What the other server processes of the cluster report for this sermon (cluster.ts). */
  private remoteShare: RemoteShare = { counts: {}, wanted: [], speaker: false };
  /** When each language was last wanted anywhere in the cluster. */
  private readonly lastWanted = new Map<string, number>();
  /** The church's caption feeds' languages (keepWanted). */
  private feedLanguages: readonly string[] = [];

  readonly recent: RoomSegment[] = [];
  /** Captions of each language leave in seq order even when translations finish out of order. */
  emitChain: Promise<void> = Promise.resolve();
  lastInterimAt = 0;
  /** The line being said: its seq and when its first interim text came (decision 037). */
  lineStart: { seq: number; at: number } | null = null;
  /** Final lines being stored: interim text arriving meanwhile belongs to the line after them. */
  finalsStoring = 0;
  /** Held where the speaker is (partial-translations.ts). */
  currentPartial: CurrentPartial | null = null;

  // Minute accounting (stream-clock.ts).
  chargedMs: number;
  lastAccrualAt: number;
  lastPersistAt: number;
  persistedSeconds: number;
  secondsAtRefresh: number;
  warned = false;

  // Throttled state pushes to the speaker.
  countsDirty = false;
  lastStatePushAt = 0;
  lastMinutesLeft: number | null = null;

  constructor(init: SermonRoomInit, private readonly maxRecent = 500) {
    this.id = init.id;
    this.broadcastId = init.broadcastId;
    this.churchId = init.churchId;
    this.hostId = init.hostId;
    this.sourceLanguage = init.sourceLanguage;
    this.startedAt = init.startedAt;
    this.status = init.status;
    this.lastSeq = init.lastSeq;
    this.chargedMs = init.chargedSeconds * 1000;
    this.persistedSeconds = init.chargedSeconds;
    this.secondsAtRefresh = init.chargedSeconds;
    this.lastAccrualAt = init.now;
    this.lastPersistAt = init.now;
    this.speakerAwaySince = init.speakerAwaySince;
  }

  get remote(): RemoteShare {
    return this.remoteShare;
  }

  /** The other processes' figures, as cluster.ts read them. */
  setRemote(share: RemoteShare, now: number): void {
    this.remoteShare = share;
    for (const l of share.wanted) this.lastWanted.set(l, now);
  }

  /** The sentence being said, from this process or the one holding the speaker. */
  get partial(): CurrentPartial | null {
    return this.speakerSockets.size > 0 ? this.currentPartial : (this.remote.partial ?? null);
  }

  /** The speaker is connected to this process or, with several processes, to another one. */
  get speakerConnected(): boolean {
    return this.speakerSockets.size > 0 || this.remote.speaker;
  }

  /** What this process tells the others: its listeners per language and languages to translate. */
  localShare(now: number, windowMs: number): RemoteShare {
    const counts: Record<string, LanguageCount> = {};
    for (const [code, c] of this.counts) counts[code] = { ...c };
    const speaker = this.speakerSockets.size > 0;
    return { counts, wanted: this.localWanted(now, windowMs), speaker, ...(speaker && this.currentPartial ? { partial: this.currentPartial } : {}) };
  }

  addListener(socketId: string, entry: ListenerEntry): void {
    this.removeListener(socketId);
    this.away.delete(socketId);
    this.listeners.set(socketId, entry);
    this.count(entry, +1);
  }

  removeListener(socketId: string): ListenerEntry | undefined {
    const entry = this.listeners.get(socketId);
    if (!entry) return undefined;
    this.listeners.delete(socketId);
    this.count(entry, -1);
    return entry;
  }

  /** Changes a listener's language or voice; returns the entry before the change. */
  updateListener(socketId: string, language: string, voice: ListenerVoice): ListenerEntry | undefined {
    const entry = this.listeners.get(socketId);
    if (!entry) return undefined;
    const before = { ...entry };
    this.count(entry, -1);
    entry.language = language;
    entry.voice = voice;
    this.count(entry, +1);
    return before;
  }

  markAway(socketId: string, now: number): void {
    const entry = this.removeListener(socketId);
    if (entry) this.away.set(socketId, { entry, since: now });
  }

  /** A listener back within the window: the same session goes on. */
  restore(socketId: string): ListenerEntry | undefined {
    const away = this.away.get(socketId);
    if (!away) return undefined;
    this.away.delete(socketId);
    this.listeners.set(socketId, away.entry);
    this.count(away.entry, +1);
    return away.entry;
  }

  /** Away listeners whose window has passed, removed. */
  takeExpiredAway(now: number, windowMs: number): Array<{ entry: ListenerEntry; since: number }> {
    const expired: Array<{ entry: ListenerEntry; since: number }> = [];
    for (const [socketId, away] of this.away) {
      if (now - away.since >= windowMs) {
        this.away.delete(socketId);
        expired.push(away);
      }
    }
    return expired;
  }

  /**
   * Languages to translate into: those with a listener now, and those whose listener dropped
   * within the recovery window (so it finds its captions when it returns).
   */
  /**
   * Languages translated with no listener, from the sermon's first line on: its church's caption
   * feeds (decision 037), known when the room opens and refreshed with its settings.
   */
  keepWanted(languages: readonly string[]): void {
    this.feedLanguages = languages.filter((l) => l !== this.sourceLanguage);
  }

  wantedLanguages(now: number, windowMs: number): string[] {
    for (const l of [...this.localWanted(now, windowMs), ...this.remote.wanted, ...this.feedLanguages]) this.lastWanted.set(l, now);
    // A language stays wanted for the recovery window after its last listener anywhere: listeners
    // of a process that stopped come back through another one a moment later, and must find their
    // captions translated (the same rule as for one listener away, above).
    const wanted: string[] = [];
    for (const [l, at] of this.lastWanted) {
      if (now - at < windowMs) wanted.push(l);
      else this.lastWanted.delete(l);
    }
    return wanted;
  }

  private localWanted(now: number, windowMs: number): string[] {
    const wanted = new Set<string>();
    for (const [code, c] of this.counts) if (c.listeners > 0 || (c.screens ?? 0) > 0) wanted.add(code);
    for (const away of this.away.values()) if (now - away.since < windowMs) wanted.add(away.entry.language);
    return [...wanted];
  }

  /** Server voices at least one listener of this language asked for. */
  voicesWanted(language: string): Array<'male' | 'female'> {
    const local = this.counts.get(language);
    const remote = this.remote.counts[language];
    const female = (local?.female ?? 0) + (remote?.female ?? 0);
    const male = (local?.male ?? 0) + (remote?.male ?? 0);
    const voices: Array<'male' | 'female'> = [];
    if (female > 0) voices.push('female');
    if (male > 0) voices.push('male');
    return voices;
  }

  /** Listeners per language in the whole cluster (this process plus what the others report). */
  listenerCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [code, c] of this.counts) if (c.listeners > 0) out[code] = c.listeners;
    for (const [code, c] of Object.entries(this.remote.counts)) if (c.listeners > 0) out[code] = (out[code] ?? 0) + c.listeners;
    return out;
  }

  /** This process's listeners of one language. */
  localListeners(language: string): number {
    return this.counts.get(language)?.listeners ?? 0;
  }

  /** People listening on this process (room screens left out). */
  get listenerTotal(): number {
    let n = 0;
    for (const entry of this.listeners.values()) if (!entry.projector) n++;
    return n;
  }

  pushSegment(segment: RoomSegment): void {
    // Memory is one unbroken run of seqs: lines numbered on another process while the speaker was
    // there are not here, so an older run would answer a catch-up with a hole in it.
    const tail = this.recent.at(-1);
    if (tail && tail.seq !== segment.seq - 1) this.recent.length = 0;
    this.recent.push(segment);
    if (this.recent.length > this.maxRecent) this.recent.splice(0, this.recent.length - this.maxRecent);
  }

  segment(seq: number): RoomSegment | undefined {
    // Recent segments are in seq order and nearly contiguous: look from the end.
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const s = this.recent[i]!;
      if (s.seq === seq) return s;
      if (s.seq < seq) return undefined;
    }
    return undefined;
  }

  /** Lowest seq still held in memory (older ones are read from the database). */
  get oldestRecentSeq(): number | null {
    return this.recent[0]?.seq ?? null;
  }

  private count(entry: ListenerEntry, delta: number): void {
    let c = this.counts.get(entry.language);
    if (!c) {
      c = { listeners: 0, male: 0, female: 0 };
      this.counts.set(entry.language, c);
    }
    if (entry.projector) c.screens = (c.screens ?? 0) + delta;
    else c.listeners += delta;
    if (entry.voice === 'male') c.male += delta;
    if (entry.voice === 'female') c.female += delta;
    if (c.listeners <= 0 && (c.screens ?? 0) <= 0) this.counts.delete(entry.language);
    this.countsDirty = true;
  }
}
