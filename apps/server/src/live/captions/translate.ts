import type { TranslatorKind } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { providersForChurch } from '../../providers/church-providers';
import { translateWithGlossary, type GlossaryTranslateOptions } from '../../providers/translation/glossary-protect';
import { liveSource } from '../live-sources';
import type { Translation } from '../rooms/room-types';

export interface TranslationOutcome {
  byLanguage: Map<string, Translation>;
  /** Some language could not be translated: its listeners got the original text. */
  failed: boolean;
  /** Characters sent to the translator (times target languages); 0 when the cache answered. */
  characters: number;
  /** What the line cost when it was first translated, when the cache answered it (decision 030). */
  cachedCharacters?: number;
  /** Why it failed, when the engines threw. */
  error?: unknown;
}

/**
 * Recent translations per church, keyed by the glossary's version: a repeated line (a chorus,
 * "Amen") is not paid for twice, and an edit to the glossary makes every older entry unreachable,
 * so the next line is translated with the new glossary (decision 025).
 */
const CACHE_MAX = 500;
interface Cached {
  byLanguage: Record<string, string>;
  engineOf: Record<string, TranslatorKind>;
  characters: number;
}
const recent = new WeakMap<AppContext, Map<string, Cached>>();

function cacheOf(ctx: AppContext): Map<string, Cached> {
  let cache = recent.get(ctx);
  if (!cache) recent.set(ctx, (cache = new Map()));
  return cache;
}

/**
 * ONE translation for every target language (ARCHITECTURE.md section 5), with the church's
 * glossary applied (terms protected, then put back per language, decision 025), by the church's
 * engines: the first, and the second for what the first could not do (decision 033). Each engine
 * retries 429s and 5xx within its budget (a partial line: one try, `options.purpose`); what still
 * fails becomes the original text marked 'untranslated', so no segment is ever dropped. Each
 * translation says which engine made it. `options.context`: the same sermon's previous lines, for
 * a model engine.
 */
export async function translateForLanguages(
  ctx: AppContext,
  log: FastifyBaseLogger,
  churchId: string,
  text: string,
  from: string,
  targets: string[],
  options: GlossaryTranslateOptions = {},
): Promise<TranslationOutcome> {
  const byLanguage = new Map<string, Translation>();
  const untranslated = (codes: string[]) => {
    for (const code of codes) byLanguage.set(code, { text, provider: 'untranslated' });
  };
  if (targets.length === 0) return { byLanguage, failed: false, characters: 0 };
  // A partial (decision 030) is tried once and skipped on failure, and kept out of the cache: the
  // windows of a line being said would only push out the finals worth keeping.
  const partial = options.purpose === 'partial';
  let characters = 0;
  let error: unknown;

  let translator;
  try {
    translator = (await providersForChurch(ctx, churchId)).translator;
  } catch (err) {
    log.error({ err, churchId }, 'no translator for church');
    untranslated(targets);
    return { byLanguage, failed: true, characters: 0, error: err };
  }

  const glossary = await liveSource(ctx, 'glossary')(churchId, from).catch((err: unknown) => {
    log.warn({ err, churchId }, 'glossary unavailable; translating without it');
    return { version: 'none', matcher: null };
  });
  const cache = cacheOf(ctx);
  const key = `${churchId}|${translator.kind}|${translator.failoverKind ?? ''}|${glossary.version}|${from}|${[...targets].sort().join(',')}|${text}`;
  let out = partial ? undefined : cache.get(key);
  let cachedCharacters: number | undefined;
  if (out) {
    cachedCharacters = out.characters;
    // Most recently used last: the oldest is the first key.
    cache.delete(key);
    cache.set(key, out);
  } else {
    try {
      const made = await translateWithGlossary(translator, text, from, targets, glossary.matcher, options);
      out = { byLanguage: made.byLanguage, engineOf: made.engineOf, characters: made.characters };
      characters = made.characters;
      // Only a complete answer is kept: a language that failed is tried again next time.
      if (!partial && targets.every((code) => made.byLanguage[code] !== undefined)) {
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(key, out);
      }
    } catch (err) {
      error = err;
      if (partial) log.debug({ err, churchId }, 'partial translation skipped');
      else log.warn({ err, churchId, targets }, 'translation failed');
    }
  }
  for (const code of targets) {
    const translated = out?.byLanguage[code];
    const engine = out?.engineOf[code];
    byLanguage.set(code, translated === undefined || engine === undefined ? { text, provider: 'untranslated' } : { text: translated, provider: engine });
  }
  const failed = [...byLanguage.values()].some((t) => t.provider === 'untranslated');
  return { byLanguage, failed, characters, ...(cachedCharacters !== undefined ? { cachedCharacters } : {}), ...(failed && error !== undefined ? { error } : {}) };
}
