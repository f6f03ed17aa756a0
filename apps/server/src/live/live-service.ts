import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  LISTENER_RECOVERY_MS,
  liveEvents,
  SPEAKER_GRACE_MS,
  STREAM_LIMIT_WARNING_MINUTES,
  type Caption,
  type LiveError,
  type ListenerJoinAck,
  type ListenerPrefsAck,
  type SegmentAck,
  type SegmentPayload,
  type SermonEnded,
  type SermonEndReason,
  type SermonState,
  type SermonWarning,
  type SpeakerJoinAck,
} from '@app/shared';
import type { AppContext } from '../context';
import { churches, sermons, transcriptSegments } from '../db/schema';
import { canReachChurch } from '../lib/access';
import type { Actor } from '../lib/session';
import { providersForChurch } from '../providers/church-providers';
import { CaptionPipeline } from './caption-pipeline';
import { toCaption } from './captions';
import { systemClock, type Clock } from './clock';
import { loadJoinLanguages } from './join-languages';
import { rooms } from './room-names';
import { SermonRoom, type ListenerVoice, type RoomSegment, type Translation } from './sermon-room';
import { secondsLeftFromDatabase, StreamClock } from './stream-clock';
import { TtsCache } from './tts-cache';
import { WriteQueue } from './write-queue';

export interface LiveOptions {
  clock: Clock;
  /** How often timers are checked (grace, limit, warnings, throttled counts). */
  tickMs: number;
  /** How often charged minutes and the heartbeat are written. */
  heartbeatMs: number;
  speakerGraceMs: number;
  listenerRecoveryMs: number;
  warningSeconds: number;
  /** The speaker's listener counts are pushed at most this often. */
  countsThrottleMs: number;
  /** A new listener (lastSeq 0) gets this many recent captions. */
  newListenerCaptions: number;
  /** Missing translations made on demand per catch-up; the rest arrive as original text. */
  maxOnDemandTranslations: number;
  /** Interim text is forwarded at most this often per sermon (it is superseded anyway). */
  interimMinGapMs: number;
}

export const defaultLiveOptions = (): LiveOptions => ({
  clock: systemClock,
  tickMs: 1000,
  heartbeatMs: 15_000,
  speakerGraceMs: SPEAKER_GRACE_MS,
  listenerRecoveryMs: LISTENER_RECOVERY_MS,
  warningSeconds: STREAM_LIMIT_WARNING_MINUTES * 60,
  countsThrottleMs: 1000,
  newListenerCaptions: 20,
  maxOnDemandTranslations: 60,
  interimMinGapMs: 100,
});

/** A refusal sent back to the client as `{ ok: false, error }`. */
export class LiveFailure extends Error {
  constructor(readonly code: LiveError['code'], message: string) {
    super(message);
  }
}

/** Where the service sends events; the Socket.IO gateway provides it. */
export interface LiveEmitter {
  emit(room: string, event: string, payload: unknown, opts?: { volatile?: boolean }): void;
  /** Every socket in `room` leaves `rooms`. */
  leaveAll(room: string, rooms: string[]): void;
}

export interface ListenerRef {
  sermonId: string;
  sessionId: string;
  userId: string | null;
  language: string;
  voice: ListenerVoice;
}

export interface LiveSocketData {
  actor: Actor | null;
  listener?: ListenerRef;
  speakerOf?: string;
}

export interface LiveSocket {
  id: string;
  data: LiveSocketData;
  join(room: string | string[]): unknown;
  leave(room: string): unknown;
}

const endMessages: Record<SermonEndReason, string> = {
  stopped: 'The speaker ended this sermon.',
  ended_by_admin: 'This sermon was ended by a church administrator.',
  stream_limit: "This church's weekly streaming minutes are used up, so the sermon has ended.",
  speaker_timeout: 'The speaker did not come back in time, so the sermon has ended.',
  server_restart: 'This sermon ended while the service restarted.',
};

type SermonRow = typeof sermons.$inferSelect;

/**
 * The live pipeline of one server process (ARCHITECTURE.md section 5): sermon rooms, the
 * translation and voice fan-out, minute accounting, the speaker's grace period and recovery after
 * a restart. Per-listener state is a small entry in a map; work per caption grows with languages,
 * never with listeners.
 */
export class LiveService {
  readonly options: LiveOptions;
  readonly writer: WriteQueue;
  readonly tts: TtsCache;
  emitter: LiveEmitter | null = null;
  private readonly log: FastifyBaseLogger;
  private readonly stream: StreamClock;
  private readonly rooms = new Map<string, SermonRoom>();
  private readonly byBroadcast = new Map<string, string>();
  readonly captions: CaptionPipeline;
  private interval: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private started = false;

  constructor(private readonly ctx: AppContext, options: Partial<LiveOptions> = {}) {
    this.options = { ...defaultLiveOptions(), ...options };
    this.log = ctx.log.child({ module: 'live' });
    this.writer = new WriteQueue(ctx.db, this.log);
    this.tts = new TtsCache(path.join(ctx.dataDir, 'tts'), this.log);
    this.stream = new StreamClock(ctx.db);
    this.captions = new CaptionPipeline({
      ctx,
      log: this.log,
      writer: this.writer,
      tts: this.tts,
      maxOnDemandTranslations: this.options.maxOnDemandTranslations,
      room: (id) => this.rooms.get(id),
      emit: (room, event, payload) => this.emit(room, event, payload),
    });
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** Replaces the clock (tests); sermons in memory continue from the new clock's now. */
  useClock(clock: Clock): void {
    this.options.clock = clock;
    const now = clock.now();
    for (const room of this.rooms.values()) {
      room.lastAccrualAt = now;
      room.lastPersistAt = now;
      if (room.speakerAwaySince !== null) room.speakerAwaySince = now;
    }
  }

  /** Ends or resumes sermons left live by a previous run, then starts the timers. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.recoverAfterRestart();
    this.interval = setInterval(() => void this.tick(), this.options.tickMs);
    this.interval.unref();
  }

  /** Stops timers and writes what is pending. Sermons stay live: a restart resumes them. */
  async close(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.ticking;
    const now = this.clock.now();
    const all = [...this.rooms.values()];
    for (const room of all) this.stream.accrue(room, now);
    try {
      await this.stream.persist(all, now);
    } catch (err) {
      this.log.error({ err }, 'could not store heartbeats at shutdown');
    }
    await this.writer.close();
  }

  room(sermonId: string): SermonRoom | undefined {
    return this.rooms.get(sermonId);
  }

  roomByBroadcast(broadcastId: string): SermonRoom | undefined {
    const id = this.byBroadcast.get(broadcastId);
    return id ? this.rooms.get(id) : undefined;
  }

  /** Seconds the church has left this week, including its sermons live right now. */
  async secondsLeft(churchId: string): Promise<number> {
    const live = this.roomsOf(churchId);
    if (live.length === 0) return secondsLeftFromDatabase(this.ctx.db, churchId, this.clock.now());
    const now = this.clock.now();
    for (const r of live) this.stream.accrue(r, now);
    await this.stream.refresh(churchId, live, now);
    return this.stream.secondsLeft(churchId, live);
  }

  /** Starts tracking a sermon that has just gone live (or survived a restart). */
  async open(row: SermonRow, opts: { speakerAwaySince?: number } = {}): Promise<SermonRoom> {
    const existing = this.rooms.get(row.id);
    if (existing) return existing;
    const [last] = await this.ctx.db.select({ seq: max(transcriptSegments.seq) }).from(transcriptSegments).where(eq(transcriptSegments.sermonId, row.id));
    const now = this.clock.now();
    const room = new SermonRoom({
      id: row.id,
      broadcastId: row.broadcastId,
      churchId: row.churchId,
      hostId: row.hostId,
      sourceLanguage: row.sourceLanguage,
      startedAt: row.startedAt.getTime(),
      status: row.status === 'paused' ? 'paused' : 'live',
      lastSeq: last?.seq ?? 0,
      chargedSeconds: row.chargedSeconds,
      now,
      // Until the speaker's socket connects, the grace period runs: a speaker whose browser never
      // connects does not leave a sermon live for ever.
      speakerAwaySince: opts.speakerAwaySince ?? now,
    });
    await this.loadSettings(room);
    this.rooms.set(room.id, room);
    this.byBroadcast.set(room.broadcastId, room.id);
    await this.stream.refresh(room.churchId, this.roomsOf(room.churchId), now);
    return room;
  }

  state(room: SermonRoom): SermonState {
    const secondsLeft = this.stream.secondsLeft(room.churchId, this.roomsOf(room.churchId));
    return {
      sermonId: room.id,
      status: room.status,
      speakerConnected: room.speakerConnected,
      listenerCounts: room.listenerCounts(),
      minutesLeft: Number.isFinite(secondsLeft) ? Math.max(0, Math.ceil(secondsLeft / 60)) : null,
      translator: room.translatorKind,
    };
  }

  // --- speaker ---------------------------------------------------------------------------------

  async speakerJoin(socket: LiveSocket, sermonId: string): Promise<SpeakerJoinAck> {
    const actor = socket.data.actor;
    if (!actor) throw new LiveFailure('forbidden', 'Please sign in to speak');
    const room = await this.liveRoom(sermonId);
    if (!room || !canReachChurch(actor, 'church:read', room.churchId)) throw new LiveFailure('not_found', 'Sermon not found');
    const isHost = room.hostId === actor.id;
    const isChurchAdmin = actor.churchId === room.churchId && canReachChurch(actor, 'sermons:end-any', room.churchId);
    if (!isHost && !isChurchAdmin) throw new LiveFailure('forbidden', 'Only the speaker of this sermon or a church administrator may speak');
    if (socket.data.speakerOf && socket.data.speakerOf !== room.id) this.speakerLeft(socket, socket.data.speakerOf);
    socket.data.speakerOf = room.id;
    await socket.join([rooms.speaker(room.id), rooms.all(room.id)]);
    this.speakerConnected(room, socket.id);
    const state = this.state(room);
    const left = this.stream.secondsLeft(room.churchId, this.roomsOf(room.churchId));
    if (left <= this.options.warningSeconds) this.warn(room, left, true);
    return { state, lastSeq: room.lastSeq, sourceLanguage: room.sourceLanguage };
  }

  /** A speaker socket came back through connection-state recovery. */
  speakerRecovered(socket: LiveSocket): void {
    const room = socket.data.speakerOf ? this.rooms.get(socket.data.speakerOf) : undefined;
    if (room && !room.ending) this.speakerConnected(room, socket.id);
  }

  speakerLeft(socket: LiveSocket, sermonId: string): void {
    const room = this.rooms.get(sermonId);
    if (!room || !room.speakerSockets.delete(socket.id)) return;
    if (room.speakerSockets.size === 0) {
      // The grace period starts: listeners see "speaker reconnecting".
      room.speakerAwaySince = this.clock.now();
      this.broadcastState(room);
    }
  }

  async segment(socket: LiveSocket, payload: SegmentPayload): Promise<SegmentAck> {
    const room = this.speakingRoom(socket, payload.sermonId);
    if (room.status === 'paused') throw new LiveFailure('not_live', 'The sermon is paused');
    const now = this.clock.now();
    if (!payload.final) {
      const seq = room.lastSeq + 1;
      if (now - room.lastInterimAt >= this.options.interimMinGapMs) {
        room.lastInterimAt = now;
        // Interim text only for listeners of the spoken language: translations show finals only.
        const interim: Caption = { sermonId: room.id, seq, language: room.sourceLanguage, text: payload.text, final: false, provider: 'source' };
        this.emit(rooms.language(room.id, room.sourceLanguage), liveEvents.caption, interim, true);
      }
      return { seq };
    }

    // The server owns numbering: a resent segment is recognised, a reused number is replaced.
    if (payload.seq <= room.lastSeq) {
      const earlier = room.segment(payload.seq);
      if (earlier && earlier.text === payload.text) return { seq: earlier.seq, duplicate: true };
    }
    const seq = room.lastSeq + 1;
    room.lastSeq = seq;
    const segment: RoomSegment = { id: randomUUID(), seq, text: payload.text, at: now, translations: new Map(), pending: new Map() };
    room.pushSegment(segment);
    this.writer.addSegment({ id: segment.id, sermonId: room.id, seq, sourceLanguage: room.sourceLanguage, text: payload.text, createdAt: new Date(now) });

    // One translation for every listened language is started; the spoken language's listeners get
    // the words at once, without waiting for it.
    const targets = room.wantedLanguages(now, this.options.listenerRecoveryMs).filter((l) => l !== room.sourceLanguage);
    if (targets.length > 0) this.captions.translateAndSend(room, segment, targets);
    const source: Translation = { text: payload.text, provider: 'source' };
    segment.translations.set(room.sourceLanguage, source);
    this.emit(rooms.language(room.id, room.sourceLanguage), liveEvents.caption,
      toCaption(room.id, seq, room.sourceLanguage, source, this.captions.voiceFor(room, segment, room.sourceLanguage)));
    return { seq };
  }

  async setPaused(socket: LiveSocket, sermonId: string, paused: boolean): Promise<{ state: SermonState }> {
    const room = this.speakingRoom(socket, sermonId);
    const status = paused ? 'paused' : 'live';
    if (room.status !== status) {
      this.stream.accrue(room, this.clock.now());
      room.status = status;
      await this.ctx.db.update(sermons).set({ status }).where(and(eq(sermons.id, room.id), inArray(sermons.status, ['live', 'paused'])));
      this.broadcastState(room);
    }
    return { state: this.state(room) };
  }

  // --- listeners -------------------------------------------------------------------------------

  async listenerJoin(
    socket: LiveSocket,
    payload: { broadcastId: string; language: string; voice: ListenerVoice; lastSeq: number },
  ): Promise<ListenerJoinAck> {
    const actor = socket.data.actor;
    const room = this.roomByBroadcast(payload.broadcastId) ?? (await this.roomFromDatabase(payload.broadcastId));
    if (!room.guestsMayListen) {
      if (!actor) throw new LiveFailure('guests_not_allowed', 'This church does not allow guests: please sign in to listen');
      if (!canReachChurch(actor, 'church:read', room.churchId)) throw new LiveFailure('not_found', 'Sermon not found');
    }
    if (!room.languages.has(payload.language)) throw new LiveFailure('invalid_payload', 'This language is not offered for this sermon');

    const previous = socket.data.listener;
    if (previous && previous.sermonId === room.id && room.listeners.has(socket.id)) {
      // The same listener joining again (its page re-sent the join): no second session.
      await this.changePrefs(socket, room, payload.language, payload.voice);
    } else {
      if (previous) this.listenerLeft(socket, true);
      const now = this.clock.now();
      const ref: ListenerRef = { sermonId: room.id, sessionId: randomUUID(), userId: actor?.id ?? null, language: payload.language, voice: payload.voice };
      socket.data.listener = ref;
      await socket.join([rooms.all(room.id), rooms.language(room.id, payload.language)]);
      room.addListener(socket.id, { sessionId: ref.sessionId, userId: ref.userId, language: ref.language, voice: ref.voice });
      this.writer.startListenerSession({ id: ref.sessionId, sermonId: room.id, userId: ref.userId, language: ref.language, startedAt: new Date(now), status: 'active' });
      this.pushCounts(room);
    }
    const limit = payload.lastSeq === 0 ? this.options.newListenerCaptions : undefined;
    const captions = await this.captions.captionsFor(room.id, payload.language, payload.lastSeq, { limit, voice: payload.voice });
    return { sermonId: room.id, sourceLanguage: room.sourceLanguage, language: payload.language, state: this.state(room), captions };
  }

  async listenerPrefs(socket: LiveSocket, prefs: { language: string; voice: ListenerVoice }): Promise<ListenerPrefsAck> {
    const ref = socket.data.listener;
    const room = ref ? this.rooms.get(ref.sermonId) : undefined;
    if (!ref || !room || room.ending) throw new LiveFailure('not_live', 'Join a live sermon first');
    if (!room.languages.has(prefs.language)) throw new LiveFailure('invalid_payload', 'This language is not offered for this sermon');
    const changedLanguage = ref.language !== prefs.language;
    await this.changePrefs(socket, room, prefs.language, prefs.voice);
    const captions = changedLanguage
      ? await this.captions.captionsFor(room.id, prefs.language, Math.max(0, room.lastSeq - this.options.newListenerCaptions), { voice: prefs.voice })
      : [];
    return { captions };
  }

  /** The listener left (explicitly, or its connection is gone for good): its session ends. */
  listenerLeft(socket: LiveSocket, leaveRooms: boolean): void {
    const ref = socket.data.listener;
    if (!ref) return;
    socket.data.listener = undefined;
    const room = this.rooms.get(ref.sermonId);
    if (leaveRooms) {
      socket.leave(rooms.all(ref.sermonId));
      socket.leave(rooms.language(ref.sermonId, ref.language));
    }
    if (!room) return;
    room.removeListener(socket.id);
    room.away.delete(socket.id);
    this.writer.endListenerSession(ref.sessionId, new Date(this.clock.now()));
    this.pushCounts(room);
  }

  /** The listener's connection dropped; it may come back within the recovery window. */
  listenerAway(socket: LiveSocket): void {
    const ref = socket.data.listener;
    const room = ref ? this.rooms.get(ref.sermonId) : undefined;
    if (!room) return;
    room.markAway(socket.id, this.clock.now());
    this.pushCounts(room);
  }

  /** A listener back through connection-state recovery: same session; missed packets are replayed by Socket.IO. */
  listenerRecovered(socket: LiveSocket): void {
    const ref = socket.data.listener;
    const room = ref ? this.rooms.get(ref.sermonId) : undefined;
    if (!ref || !room || room.ending) return;
    if (!room.restore(socket.id)) {
      // Its session was already closed: a new one, same language.
      ref.sessionId = randomUUID();
      room.addListener(socket.id, { sessionId: ref.sessionId, userId: ref.userId, language: ref.language, voice: ref.voice });
      this.writer.startListenerSession({ id: ref.sessionId, sermonId: room.id, userId: ref.userId, language: ref.language, startedAt: new Date(this.clock.now()), status: 'active' });
    }
    this.pushCounts(room);
  }

  // --- ending --------------------------------------------------------------------------------

  /**
   * Ends a sermon: final minutes and duration stored, listener sessions closed, everyone told.
   * `at` lets a restart end a sermon at its last heartbeat. Returns false when it had already ended.
   */
  async end(sermonId: string, reason: SermonEndReason, at?: number): Promise<boolean> {
    const room = this.rooms.get(sermonId);
    const endedAt = at ?? this.clock.now();
    if (room) {
      if (room.ending) return false;
      room.ending = true;
      this.stream.accrue(room, endedAt);
      this.rooms.delete(room.id);
      this.byBroadcast.delete(room.broadcastId);
      if (this.roomsOf(room.churchId).length === 0) this.stream.forget(room.churchId);
      // The last sentence's translations are still on their way: deliver them before "ended".
      await room.emitChain;
    }
    await this.writer.flush();
    const when = new Date(endedAt);
    const updated = await this.ctx.db
      .update(sermons)
      .set({
        status: 'ended',
        endedAt: when,
        durationSeconds: sql`greatest(0, round(extract(epoch from (${when.toISOString()}::timestamptz - ${sermons.startedAt}))))::int`,
        ...(room ? { chargedSeconds: Math.floor(room.chargedMs / 1000) } : {}),
        lastHeartbeatAt: when,
        endReason: reason,
      })
      .where(and(eq(sermons.id, sermonId), inArray(sermons.status, ['live', 'paused'])))
      .returning({ id: sermons.id });
    await this.ctx.db.execute(sql`
      update listener_sessions set ended_at = ${when.toISOString()}::timestamptz, status = 'inactive',
        duration_seconds = greatest(0, round(extract(epoch from (${when.toISOString()}::timestamptz - started_at))))::int
      where sermon_id = ${sermonId}::uuid and status = 'active'`);
    if (room) {
      const ended: SermonEnded = { sermonId, reason, message: endMessages[reason] };
      this.emit(rooms.all(sermonId), liveEvents.ended, ended);
      const all = [rooms.all(sermonId), rooms.speaker(sermonId), ...[...room.languages.keys()].map((l) => rooms.language(sermonId, l))];
      this.emitter?.leaveAll(rooms.all(sermonId), all);
    }
    this.log.info({ sermonId, reason }, 'sermon ended');
    return updated.length > 0;
  }

  /** Checks grace periods, the weekly limit and warnings, writes heartbeats, pushes counts. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  // --- internals -----------------------------------------------------------------------------

  private async runTick(): Promise<void> {
    try {
      const now = this.clock.now();
      const all = [...this.rooms.values()];
      for (const room of all) this.stream.accrue(room, now);
      const due = new Set(all.filter((r) => now - r.lastPersistAt >= this.options.heartbeatMs).map((r) => r.churchId));
      for (const churchId of due) {
        const live = this.roomsOf(churchId);
        await this.stream.refresh(churchId, live, now);
        for (const room of live) await this.loadSettings(room);
      }
      for (const room of all) {
        if (room.ending) continue;
        const left = this.stream.secondsLeft(room.churchId, this.roomsOf(room.churchId));
        if (left <= 0) {
          await this.end(room.id, 'stream_limit', now);
          continue;
        }
        if (left <= this.options.warningSeconds) this.warn(room, left);
        if (room.speakerAwaySince !== null && now - room.speakerAwaySince >= this.options.speakerGraceMs) {
          await this.end(room.id, 'speaker_timeout', now);
          continue;
        }
        for (const away of room.takeExpiredAway(now, this.options.listenerRecoveryMs)) {
          this.writer.endListenerSession(away.entry.sessionId, new Date(away.since));
        }
        const minutesLeft = this.state(room).minutesLeft;
        if (minutesLeft !== room.lastMinutesLeft) room.countsDirty = true;
        this.pushCounts(room);
      }
    } catch (err) {
      this.log.error({ err }, 'live tick failed');
    }
  }

  private async recoverAfterRestart(): Promise<void> {
    const now = this.clock.now();
    const open = await this.ctx.db.select().from(sermons).where(inArray(sermons.status, ['live', 'paused']));
    for (const row of open) {
      const heartbeat = row.lastHeartbeatAt.getTime();
      if (now - heartbeat > this.options.speakerGraceMs) {
        // Down longer than the grace period: ended at its last heartbeat, minutes charged up to it.
        await this.end(row.id, 'server_restart', heartbeat);
        continue;
      }
      // Listeners reconnect with a new session; the old ones stopped at the last heartbeat.
      await this.ctx.db.execute(sql`
        update listener_sessions set ended_at = ${row.lastHeartbeatAt.toISOString()}::timestamptz, status = 'inactive',
          duration_seconds = greatest(0, round(extract(epoch from (${row.lastHeartbeatAt.toISOString()}::timestamptz - started_at))))::int
        where sermon_id = ${row.id}::uuid and status = 'active'`);
      await this.open(row, { speakerAwaySince: heartbeat });
      this.log.info({ sermonId: row.id }, 'sermon resumed after restart; waiting for its speaker');
    }
  }

  private async loadSettings(room: SermonRoom): Promise<void> {
    const [church] = await this.ctx.db.select({ guests: churches.guestsMayListen }).from(churches).where(eq(churches.id, room.churchId)).limit(1);
    room.guestsMayListen = church?.guests ?? false;
    room.languages = new Map((await loadJoinLanguages(this.ctx.db, room.churchId, room.sourceLanguage)).map((l) => [l.code, l]));
    try {
      const providers = await providersForChurch(this.ctx, room.churchId);
      room.translatorKind = providers.translatorKind;
      room.hasSpeech = providers.synthesizer !== null;
    } catch (err) {
      this.log.warn({ err, churchId: room.churchId }, 'could not load church providers');
    }
  }

  private roomsOf(churchId: string): SermonRoom[] {
    return [...this.rooms.values()].filter((r) => r.churchId === churchId && !r.ending);
  }

  private async liveRoom(sermonId: string): Promise<SermonRoom | undefined> {
    const room = this.rooms.get(sermonId);
    if (room && !room.ending) return room;
    const [row] = await this.ctx.db.select({ status: sermons.status }).from(sermons).where(eq(sermons.id, sermonId)).limit(1);
    if (row?.status === 'ended') throw new LiveFailure('not_live', 'This sermon has ended');
    return undefined;
  }

  /** A sermon not in memory: ended (say so) or unknown. */
  private async roomFromDatabase(broadcastId: string): Promise<never> {
    const [row] = await this.ctx.db.select({ status: sermons.status }).from(sermons).where(eq(sermons.broadcastId, broadcastId)).limit(1);
    if (row?.status === 'ended') throw new LiveFailure('not_live', 'This sermon has ended');
    throw new LiveFailure('not_found', 'Sermon not found');
  }

  private speakingRoom(socket: LiveSocket, sermonId: string): SermonRoom {
    if (socket.data.speakerOf !== sermonId) throw new LiveFailure('forbidden', 'Join as the speaker of this sermon first');
    const room = this.rooms.get(sermonId);
    if (!room || room.ending) throw new LiveFailure('not_live', 'This sermon has ended');
    return room;
  }

  private speakerConnected(room: SermonRoom, socketId: string): void {
    const wasConnected = room.speakerConnected;
    room.speakerSockets.add(socketId);
    room.speakerAwaySince = null;
    if (!wasConnected) this.broadcastState(room);
  }

  private async changePrefs(socket: LiveSocket, room: SermonRoom, language: string, voice: ListenerVoice): Promise<void> {
    const ref = socket.data.listener!;
    if (ref.language !== language) {
      await socket.leave(rooms.language(room.id, ref.language));
      await socket.join(rooms.language(room.id, language));
      this.writer.setListenerLanguage(ref.sessionId, language);
    }
    ref.language = language;
    ref.voice = voice;
    room.updateListener(socket.id, language, voice);
    this.pushCounts(room);
  }

  /** Tells the speaker the weekly minutes are nearly gone: once, and again to a speaker who rejoins. */
  private warn(room: SermonRoom, secondsLeft: number, again = false): void {
    if (!room.speakerConnected || (room.warned && !again)) return;
    room.warned = true;
    const minutesLeft = Math.max(0, Math.ceil(secondsLeft / 60));
    const warning: SermonWarning = {
      sermonId: room.id,
      code: 'stream_limit_soon',
      minutesLeft,
      message: `About ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'} of streaming left this week: the sermon will end when they run out.`,
    };
    this.emit(rooms.speaker(room.id), liveEvents.warning, warning);
  }

  /** Status or speaker changes: everyone in the sermon hears at once. */
  private broadcastState(room: SermonRoom): void {
    const state = this.state(room);
    room.lastMinutesLeft = state.minutesLeft;
    room.countsDirty = false;
    room.lastStatePushAt = Date.now();
    this.emit(rooms.all(room.id), liveEvents.state, state);
  }

  /** Listener counts and minutes left: only the speaker's screen, at most once per throttle period. */
  private pushCounts(room: SermonRoom): void {
    if (!room.countsDirty) return;
    const now = Date.now();
    if (now - room.lastStatePushAt < this.options.countsThrottleMs) return;
    room.countsDirty = false;
    room.lastStatePushAt = now;
    const state = this.state(room);
    room.lastMinutesLeft = state.minutesLeft;
    this.emit(rooms.speaker(room.id), liveEvents.state, state);
  }

  private emit(room: string, event: string, payload: unknown, volatile = false): void {
    this.emitter?.emit(room, event, payload, { volatile });
  }
}

const services = new WeakMap<AppContext, LiveService>();

/** The live service of an app (one per AppContext), created on first use. */
export function liveFor(ctx: AppContext): LiveService {
  let service = services.get(ctx);
  if (!service) {
    service = new LiveService(ctx);
    services.set(ctx, service);
  }
  return service;
}
