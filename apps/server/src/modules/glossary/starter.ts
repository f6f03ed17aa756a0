import type { Db } from '../../db/client';
import { glossaryEntries, glossaryVersions } from '../../db/schema';
import { termKey } from '../../lib/glossary-matcher';
import { bibleBooks, booksOnlyBeforeNumber, coreTerms, starterLanguages, type StarterLanguage } from './starter-glossary';

/** The glossary_versions row of the starter glossary; its presence says the starter was seeded. */
export const STARTER_SCOPE = 'starter';

type NewEntry = typeof glossaryEntries.$inferInsert;

/**
 * The starter glossary as rows: each concept (a book, a core term) once per spoken language, a
 * `fixed` entry whose translations are the other six languages' words for it.
 */
export function starterRows(): NewEntry[] {
  const concepts: Array<{ names: Record<StarterLanguage, string>; beforeNumber: boolean; note: string }> = [];
  bibleBooks.en.forEach((english, i) => {
    const names = Object.fromEntries(starterLanguages.map((l) => [l, bibleBooks[l][i]!])) as Record<StarterLanguage, string>;
    concepts.push({ names, beforeNumber: booksOnlyBeforeNumber.has(english), note: 'Bible book' });
  });
  for (const names of coreTerms) concepts.push({ names, beforeNumber: false, note: '' });

  const rows: NewEntry[] = [];
  for (const language of starterLanguages) {
    for (const c of concepts) {
      const translations = Object.fromEntries(starterLanguages.filter((l) => l !== language).map((l) => [l, c.names[l]]));
      rows.push({
        churchId: null, language, term: c.names[language], termKey: termKey(c.names[language]), kind: 'fixed', translations,
        note: c.note, beforeNumber: language === 'en' && c.beforeNumber,
      });
    }
  }
  return rows;
}

const seeded = new WeakMap<Db, Promise<void>>();

/**
 * Seeds the starter glossary once per database, the first time any glossary is read; from then on
 * platform administrators own it (a deleted entry stays deleted). Safe with several processes.
 */
export function ensureStarterGlossary(db: Db): Promise<void> {
  let job = seeded.get(db);
  if (!job) {
    job = db.transaction(async (tx) => {
      const claimed = await tx.insert(glossaryVersions).values({ scope: STARTER_SCOPE, version: 1 }).onConflictDoNothing().returning();
      if (claimed.length === 0) return;
      const rows = starterRows();
      for (let i = 0; i < rows.length; i += 200) {
        await tx.insert(glossaryEntries).values(rows.slice(i, i + 200)).onConflictDoNothing();
      }
    }).then(() => undefined);
    job.catch(() => seeded.delete(db));
    seeded.set(db, job);
  }
  return job;
}
