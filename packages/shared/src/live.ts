import { z } from 'zod';
import { sermonStatuses, voiceGenders } from './enums';

/**
 * Live sermon contracts: REST bodies and the Socket.IO namespace `/live` (ARCHITECTURE.md section 5).
 * Every incoming socket payload is parsed with these schemas before use.
 */
export const LIVE_NAMESPACE = '/live';
export const MAX_SEGMENT_CHARS = 1000;

export const goLiveBody = z.object({
  churchId: z.string().uuid(),
  sourceLanguage: z.string().min(2).max(10),
});

export const sermonSchema = z.object({
  id: z.string().uuid(),
  broadcastId: z.string(),
  churchId: z.string().uuid(),
  churchName: z.string().nullable(),
  hostId: z.string().uuid().nullable(),
  hostName: z.string().nullable(),
  sourceLanguage: z.string(),
  status: z.enum(sermonStatuses),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  listenersJoined: z.number().int(),
});
export type Sermon = z.infer<typeof sermonSchema>;

/** One caption as listeners receive it. `provider` lets the screen label demo or untranslated text. */
export const captionSchema = z.object({
  sermonId: z.string().uuid(),
  seq: z.number().int().min(1),
  language: z.string(),
  text: z.string(),
  final: z.boolean(),
  provider: z.enum(['source', 'azure', 'demo', 'untranslated']),
  /** Synthesised voice for this caption, when a listener in this room asked for one. */
  audio: z.object({ female: z.string().optional(), male: z.string().optional() }).optional(),
});
export type Caption = z.infer<typeof captionSchema>;

// --- client → server -------------------------------------------------------------------------
/** The speaker joins the room of a sermon it hosts (after POST /sermons). */
export const speakerJoinPayload = z.object({ sermonId: z.string().uuid() });
/** Recognised (or typed) speech. `seq` increases per final segment; interim text repeats the next seq. */
export const segmentPayload = z.object({
  sermonId: z.string().uuid(),
  seq: z.number().int().min(1).max(1_000_000),
  text: z.string().trim().min(1).max(MAX_SEGMENT_CHARS),
  final: z.boolean(),
});
export type SegmentPayload = z.infer<typeof segmentPayload>;
export const pausePayload = z.object({ sermonId: z.string().uuid(), paused: z.boolean() });
/** A listener (signed in, or a guest by share link) joins a sermon in a language. */
export const listenerJoinPayload = z.object({
  broadcastId: z.string().min(4).max(32),
  language: z.string().min(2).max(10),
  voice: z.enum([...voiceGenders, 'none', 'device']).default('none'),
  /** Highest seq already shown: the server sends every later caption (reconnection). */
  lastSeq: z.number().int().min(0).default(0),
});
export type ListenerJoinPayload = z.input<typeof listenerJoinPayload>;
export const listenerPrefsPayload = z.object({
  language: z.string().min(2).max(10),
  voice: z.enum([...voiceGenders, 'none', 'device']),
});

// --- server → client -------------------------------------------------------------------------
export const sermonStateSchema = z.object({
  sermonId: z.string().uuid(),
  status: z.enum(sermonStatuses),
  speakerConnected: z.boolean(),
  /** Listeners per language, for the speaker's screen. */
  listenerCounts: z.record(z.string(), z.number().int()),
  minutesLeft: z.number().nullable(),
  translator: z.enum(['azure', 'demo']),
});
export type SermonState = z.infer<typeof sermonStateSchema>;

export const liveErrorSchema = z.object({
  code: z.enum(['invalid_payload', 'too_large', 'forbidden', 'not_found', 'not_live', 'translation_failed', 'guests_not_allowed', 'internal']),
  message: z.string(),
});
export type LiveError = z.infer<typeof liveErrorSchema>;

export const liveEvents = {
  // client → server (with acknowledgement callbacks)
  speakerJoin: 'speaker:join',
  segment: 'speaker:segment',
  pause: 'speaker:pause',
  listenerJoin: 'listener:join',
  listenerPrefs: 'listener:prefs',
  listenerLeave: 'listener:leave',
  // server → client
  caption: 'caption',
  state: 'sermon:state',
  ended: 'sermon:ended',
  warning: 'sermon:warning',
  error: 'live:error',
} as const;

/** Ack shape for every client → server event. */
export type LiveAck<T = object> = ({ ok: true } & T) | { ok: false; error: LiveError };
