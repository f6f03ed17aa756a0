// What the speaker sends on `/live` (client → server) and the acks it gets back.
import { z } from 'zod';
import { MAX_SEGMENT_CHARS } from './live-events';
import type { SermonState } from './live-server-events';

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
