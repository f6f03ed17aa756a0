import { z } from 'zod';
import { pageOf } from './api';
import { listenerStatuses, sermonStatuses, voiceGenders } from './enums';
import { MAX_SEGMENT_CHARS } from './live-events';
import { captionProviders, translatorKinds } from './translation-engine-kinds';

/**
 * Live sermon contracts: REST bodies and the Socket.IO namespace `/live` (ARCHITECTURE.md section 5).
 * Every incoming socket payload is parsed with these schemas before use.
 *
 * How the namespace behaves (apps/server/src/live):
 * - Authentication: the `sid` cookie of the handshake. Guests connect too; `listener:join` refuses
 *   them (`guests_not_allowed`) where the church does not allow guests. A church turning guests off
 *   during a sermon: its guests get `live:error` `guests_not_allowed`, then are disconnected.
 * - A guest's phone is given a signed device (cookie `listener_device`) on its first connection.
 *   A device holding LISTEN_PER_DEVICE connections already, or an account holding
 *   LISTEN_PER_ACCOUNT, or an address whose guests hold LISTEN_PER_ADDRESS, is refused at
 *   connection: `connect_error` with `data.code` `too_many_connections` and `data.retryAfter`
 *   (seconds): try again after it (decision 048). `auth.connection`: the page's own name for its
 *   connection, kept through reconnections, so that coming back takes its earlier place over.
 * - Every client → server event takes an acknowledgement callback answered with `LiveAck`. Without
 *   one, a refusal arrives as a `live:error` event instead. A message over `LIVE_PAYLOAD_LIMIT_BYTES`
 *   is answered `too_large`; one over the transport limit (64 KB) closes that connection.
 * - `caption`: to the room of one language. `final: false` is the line still being said, in full
 *   so far (not a change to apply): the recogniser's interim text for the spoken language, a partial
 *   translation for the others (decision 030). It comes volatile, may be skipped, and is replaced
 *   by a later one of the same seq and by the final caption of that seq (show it as in progress,
 *   after the finals; never speak it or keep it). Final captions go to every language with
 *   listeners, translated ONCE per segment.
 *   `provider` is 'source' (the spoken words), the engine that translated it ('azure', 'deepl',
 *   'google', 'libretranslate', 'openai'), 'demo' (label it "demo translation") or 'untranslated'
 *   (every engine failed: the original text, so nothing is lost). `audio` carries the
 *   URLs of synthesised voices someone in that room asked for (`sermonAudioPath`); the URL may be
 *   fetched at once, it waits for a synthesis in progress. No separate audio event.
 * - A caption's seq can arrive twice (after a reconnection, in an ack's catch-up and as an event):
 *   keep one per seq, in seq order.
 * - `sermon:state`: to everyone when the status (live/paused) or the speaker's connection changes;
 *   to the speaker also when listener counts or minutes left change (at most about once a second).
 * - `sermon:warning` (speaker): 5 minutes of the weekly allowance left. `sermon:ended`: to everyone,
 *   with the reason; the server then removes every socket from the sermon's rooms.
 * - `live:error` `translation_failed` (speaker): "Translation error occurred"; listeners got the
 *   original text marked 'untranslated'.
 * - Reconnection: Socket.IO connection-state recovery (2 minutes) replays missed events; a client that
 *   joins again sends `lastSeq` and gets every later caption in the ack.
 * - A server process stopping (deploy, restart) closes the transport: clients see "transport close"
 *   and reconnect by themselves, to another process or the restarted one, with their session. The
 *   server never uses a Socket.IO disconnect ("io server disconnect") for that. With several
 *   processes and no sticky sessions, use the WebSocket transport (long-polling needs stickiness).
 */
/** Largest socket message answered with an error rather than a dropped connection. */
export const LIVE_PAYLOAD_LIMIT_BYTES = 16 * 1024;

export const goLiveBody = z.object({
  churchId: z.string().uuid(),
  sourceLanguage: z.string().min(2).max(10),
  /** The scheduled service this sermon is (docs/decisions/019): its lobby turns live. */
  scheduledSermonId: z.string().uuid().optional(),
});
export type GoLiveBody = z.infer<typeof goLiveBody>;

export const sermonSchema = z.object({
  id: z.string().uuid(),
  broadcastId: z.string(),
  churchId: z.string().uuid(),
  churchName: z.string().nullable(),
  hostId: z.string().uuid().nullable(),
  hostName: z.string().nullable(),
  /**
   * The title of the scheduled service it went live for (decision 019), null for an unscheduled
   * sermon: lists name a sermon by it before its preacher. Optional only for shapes made elsewhere.
   */
  title: z.string().nullable().optional(),
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
  provider: z.enum(captionProviders),
  /** Synthesised voice for this caption, when a listener in this room asked for one. */
  audio: z.object({ female: z.string().optional(), male: z.string().optional() }).optional(),
});
export type Caption = z.infer<typeof captionSchema>;

/**
 * Where a caption's synthesised voice is served. The caption carries this URL at once; the request
 * waits for a synthesis still in progress, so captions are never held back for their audio.
 */
export function sermonAudioPath(sermonId: string, seq: number, language: string, voice: 'male' | 'female'): string {
  return `/api/v1/sermons/${sermonId}/audio/${seq}/${encodeURIComponent(language)}/${voice}.mp3`;
}

// --- REST ---------------------------------------------------------------------------------------
/** GET /sermons: `status=live` lists live and paused sermons; churchId is honoured for platform admins. */
export const sermonListQuery = z.object({
  status: z.enum(['live', 'ended']).optional(),
  churchId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SermonListQuery = z.input<typeof sermonListQuery>;
export const sermonList = pageOf(sermonSchema);
export type SermonList = z.infer<typeof sermonList>;

/** A language a listener may choose: the church's join-live list plus the spoken language. */
export const joinLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  rtl: z.boolean(),
  /** Server voices offered in this language (empty when the church has no speech key). */
  voices: z.array(z.enum(voiceGenders)),
});
export type JoinLanguage = z.infer<typeof joinLanguageSchema>;

/** GET /sermons/by-broadcast/:broadcastId: what a listener's screen needs before joining. */
export const sermonByBroadcastResponse = z.object({
  sermon: sermonSchema,
  languages: z.array(joinLanguageSchema),
  /** false: offer the device's own voice (speechSynthesis) instead of server voices. */
  hasSpeechKey: z.boolean(),
  guestsMayListen: z.boolean(),
  translator: z.enum(translatorKinds),
});
export type SermonByBroadcast = z.infer<typeof sermonByBroadcastResponse>;

/** GET /sermons/:id/listeners (church admins and staff): spec section 3 "listeners". */
export const listenerSessionSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  /** Full name of a signed-in listener; null for guests. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  isGuest: z.boolean(),
  language: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  status: z.enum(listenerStatuses),
});
export type ListenerSession = z.infer<typeof listenerSessionSchema>;
export const sermonListenersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const sermonListenersResponse = pageOf(listenerSessionSchema);

/** GET /sermons/:id/transcript?lang=&afterSeq=: the stored transcript in one language, as captions. */
export const transcriptQuery = z.object({
  lang: z.string().min(2).max(10),
  afterSeq: z.coerce.number().int().min(0).default(0),
});
export const transcriptResponse = z.object({
  sermonId: z.string().uuid(),
  language: z.string(),
  status: z.enum(sermonStatuses),
  captions: z.array(captionSchema),
});
export type Transcript = z.infer<typeof transcriptResponse>;

/** GET /sermons/mine: the signed-in person's previous listening sessions, newest first. */
export const mySessionSchema = z.object({
  id: z.string().uuid(),
  sermonId: z.string().uuid(),
  broadcastId: z.string(),
  churchId: z.string().uuid(),
  churchName: z.string().nullable(),
  hostName: z.string().nullable(),
  /** The sermon's service title (decision 019), null when it was not scheduled. */
  title: z.string().nullable().optional(),
  sourceLanguage: z.string(),
  sermonStatus: z.enum(sermonStatuses),
  language: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type MySession = z.infer<typeof mySessionSchema>;
export const mySessionsQuery = sermonListenersQuery;
export const mySessionList = pageOf(mySessionSchema);

// --- client → server -------------------------------------------------------------------------
/** The speaker joins the room of a sermon it hosts (after POST /sermons). */
export const speakerJoinPayload = z.object({ sermonId: z.string().uuid() });
/** Recognised (or typed) speech. `seq` increases per final segment; interim text repeats the next seq. */
export const segmentPayload = z.object({
  sermonId: z.string().uuid(),
  seq: z.number().int().min(1).max(1_000_000),
  text: z.string().trim().min(1).max(MAX_SEGMENT_CHARS),
  final: z.boolean(),
  /**
   * The speaker's own id for a final line (e.g. a UUID made when it was recognised or typed). A line
   * resent with a clientId the sermon already stored is not stored or shown again: the ack carries
   * the original seq and `duplicate: true`. Without one, a resend is the same `seq` and text again.
   */
  clientId: z.string().min(8).max(64).optional(),
  /**
   * A paragraph of the church's prepared text (decision 026): the server sends its stored text and
   * translations instead of `text`, with no translator call.
   */
  preparedParagraphId: z.uuid().optional(),
  /**
   * A final line's first words (its first interim; a typed line: when it was typed), epoch ms on the
   * server's clock as the speaker's page reckons it from the offset measured on joining
   * (`SpeakerJoinAck.serverNow`). Kept in the outbox with the line, so a line sent after a restart or
   * from offline keeps when it was said (decision 044). Checked by the server; optional.
   */
  startedAt: z.number().int().positive().optional(),
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
  /** A room's projector (docs/decisions/019): one listener per language, named "projector", not a person. */
  projector: z.boolean().optional(),
  /**
   * The session this phone had in this sermon before its connection was lost (`ListenerJoinAck.sessionId`):
   * a reconnection continues it instead of starting a second one (decision 044).
   */
  sessionId: z.uuid().optional(),
});
export type ListenerJoinPayload = z.input<typeof listenerJoinPayload>;
/**
 * A joined listener saw a hole in the seqs (or came back through recovery): the captions after
 * `afterSeq` in its language. Across server processes a caption can slip past a moving connection;
 * this is how the phone fills the hole.
 */
export const listenerCatchUpPayload = z.object({ afterSeq: z.number().int().min(0) });
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
  translator: z.enum(translatorKinds),
});
export type SermonState = z.infer<typeof sermonStateSchema>;

/**
 * Why a sermon ended, sent with `sermon:ended` and stored as `end_reason`. 'server_restart' is no
 * longer produced (a restart never ends a sermon); it stays so sermons ended that way before still parse.
 */
export const sermonEndReasons = ['stopped', 'ended_by_admin', 'stream_limit', 'speaker_timeout', 'server_restart'] as const;
export type SermonEndReason = (typeof sermonEndReasons)[number];
export const sermonEndedSchema = z.object({
  sermonId: z.string().uuid(),
  reason: z.enum(sermonEndReasons),
  message: z.string(),
});
export type SermonEnded = z.infer<typeof sermonEndedSchema>;

/** Sent to the speaker when the church's weekly allowance is about to run out. */
export const sermonWarningSchema = z.object({
  sermonId: z.string().uuid(),
  code: z.literal('stream_limit_soon'),
  minutesLeft: z.number(),
  message: z.string(),
});
export type SermonWarning = z.infer<typeof sermonWarningSchema>;

export const liveErrorSchema = z.object({
  code: z.enum(['invalid_payload', 'too_large', 'forbidden', 'not_found', 'not_live', 'translation_failed', 'guests_not_allowed', 'internal', 'too_fast', 'recognition_unavailable', 'too_many_connections']),
  message: z.string(),
});
export type LiveError = z.infer<typeof liveErrorSchema>;


/** Ack shape for every client → server event. */
export type LiveAck<T = object> = ({ ok: true } & T) | { ok: false; error: LiveError };

/** Ack of `speaker:join`: continue numbering final segments at `lastSeq + 1`. */
export interface SpeakerJoinAck {
  state: SermonState;
  lastSeq: number;
  sourceLanguage: string;
  /** The server's clock when it answered (epoch ms): the page's offset to it (decision 044). */
  serverNow?: number;
}
/**
 * Ack of `speaker:segment`. The server owns numbering: a final segment whose seq was already used
 * with other text (e.g. after a page reload) is stored under the next free seq, returned here.
 */
export interface SegmentAck {
  seq: number;
  duplicate?: boolean;
}
/**
 * Ack of `listener:join`: the current state and every caption after `lastSeq` (a new listener,
 * lastSeq 0, gets the most recent ones only). Later captions arrive as `caption` events; the state
 * as `sermon:state` when the status or the speaker's connection changes.
 */
export interface ListenerJoinAck {
  sermonId: string;
  sourceLanguage: string;
  language: string;
  state: SermonState;
  captions: Caption[];
  /** The line being said, as far as it is shown in this language (`final: false`), when there is one. */
  partial?: Caption;
  /** This listener's session: sent back with the join after a lost connection, to continue it. */
  sessionId?: string;
}
/**
 * Ack of `listener:prefs` (recent captions in the new language when it changed, and the line being
 * said in it) and of `listener:catch-up` (final captions only).
 */
export interface ListenerPrefsAck {
  captions: Caption[];
  partial?: Caption;
}
