// What a listener's phone sends on `/live` (client → server) and the acks it gets back.
import { z } from 'zod';
import { voiceGenders } from './enums';
import type { Caption } from './live-sermon';
import type { SermonState } from './live-server-events';

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
