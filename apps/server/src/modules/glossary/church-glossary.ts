import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { glossaryEntries, glossaryVersions } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import { correctLine, GlossaryMatcher, type MatcherEntry } from '../../lib/glossary-matcher';
import { ensureStarterGlossary, STARTER_SCOPE } from './starter';

/**
 * The glossary a church's line is matched against (decision 025): the starter glossary with the
 * church's own entries over it, for the spoken language, compiled once per glossary version.
 * Each process asks the database for the version at most once a second and at once after an edit
 * it made itself, so an edit takes effect on the next line.
 */
export interface ChurchGlossary {
  /** `<church version>.<starter version>`: part of every cache key of a translation. */
  version: string;
  /** null: nothing to match. */
  matcher: GlossaryMatcher | null;
}

const CHECK_MS = 1000;

interface Cached {
  glossary: ChurchGlossary;
  checkedAt: number;
}

const caches = new WeakMap<AppContext, Map<string, Cached>>();

function cacheOf(ctx: AppContext): Map<string, Cached> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

/** Marks a glossary changed: translations cached under the old version are not used again. */
export async function bumpGlossaryVersion(db: DbOrTx, scope: string): Promise<void> {
  await db.insert(glossaryVersions).values({ scope, version: 2 })
    .onConflictDoUpdate({ target: glossaryVersions.scope, set: { version: sql`${glossaryVersions.version} + 1` } });
}

/** Forgets this process's compiled glossaries (after an edit here; other processes notice within a second). */
export function forgetGlossaries(ctx: AppContext): void {
  cacheOf(ctx).clear();
}

async function readVersion(db: Db, churchId: string): Promise<string> {
  const rows = await db.select().from(glossaryVersions).where(inArray(glossaryVersions.scope, [churchId, STARTER_SCOPE]));
  const of = (scope: string) => rows.find((r) => r.scope === scope)?.version ?? 1;
  return `${of(churchId)}.${of(STARTER_SCOPE)}`;
}

/**
 * The entries that apply to a line spoken in `language`: the starter's and the church's in that
 * language, and the church's `keep` entries in any language (a name is a name in every language).
 * A church entry replaces the starter's for the same term; a `fixed` one keeps the starter's
 * translations for the languages it does not give.
 */
export async function effectiveEntries(db: Db, churchId: string, language: string): Promise<MatcherEntry[]> {
  const rows = await db.select().from(glossaryEntries).where(or(
    and(eq(glossaryEntries.language, language), or(isNull(glossaryEntries.churchId), eq(glossaryEntries.churchId, churchId))),
    and(eq(glossaryEntries.churchId, churchId), eq(glossaryEntries.kind, 'keep')),
  ));
  const byKey = new Map<string, MatcherEntry>();
  for (const r of rows.filter((row) => row.churchId === null)) {
    byKey.set(r.termKey, { term: r.term, kind: r.kind, translations: r.translations, heardAs: r.heardAs, beforeNumber: r.beforeNumber });
  }
  for (const r of rows.filter((row) => row.churchId !== null)) {
    const starter = byKey.get(r.termKey);
    const translations = r.kind === 'fixed' ? { ...starter?.translations, ...r.translations } : {};
    byKey.set(r.termKey, { term: r.term, kind: r.kind, translations, heardAs: [...r.heardAs, ...(starter?.heardAs ?? [])] });
  }
  return [...byKey.values()];
}

/** The church's compiled glossary for a spoken language. */
export async function churchGlossary(ctx: AppContext, churchId: string, language: string): Promise<ChurchGlossary> {
  const cache = cacheOf(ctx);
  const key = `${churchId}|${language}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.checkedAt < CHECK_MS) return hit.glossary;
  await ensureStarterGlossary(ctx.db);
  const version = await readVersion(ctx.db, churchId);
  if (hit && hit.glossary.version === version) {
    hit.checkedAt = now;
    return hit.glossary;
  }
  const matcher = new GlossaryMatcher(await effectiveEntries(ctx.db, churchId, language));
  const glossary: ChurchGlossary = { version, matcher: matcher.size > 0 ? matcher : null };
  cache.set(key, { glossary, checkedAt: now });
  return glossary;
}

/**
 * A recognised line with the church's "heard as" variants replaced by their terms, for every
 * recognition engine, before the line is stored, shown or translated ("Nee hemiah" → "Nehemiah").
 */
export async function correctHeardLine(ctx: AppContext, churchId: string, language: string, text: string): Promise<string> {
  try {
    const { matcher } = await churchGlossary(ctx, churchId, language);
    return matcher ? correctLine(text, matcher).text : text;
  } catch (err) {
    // A glossary that cannot be read must not stop the sermon: the line goes on as it was heard.
    ctx.log.warn({ err, churchId }, 'glossary unavailable; line not corrected');
    return text;
  }
}
