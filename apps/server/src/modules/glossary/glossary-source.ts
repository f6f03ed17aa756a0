import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { GlossaryEntry, glossaryListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { glossaryEntries } from '../../db/schema';
import { humanOrder, searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';

type GlossaryQuery = z.output<typeof glossaryListQuery>;
type Row = typeof glossaryEntries.$inferSelect;

export function toGlossaryEntry(r: Row): GlossaryEntry {
  return {
    id: r.id,
    churchId: r.churchId,
    language: r.language,
    term: r.term,
    kind: r.kind,
    translations: r.kind === 'fixed' ? r.translations : {},
    heardAs: r.heardAs,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const selectEntries = (db: Db) => db.select().from(glossaryEntries).$dynamic();

/** A glossary as one list of the list machinery (decision 010): by term, searchable in every language. */
export const glossarySource = (db: Db): ListSource<ReturnType<typeof selectEntries>, GlossaryEntry> => ({
  rows: () => selectEntries(db),
  count: () => db.select({ n: count() }).from(glossaryEntries).$dynamic(),
  sortable: { term: humanOrder(glossaryEntries.term), kind: glossaryEntries.kind, language: glossaryEntries.language, updatedAt: glossaryEntries.updatedAt },
  defaultSort: 'term',
  tiebreak: glossaryEntries.id,
  toItem: toGlossaryEntry,
});

/** The church's glossary (`churchId`) or the starter glossary (null), with the list's filters. */
export function glossaryWhere(churchId: string | null, q: GlossaryQuery): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchId ? eq(glossaryEntries.churchId, churchId) : isNull(glossaryEntries.churchId),
    q.kind ? eq(glossaryEntries.kind, q.kind) : undefined,
    q.language ? eq(glossaryEntries.language, q.language) : undefined,
    searchMatches(sql`f_unaccent(lower(${glossaryEntries.term} || ' ' || ${glossaryEntries.translations}::text || ' ' || ${glossaryEntries.heardAs}::text || ' ' || ${glossaryEntries.note}))`, q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

/** `pt=graça; es=gracia`: a spreadsheet cell people can read and type. */
export const formatTranslations = (t: Record<string, string>) => Object.entries(t).map(([code, text]) => `${code}=${text}`).join('; ');
/** `Nee hemiah | Neh Maya`. */
export const formatHeardAs = (variants: string[]) => variants.join(' | ');

export const glossaryCsvColumns: CsvColumn<GlossaryEntry>[] = [
  { header: 'term', value: (e) => e.term },
  { header: 'kind', value: (e) => e.kind },
  { header: 'language', value: (e) => e.language },
  { header: 'translations', value: (e) => formatTranslations(e.translations) },
  { header: 'heardAs', value: (e) => formatHeardAs(e.heardAs) },
  { header: 'note', value: (e) => e.note },
];
