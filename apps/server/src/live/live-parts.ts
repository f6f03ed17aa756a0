import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { SermonAccounting } from './minutes/accounting';
import { CaptionPipeline } from './captions/caption-pipeline';
import { ClusterLink } from './cluster/cluster';
import { ListenerFlow } from './rooms/listener-flow';
import type { LiveCore, LiveEmitter, LiveOptions } from './live-types';
import { PartialTranslations } from './captions/partial-translations';
import { PublicAnswers } from './rooms/public-answers';
import { RoomRegistry } from './rooms/room-registry';
import { ServerRecognition } from './recognition/server-recognition';
import { SpeakerFlow } from './rooms/speaker-flow';
import { StreamClock } from './minutes/stream-clock';
import { TtsCache } from './voice/tts-cache';
import { VoiceService } from './voice/voice-service';
import { VoiceStreams } from './voice/voice-streams';
import { WriteQueue } from './cluster/write-queue';

/** The parts of one process's live pipeline, wired to each other (LiveService holds them). */
export interface LiveParts {
  log: FastifyBaseLogger;
  publicAnswers: PublicAnswers;
  voiceStreams: VoiceStreams;
  writer: WriteQueue;
  tts: TtsCache;
  stream: StreamClock;
  cluster: ClusterLink;
  captions: CaptionPipeline;
  voice: VoiceService;
  core: LiveCore;
  registry: RoomRegistry;
  speakers: SpeakerFlow;
  /** The speaker's audio heard by the church's engine on the server (decision 038). */
  recognition: ServerRecognition;
  listeners: ListenerFlow;
  accounting: SermonAccounting;
}

/**
 * Builds the pipeline in the order a caption travels (ARCHITECTURE.md section 5). `emitter` is
 * read at each emit: the gateway attaches it after the service is made. `options.clock` is read
 * at each use too, since tests replace it (LiveService.useClock).
 */
export function assembleLive(ctx: AppContext, options: LiveOptions, emitter: () => LiveEmitter | null): LiveParts {
  const publicAnswers = new PublicAnswers();
  const voiceStreams = new VoiceStreams();
  const log = ctx.log.child({ module: 'live' });
  const writer = new WriteQueue(ctx.db, log);
  const tts = new TtsCache(ctx.blobs, log);
  const stream = new StreamClock(ctx.db);
  const cluster = new ClusterLink(ctx.redis, log);
  // Through the same channel as the live state, before any push that makes phones ask again.
  publicAnswers.broadcast = (churchId) => cluster.send({ kind: 'public', churchId });
  const emit = (room: string, event: string, payload: unknown, volatile = false, local = false) => emitter()?.emit(room, event, payload, { volatile, local });
  const captions = new CaptionPipeline({
    ctx,
    log,
    writer,
    tts,
    maxOnDemandTranslations: options.maxOnDemandTranslations,
    room: (id) => registry.get(id),
    // Alone, memory has every line; in a cluster only the speaker's process does, and only when its
    // last line in memory is the sermon's last (the speaker may have spoken elsewhere meanwhile).
    // Before the first line there is nothing to read: a lobby joining at the start asks nothing.
    memoryIsCurrent: (room) => (!cluster.enabled || room.speakerSockets.size > 0) && (room.recent.at(-1)?.seq ?? 0) === room.lastSeq,
    emit: (room, event, payload) => emit(room, event, payload),
    settled: (room, seq, language, text) => voice.final(room, seq, language, text),
  });
  const voice = new VoiceService({
    ctx, log, cluster, streams: voiceStreams, clips: tts, emit,
    now: () => options.clock.now(),
  });
  const partials = new PartialTranslations({
    ctx, log, listenerRecoveryMs: options.listenerRecoveryMs, options: options.partials, emit, settled: captions.settled,
    // The clock can be replaced (useClock): read it at each use.
    now: () => options.clock.now(),
    committed: (room, seq, language, text) => voice.committed(room, seq, language, text),
  });
  const core: LiveCore = {
    ctx, log, options, writer, stream, cluster, captions, partials,
    voice, voiceStreams,
    publicAnswers,
    emit,
    leaveAll: (room, names) => emitter()?.leaveAll(room, names),
  };
  const registry = new RoomRegistry(core);
  cluster.speakerChanged = (room) => registry.broadcastState(room, { local: true });
  const speakers = new SpeakerFlow(core, registry);
  const recognition = new ServerRecognition(core, registry, speakers);
  const listeners = new ListenerFlow(core, registry);
  const accounting = new SermonAccounting(core, registry);
  return { log, publicAnswers, voiceStreams, writer, tts, stream, cluster, captions, voice, core, registry, speakers, recognition, listeners, accounting };
}
