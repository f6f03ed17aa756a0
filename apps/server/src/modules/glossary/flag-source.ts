import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TranslationFlag, translationFlagListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { segmentTranslations, sermons, transcriptSegments, translationFlags } from '../../db/schema';
import { searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';

type FlagQuery = z.output<typeof translationFlagListQuery>;

const selectFlags = (db: Db) =>
  db
    .select({
      row: translationFlags,
      sermonStartedAt: sermons.startedAt,
      sourceLanguage: sermons.sourceLanguage,
      sourceText: transcriptSegments.text,
      translatedText: segmentTranslations.text,
    })
    .from(translationFlags)
    .innerJoin(sermons, eq(sermons.id, translationFlags.sermonId))
    .leftJoin(transcriptSegments, and(eq(transcriptSegments.sermonId, translationFlags.sermonId), eq(transcriptSegments.seq, translationFlags.seq)))
    .leftJoin(segmentTranslations, and(eq(segmentTranslations.segmentId, transcriptSegments.id), eq(segmentTranslations.language, translationFlags.language)))
    .$dynamic();

type FlagRow = Awaited<ReturnType<typeof selectFlags>>[number];

export function toFlag(r: FlagRow): TranslationFlag {
  return {
    id: r.row.id,
    churchId: r.row.churchId,
    sermonId: r.row.sermonId,
    sermonStartedAt: r.sermonStartedAt?.toISOString() ?? null,
    seq: r.row.seq,
    language: r.row.language,
    sourceLanguage: r.sourceLanguage,
    sourceText: r.sourceText ?? '',
    translatedText: r.row.language === r.sourceLanguage ? r.sourceText : r.translatedText,
    suggestion: r.row.suggestion,
    status: r.row.status,
    createdAt: r.row.createdAt.toISOString(),
  };
}

/** Listeners' flags as one list of the list machinery: newest first, with the line and its translation. */
export const flagSource = (db: Db): ListSource<ReturnType<typeof selectFlags>, TranslationFlag> => ({
  rows: () => selectFlags(db),
  count: () => db.select({ n: count() }).from(translationFlags)
    .leftJoin(transcriptSegments, and(eq(transcriptSegments.sermonId, translationFlags.sermonId), eq(transcriptSegments.seq, translationFlags.seq))).$dynamic(),
  sortable: { createdAt: translationFlags.createdAt, language: translationFlags.language },
  defaultSort: '-createdAt',
  tiebreak: translationFlags.id,
  toItem: toFlag,
});

export function flagWhere(churchScope: string | null, q: FlagQuery): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchScope ? eq(translationFlags.churchId, churchScope) : undefined,
    q.churchId ? eq(translationFlags.churchId, q.churchId) : undefined,
    q.status ? eq(translationFlags.status, q.status) : undefined,
    q.language ? eq(translationFlags.language, q.language) : undefined,
    q.sermonId ? eq(translationFlags.sermonId, q.sermonId) : undefined,
    q.from ? gte(translationFlags.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(translationFlags.createdAt, new Date(q.to)) : undefined,
    searchMatches(sql`f_unaccent(lower(coalesce(${transcriptSegments.text}, '') || ' ' || coalesce(${translationFlags.suggestion}, '')))`, q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

export const flagCsvColumns: CsvColumn<TranslationFlag>[] = [
  { header: 'createdAt', value: (f) => f.createdAt },
  { header: 'status', value: (f) => f.status },
  { header: 'sermonId', value: (f) => f.sermonId },
  { header: 'seq', value: (f) => f.seq },
  { header: 'sourceLanguage', value: (f) => f.sourceLanguage },
  { header: 'sourceText', value: (f) => f.sourceText },
  { header: 'language', value: (f) => f.language },
  { header: 'translatedText', value: (f) => f.translatedText },
  { header: 'suggestion', value: (f) => f.suggestion },
];

export const flagById = (db: Db, id: string) => selectFlags(db).where(eq(translationFlags.id, id)).limit(1);
