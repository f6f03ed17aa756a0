import {
  LISTENER_RECOVERY_MS,
  SPEAKER_GRACE_MS,
  STREAM_LIMIT_WARNING_MINUTES,
  type LiveError,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Actor } from '../lib/session';
import type { CaptionPipeline } from './captions/caption-pipeline';
import { systemClock, type Clock } from './clock';
import type { ClusterLink } from './cluster/cluster';
import type { PublicAnswers } from './rooms/public-answers';
import { defaultPartialOptions, type PartialTranslationOptions, type PartialTranslations } from './captions/partial-translations';
import type { ListenerVoice } from './rooms/room-types';
import type { StreamClock } from './minutes/stream-clock';
import type { VoiceService } from './voice/voice-service';
import type { VoiceStreams } from './voice/voice-streams';
import type { WriteQueue } from './cluster/write-queue';

export interface LiveOptions {
  clock: Clock;
  /** How often timers are checked (grace, limit, warnings, throttled counts, cluster shares). */
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
  /** Partial translations of the sentence being said (decision 030). */
  partials: PartialTranslationOptions;
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
  partials: defaultPartialOptions,
});

/** A refusal sent back to the client as `{ ok: false, error }`. */
export class LiveFailure extends Error {
  constructor(readonly code: LiveError['code'], message: string) {
    super(message);
  }
}

/** Where the service sends events; the Socket.IO gateway provides it (through Redis with several processes). */
export interface LiveEmitter {
  /** `except`: a room whose sockets are left out; `local`: only this process's sockets (each process tells its own what it alone learnt). */
  emit(room: string, event: string, payload: unknown, opts?: { volatile?: boolean; except?: string; local?: boolean }): void;
  /** Every socket in `room` leaves `rooms`. */
  leaveAll(room: string, rooms: string[]): void;
}

export interface ListenerRef {
  sermonId: string;
  sessionId: string;
  userId: string | null;
  language: string;
  voice: ListenerVoice;
  /** A room's screen (docs/decisions/019): counted as one listener of its language, never as a person. */
  projector?: boolean;
}

export interface LiveSocketData {
  actor: Actor | null;
  listener?: ListenerRef;
  speakerOf?: string;
  /** Waiting in a church's lobby: counted per language for the speaker (docs/decisions/020). */
  lobby?: { churchId: string; languages: string[]; projector: boolean };
}

export interface LiveSocket {
  id: string;
  data: LiveSocketData;
  join(room: string | string[]): unknown;
  leave(room: string): unknown;
}

/** What the parts of the live pipeline share: built once by LiveService. */
export interface LiveCore {
  ctx: AppContext;
  log: FastifyBaseLogger;
  options: LiveOptions;
  writer: WriteQueue;
  stream: StreamClock;
  cluster: ClusterLink;
  captions: CaptionPipeline;
  /** Public answers kept in memory; every change they depend on forgets them (docs/decisions/034). */
  publicAnswers: PublicAnswers;
  partials: PartialTranslations;
  /** The listeners' voice: pieces, timelines and the streams of this process (decision 039). */
  voice: VoiceService;
  voiceStreams: VoiceStreams;
  emit(room: string, event: string, payload: unknown, volatile?: boolean, local?: boolean): void;
  /** Every socket in `room`, on every process, leaves `rooms`. */
  leaveAll(room: string, rooms: string[]): void;
}
