import type { FastifyBaseLogger } from 'fastify';
import type { ListenerJoinAck, ListenerPrefsAck, SegmentAck, SegmentPayload, SermonEndReason, SermonState, SpeakerJoinAck } from '@app/shared';
import type { AppContext } from '../context';
import { invalidateChurchProviders } from '../providers/church-providers';
import type { sermons } from '../db/schema';
import type { SermonAccounting } from './minutes/accounting';
import type { CaptionPipeline } from './captions/caption-pipeline';
import type { Clock } from './clock';
import type { ClusterLink, ClusterMessage } from './cluster/cluster';
import type { ListenerFlow } from './rooms/listener-flow';
import { assembleLive } from './live-parts';
import { defaultLiveOptions, type LiveEmitter, type LiveOptions, type LiveSocket } from './live-types';
import { LiveUpkeep } from './live-upkeep';
import type { PublicAnswers } from './rooms/public-answers';
import type { RoomRegistry } from './rooms/room-registry';
import type { ListenerVoice } from './rooms/room-types';
import type { SermonRoom } from './rooms/sermon-room';
import type { ServerRecognition } from './recognition/server-recognition';
import type { SpeakerFlow } from './rooms/speaker-flow';
import type { StreamClock } from './minutes/stream-clock';
import type { TtsCache } from './voice/tts-cache';
import type { VoiceService } from './voice/voice-service';
import type { VoiceStreams } from './voice/voice-streams';
import type { WriteQueue } from './cluster/write-queue';

export { defaultLiveOptions, LiveFailure, type LiveEmitter, type LiveOptions, type LiveSocket, type LiveSocketData, type ListenerRef } from './live-types';

/**
 * The live pipeline of one server process (ARCHITECTURE.md section 5), assembled from its parts in
 * the order a caption travels: the gateway hands the speaker's line to SpeakerFlow, which stores and
 * numbers it (segment-store), translates it once per listened language (CaptionPipeline) and emits
 * it; ListenerFlow joins listeners and catches them up; RoomRegistry holds the sermons and their
 * state; SermonAccounting charges minutes and ends sermons; recovery.ts handles the abandoned ones.
 * ClusterLink shares what the other processes need through Redis, when there is one. The parts
 * are wired in live-parts.ts; the timers, start and stop are LiveUpkeep's (live-upkeep.ts).
 */
export class LiveService {
  readonly options: LiveOptions;
  readonly writer: WriteQueue;
  readonly tts: TtsCache;
  readonly captions: CaptionPipeline;
  readonly cluster: ClusterLink;
  readonly publicAnswers: PublicAnswers;
  readonly voiceStreams: VoiceStreams;
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
  private readonly upkeep: LiveUpkeep;

  constructor(private readonly ctx: AppContext, options: Partial<LiveOptions> = {}) {
    this.options = { ...defaultLiveOptions(), ...options };
    const parts = assembleLive(ctx, this.options, () => this.emitter);
    this.log = parts.log;
    this.publicAnswers = parts.publicAnswers;
    this.voiceStreams = parts.voiceStreams;
    this.writer = parts.writer;
    this.tts = parts.tts;
    this.stream = parts.stream;
    this.cluster = parts.cluster;
    this.captions = parts.captions;
    this.voice = parts.voice;
    this.registry = parts.registry;
    this.speakers = parts.speakers;
    this.recognition = parts.recognition;
    this.listeners = parts.listeners;
    this.accounting = parts.accounting;
    this.upkeep = new LiveUpkeep(parts);
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** Replaces the clock (tests); sermons in memory continue from the new clock's now. */
  useClock(clock: Clock): void {
    this.upkeep.useClock(clock);
  }

  /** Ends abandoned sermons, resumes this process's own (alone), then starts the timers. */
  start(): Promise<void> {
    return this.upkeep.start();
  }

  /** Stops timers and writes what is pending. Sermons stay live: another process or a restart serves them. */
  close(): Promise<void> {
    return this.upkeep.close();
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
    return this.upkeep.tick();
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
