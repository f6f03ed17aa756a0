import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { glossaryEntries } from '../../db/schema';

/** More than any engine takes (about 100 terms): the rest would be cut anyway. */
const MAX_TERMS = 200;

/**
 * The church's glossary as boosted words for recognition (decision 038), most important first:
 * the church's own names and places (`keep`, in any language: a name is a name), then its own
 * fixed terms in the spoken language, then the starter glossary's (Bible books, church words),
 * each group newest first. Each engine keeps what its limits allow.
 */
export async function recognitionTerms(db: Db, churchId: string, language: string): Promise<string[]> {
  const rows = await db.select({ term: glossaryEntries.term }).from(glossaryEntries)
    .where(or(
      and(eq(glossaryEntries.churchId, churchId), or(eq(glossaryEntries.kind, 'keep'), eq(glossaryEntries.language, language))),
      and(isNull(glossaryEntries.churchId), eq(glossaryEntries.language, language)),
    ))
    .orderBy(
      sql`case when ${glossaryEntries.churchId} is null then 2 when ${glossaryEntries.kind} = 'keep' then 0 else 1 end`,
      desc(glossaryEntries.updatedAt), asc(glossaryEntries.term),
    )
    .limit(MAX_TERMS);
  return rows.map((r) => r.term);
}
