// What the server sends on `/live` (server → client; the event names are in live-events.ts) and the ack shape of every client event.
import { z } from 'zod';
import { sermonStatuses } from './enums';
import { translatorKinds } from './translation-engine-kinds';

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
