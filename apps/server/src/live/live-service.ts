import type { FastifyBaseLogger } from 'fastify';
import type { ListenerJoinAck, ListenerPrefsAck, SegmentAck, SegmentPayload, SermonEndReason, SermonState, SpeakerJoinAck } from '@app/shared';
import type { AppContext } from '../context';
import { invalidateChurchProviders } from '../providers/church-providers';
import type { sermons } from '../db/schema';
import { SermonAccounting } from './accounting';
import { CaptionPipeline } from './caption-pipeline';
import type { Clock } from './clock';
import { ClusterLink, type ClusterMessage } from './cluster';
import { ListenerFlow } from './listener-flow';
import { PublicAnswers } from './public-answers';
import { PartialTranslations } from './partial-translations';
import { defaultLiveOptions, type LiveCore, type LiveEmitter, type LiveOptions, type LiveSocket } from './live-types';
import { endAbandonedSermons, resumeAfterRestart } from './recovery';
import { RoomRegistry } from './room-registry';
import type { ListenerVoice, SermonRoom } from './sermon-room';
import { ServerRecognition } from './server-recognition';
import { SpeakerFlow } from './speaker-flow';
import { StreamClock } from './stream-clock';
import { TtsCache } from './tts-cache';
import { VoiceService } from './voice/voice-service';
import { VoiceStreams } from './voice/voice-streams';
import { WriteQueue } from './write-queue';

export { defaultLiveOptions, LiveFailure, type LiveEmitter, type LiveOptions, type LiveSocket, type LiveSocketData, type ListenerRef } from './live-types';

/**
 * The live pipeline of one server process (ARCHITECTURE.md section 5), assembled from its parts in
 * the order a caption travels: the gateway hands the speaker's line to SpeakerFlow, which stores and
 * numbers it (segment-store), translates it once per listened language (CaptionPipeline) and emits
 * it; ListenerFlow joins listeners and catches them up; RoomRegistry holds the sermons and their
 * state; SermonAccounting charges minutes and ends sermons; recovery.ts handles the abandoned ones.
 * ClusterLink shares what the other processes need through Redis, when there is one.
 */
export class LiveService {
  readonly options: LiveOptions;
  readonly writer: WriteQueue;
  readonly tts: TtsCache;
  readonly captions: CaptionPipeline;
  readonly cluster: ClusterLink;
  readonly publicAnswers = new PublicAnswers();
  readonly voiceStreams = new VoiceStreams();
  readonly voice: VoiceService;
  /** The speaker's audio heard by the church's engine on the server (decision 038). */
  readonly recognition: ServerRecognition;
  emitter: LiveEmitter | null = null;
  /** Set by listen-limits.ts: this process's guests of a sermon are told to sign in and let go. */
  guestsRemoved: (sermonId: string) => Promise<void> = async () => undefined;
  private readonly log: FastifyBaseLogger;
  private readonly stream: StreamClock;
  private readonly registry: RoomRegistry;
  private readonly speakers: SpeakerFlow;
  private readonly listeners: ListenerFlow;
  private readonly accounting: SermonAccounting;
  private readonly core: LiveCore;
  private interval: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private lastSweepAt = 0;
  private started = false;

  constructor(private readonly ctx: AppContext, options: Partial<LiveOptions> = {}) {
    this.options = { ...defaultLiveOptions(), ...options };
    this.log = ctx.log.child({ module: 'live' });
    this.writer = new WriteQueue(ctx.db, this.log);
    this.tts = new TtsCache(ctx.blobs, this.log);
    this.stream = new StreamClock(ctx.db);
    this.cluster = new ClusterLink(ctx.redis, this.log);
    // Through the same channel as the live state, before any push that makes phones ask again.
    this.publicAnswers.broadcast = (churchId) => this.cluster.send({ kind: 'public', churchId });
    const emit = (room: string, event: string, payload: unknown, volatile = false, local = false) => this.emitter?.emit(room, event, payload, { volatile, local });
    this.captions = new CaptionPipeline({
      ctx,
      log: this.log,
      writer: this.writer,
      tts: this.tts,
      maxOnDemandTranslations: this.options.maxOnDemandTranslations,
      room: (id) => this.registry.get(id),
      // Alone, memory has every line; in a cluster only the speaker's process does, and only when its
      // last line in memory is the sermon's last (the speaker may have spoken elsewhere meanwhile).
      // Before the first line there is nothing to read: a lobby joining at the start asks nothing.
      memoryIsCurrent: (room) => (!this.cluster.enabled || room.speakerSockets.size > 0) && (room.recent.at(-1)?.seq ?? 0) === room.lastSeq,
      emit: (room, event, payload) => emit(room, event, payload),
      settled: (room, seq, language, text) => this.voice.final(room, seq, language, text),
    });
    this.voice = new VoiceService({
      ctx, log: this.log, cluster: this.cluster, streams: this.voiceStreams, clips: this.tts, emit,
      now: () => this.options.clock.now(),
    });
    const partials = new PartialTranslations({
      ctx, log: this.log, listenerRecoveryMs: this.options.listenerRecoveryMs, options: this.options.partials, emit, settled: this.captions.settled,
      // The clock can be replaced (useClock): read it at each use.
      now: () => this.options.clock.now(),
      committed: (room, seq, language, text) => this.voice.committed(room, seq, language, text),
    });
    this.core = {
      ctx, log: this.log, options: this.options, writer: this.writer, stream: this.stream, cluster: this.cluster, captions: this.captions, partials,
      voice: this.voice, voiceStreams: this.voiceStreams,
      publicAnswers: this.publicAnswers,
      emit,
      leaveAll: (room, names) => this.emitter?.leaveAll(room, names),
    };
    this.registry = new RoomRegistry(this.core);
    this.cluster.speakerChanged = (room) => this.registry.broadcastState(room, { local: true });
    this.speakers = new SpeakerFlow(this.core, this.registry);
    this.recognition = new ServerRecognition(this.core, this.registry, this.speakers);
    this.listeners = new ListenerFlow(this.core, this.registry);
    this.accounting = new SermonAccounting(this.core, this.registry);
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** Replaces the clock (tests); sermons in memory continue from the new clock's now. */
  useClock(clock: Clock): void {
    this.options.clock = clock;
    const now = clock.now();
    for (const room of this.registry.all()) {
      room.lastAccrualAt = now;
      room.lastPersistAt = now;
      if (room.speakerAwaySince !== null) room.speakerAwaySince = now;
    }
  }

  /** Ends abandoned sermons, resumes this process's own (alone), then starts the timers. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await endAbandonedSermons(this.core, this.registry, this.accounting);
    await resumeAfterRestart(this.core, this.registry);
    this.lastSweepAt = this.clock.now();
    this.interval = setInterval(() => void this.tick(), this.options.tickMs);
    this.interval.unref();
  }

  /** Stops timers and writes what is pending. Sermons stay live: another process or a restart serves them. */
  async close(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.ticking;
    const now = this.clock.now();
    const all = this.registry.all();
    // Translations on their way still reach every listener (through the adapter) before the stop.
    await this.recognition.close();
    await Promise.all(all.map((r) => r.emitChain));
    for (const room of all) this.stream.accrue(room, now);
    try {
      await this.stream.persist(all, now);
    } catch (err) {
      this.log.error({ err }, 'could not store heartbeats at shutdown');
    }
    await this.cluster.forget(all.map((r) => r.id));
    await this.writer.close();
    this.voiceStreams.close();
  }

  room(sermonId: string): SermonRoom | undefined {
    return this.registry.get(sermonId);
  }

  /** The sermons this process holds (livestream caption feeds look for theirs: decision 037). */
  rooms(): SermonRoom[] {
    return this.registry.all();
  }

  /** Listeners connected to this process per language, over every sermon it holds (for /metrics, decision 035). */
  localListenersByLanguage(): Map<string, number> {
    const out = new Map<string, number>();
    for (const room of this.registry.all()) {
      for (const entry of room.listeners.values()) out.set(entry.language, (out.get(entry.language) ?? 0) + 1);
    }
    return out;
  }

  roomByBroadcast(broadcastId: string): SermonRoom | undefined {
    return this.registry.byBroadcastId(broadcastId);
  }

  secondsLeft(churchId: string): Promise<number> {
    return this.accounting.secondsLeft(churchId);
  }

  /** Starts tracking a sermon that has just gone live. */
  open(row: typeof sermons.$inferSelect, opts: { speakerAwaySince?: number } = {}): Promise<SermonRoom> {
    return this.registry.open(row, opts);
  }

  state(room: SermonRoom): SermonState {
    return this.registry.state(room);
  }

  // The gateway's entry points, in the order a caption travels.
  speakerJoin(socket: LiveSocket, sermonId: string): Promise<SpeakerJoinAck> {
    return this.speakers.join(socket, sermonId);
  }
  speakerRecovered(socket: LiveSocket): Promise<void> {
    return this.speakers.recovered(socket);
  }
  speakerLeft(socket: LiveSocket, sermonId: string): void {
    this.speakers.left(socket, sermonId);
  }
  segment(socket: LiveSocket, payload: SegmentPayload): Promise<SegmentAck> {
    return this.speakers.segment(socket, payload);
  }
  async setPaused(socket: LiveSocket, sermonId: string, paused: boolean): Promise<{ state: SermonState }> {
    const answer = await this.speakers.setPaused(socket, sermonId, paused);
    // The share link's answer says whether the sermon is paused.
    const room = this.registry.get(sermonId);
    if (room) this.publicAnswers.changed(room.churchId);
    return answer;
  }
  listenerJoin(socket: LiveSocket, payload: { broadcastId: string; language: string; voice: ListenerVoice; lastSeq: number; projector?: boolean; sessionId?: string }): Promise<ListenerJoinAck> {
    return this.listeners.join(socket, payload);
  }
  listenerPrefs(socket: LiveSocket, prefs: { language: string; voice: ListenerVoice }): Promise<ListenerPrefsAck> {
    return this.listeners.prefs(socket, prefs);
  }
  listenerCatchUp(socket: LiveSocket, afterSeq: number): Promise<ListenerPrefsAck> {
    return this.listeners.catchUp(socket, afterSeq);
  }
  listenerLeft(socket: LiveSocket, leaveRooms: boolean): void {
    this.listeners.left(socket, leaveRooms);
  }
  listenerAway(socket: LiveSocket): void {
    this.listeners.away(socket);
  }
  listenerRecovered(socket: LiveSocket): Promise<void> {
    return this.listeners.recovered(socket);
  }

  end(sermonId: string, reason: SermonEndReason, at?: number): Promise<boolean> {
    return this.accounting.end(sermonId, reason, at);
  }

  /** A message from another process (cluster.ts). */
  async onClusterMessage(message: ClusterMessage): Promise<void> {
    if (message.kind === 'public') {
      this.publicAnswers.forget(message.churchId);
      // Its keys may have changed too: the voices a share link offers come from them.
      if (message.churchId) invalidateChurchProviders(this.ctx, message.churchId);
      if (message.churchId) await this.churchChanged(message.churchId);
      return;
    }
    if (message.kind === 'voice') {
      this.voiceStreams.add(message.sermonId, message.language, message.voice, message.startAt, Buffer.from(message.mp3, 'base64'));
      return;
    }
    const room = this.registry.get(message.sermonId);
    if (!room) return;
    if (message.kind === 'ended') this.registry.remove(room);
    else if (message.kind === 'status') {
      this.stream.accrue(room, this.clock.now());
      room.status = message.status;
    } else await this.cluster.read([room], this.clock.now());
  }

  /**
   * A church's settings changed (here or on another process): its live sermons read them again
   * at once, and with guests turned off the guests listening here are let go (decision 037,
   * "Guests off means off"); new anonymous joins are refused from now on.
   */
  async churchChanged(churchId: string): Promise<void> {
    for (const room of this.registry.ofChurch(churchId)) {
      await this.registry.loadSettings(room);
      if (!room.guestsMayListen) await this.guestsRemoved(room.id);
    }
  }

  /** Shares cluster figures, checks timers, writes heartbeats, pushes counts. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    try {
      const now = this.clock.now();
      const all = this.registry.all();
      await this.cluster.share(all, now, this.options.listenerRecoveryMs);
      for (const room of all) this.stream.accrue(room, now);
      const due = new Set(all.filter((r) => now - r.lastPersistAt >= this.options.heartbeatMs).map((r) => r.churchId));
      for (const churchId of due) {
        const live = this.registry.ofChurch(churchId);
        await this.stream.refresh(churchId, live, now);
        for (const room of live) await this.registry.loadSettings(room);
      }
      for (const room of all) if (!room.ending) await this.accounting.check(room, now);
      if (now - this.lastSweepAt >= this.options.heartbeatMs) {
        this.lastSweepAt = now;
        await endAbandonedSermons(this.core, this.registry, this.accounting);
      }
    } catch (err) {
      this.log.error({ err }, 'live tick failed');
    }
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

/**
 * Something a church's public answers show has been stored (its settings, languages, photo, code or
 * scheduled services; null: a person's name, which a sermon shows as its host): forgotten on every
 * process (docs/decisions/034).
 */
export function publicAnswersChanged(ctx: AppContext, churchId: string | null): void {
  const live = liveFor(ctx);
  live.publicAnswers.changed(churchId);
  if (churchId) live.churchChanged(churchId).catch((err: unknown) => ctx.log.error({ err, churchId }, 'could not apply church settings to its live sermons'));
}
