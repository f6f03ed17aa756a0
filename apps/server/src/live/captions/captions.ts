import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sermonAudioPath, type Caption } from '@app/shared';
import type { Db } from '../../db/client';
import { segmentTranslations, transcriptSegments } from '../../db/schema';
import type { RoomSegment, Translation } from '../rooms/room-types';

/** A stored segment with what is known of its translation into one language. */
export interface SegmentInLanguage {
  id: string;
  seq: number;
  text: string;
  /** Known translation, or a promise of one in progress; undefined when it must be made. */
  translation?: Translation | Promise<Translation>;
}

/** Segments with seq in (afterSeq, beforeSeq), oldest first, with their stored translation into `language`. */
export async function storedSegments(
  db: Db,
  sermonId: string,
  language: string,
  afterSeq: number,
  beforeSeq?: number,
): Promise<SegmentInLanguage[]> {
  const tr = alias(segmentTranslations, 'tr');
  const rows = await db
    .select({ id: transcriptSegments.id, seq: transcriptSegments.seq, text: transcriptSegments.text, translated: tr.text, provider: tr.provider })
    .from(transcriptSegments)
    .leftJoin(tr, and(eq(tr.segmentId, transcriptSegments.id), eq(tr.language, language)))
    .where(and(
      eq(transcriptSegments.sermonId, sermonId),
      gt(transcriptSegments.seq, afterSeq),
      beforeSeq === undefined ? undefined : lt(transcriptSegments.seq, beforeSeq),
    ))
    .orderBy(asc(transcriptSegments.seq));
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    text: r.text,
    translation: r.translated === null ? undefined : { text: r.translated, provider: r.provider as Translation['provider'] },
  }));
}

/** A segment held in memory, seen in one language. */
export function segmentInLanguage(segment: RoomSegment, language: string): SegmentInLanguage {
  return {
    id: segment.id,
    seq: segment.seq,
    text: segment.text,
    translation: segment.translations.get(language) ?? segment.pending.get(language),
  };
}

export function toCaption(
  sermonId: string,
  seq: number,
  language: string,
  t: Translation,
  audio?: Caption['audio'],
): Caption {
  return { sermonId, seq, language, text: t.text, final: true, provider: t.provider, ...(audio ? { audio } : {}) };
}

export function audioUrls(sermonId: string, seq: number, language: string, voices: Array<'male' | 'female'>): Caption['audio'] {
  if (voices.length === 0) return undefined;
  const audio: NonNullable<Caption['audio']> = {};
  for (const v of voices) audio[v] = sermonAudioPath(sermonId, seq, language, v);
  return audio;
}
