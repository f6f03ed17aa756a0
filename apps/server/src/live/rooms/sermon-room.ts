import type { TranslatorKind } from '@app/shared';
import { RoomAudience } from './room-audience';
import type { CurrentPartial, RemoteShare, RoomLanguage, RoomSegment } from './room-types';

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

/**
 * The in-memory state of one live sermon: its listeners (RoomAudience), the speaker's connection,
 * and the recent transcript that reconnecting listeners catch up from. No I/O here; LiveService
 * does the talking.
 */
export class SermonRoom extends RoomAudience {
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
  lastStatePushAt = 0;
  lastMinutesLeft: number | null = null;

  constructor(init: SermonRoomInit, private readonly maxRecent = 500) {
    super();
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
    const counts = this.localCounts();
    const speaker = this.speakerSockets.size > 0;
    return { counts, wanted: this.localWanted(now, windowMs), speaker, ...(speaker && this.currentPartial ? { partial: this.currentPartial } : {}) };
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
}
