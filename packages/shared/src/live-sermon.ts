// The sermon and caption shapes the rest of the live contracts are built on (namespace rules in live.ts).
import { z } from 'zod';
import { sermonStatuses } from './enums';
import { captionProviders } from './translation-engine-kinds';

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
  /**
   * A line still being said (`final: false`): words after `text` that the next update may replace,
   * shown after it as they are (a leading space included) and marked as tentative; never voiced nor
   * announced (decision 058).
   */
  tentative: z.string().optional(),
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
