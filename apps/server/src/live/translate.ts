import { findListeningLanguage } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { churchGlossary } from '../modules/glossary/church-glossary';
import { translateWithGlossary } from '../modules/glossary/protect';
import { providersForChurch } from '../providers/church-providers';
import { TranslationError, type TranslateOptions } from '../providers/translation/translator';
import type { Translation } from './sermon-room';

export interface TranslationOutcome {
  byLanguage: Map<string, Translation>;
  /** Some language could not be translated: its listeners got the original text. */
  failed: boolean;
  /** Characters sent to the translator (times target languages); 0 when the cache answered. */
  characters: number;
  /** Why it failed, when it did. */
  error?: unknown;
}

/**
 * Recent translations per church, keyed by the glossary's version: a repeated line (a chorus,
 * "Amen") is not paid for twice, and an edit to the glossary makes every older entry unreachable,
 * so the next line is translated with the new glossary (decision 025).
 */
const CACHE_MAX = 500;
const recent = new WeakMap<AppContext, Map<string, Record<string, string>>>();

function cacheOf(ctx: AppContext): Map<string, Record<string, string>> {
  let cache = recent.get(ctx);
  if (!cache) recent.set(ctx, (cache = new Map()));
  return cache;
}

/**
 * ONE translator request for every target language (ARCHITECTURE.md section 5), with the church's
 * glossary applied (terms protected, then put back per language, decision 025). The translator
 * retries 429s and 5xx within its budget; what still fails becomes the original text marked
 * 'untranslated', so no segment is ever dropped.
 */
export async function translateForLanguages(
  ctx: AppContext,
  log: FastifyBaseLogger,
  churchId: string,
  text: string,
  from: string,
  targets: string[],
  opts: { purpose?: TranslateOptions['purpose'] } = {},
): Promise<TranslationOutcome> {
  const byLanguage = new Map<string, Translation>();
  const untranslated = (codes: string[]) => {
    for (const code of codes) byLanguage.set(code, { text, provider: 'untranslated' });
  };
  if (targets.length === 0) return { byLanguage, failed: false, characters: 0 };
  // A partial (decision 030) is tried once and skipped on failure: no second try, no cache entry
  // (it would only push out finals worth keeping).
  const partial = opts.purpose === 'partial';
  let characters = 0;

  let translator;
  try {
    translator = (await providersForChurch(ctx, churchId)).translator;
  } catch (err) {
    log.error({ err, churchId }, 'no translator for church');
    untranslated(targets);
    return { byLanguage, failed: true, characters, error: err };
  }

  const glossary = await churchGlossary(ctx, churchId, from).catch((err: unknown) => {
    log.warn({ err, churchId }, 'glossary unavailable; translating without it');
    return { version: 'none', matcher: null };
  });
  const cache = cacheOf(ctx);
  const attempt = async (codes: string[]) => {
    const key = `${churchId}|${translator.kind}|${glossary.version}|${from}|${[...codes].sort().join(',')}|${text}`;
    let out = partial ? undefined : cache.get(key);
    if (out) {
      // Most recently used last: the oldest is the first key.
      cache.delete(key);
    } else {
      const answer = await translateWithGlossary(translator, text, from, codes, glossary.matcher, opts.purpose);
      out = answer.byLanguage;
      characters += answer.characters;
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    }
    if (!partial) cache.set(key, out);
    for (const code of codes) {
      const translated = out[code];
      byLanguage.set(code, translated === undefined ? { text, provider: 'untranslated' } : { text: translated, provider: translator.kind });
    }
  };

  let error: unknown;
  try {
    await attempt(targets);
  } catch (err) {
    error = err;
    // A church-made language Azure does not know (400036) must not spoil every other language:
    // try once more with the languages the product knows.
    const known = targets.filter((code) => findListeningLanguage(code));
    const refused = err instanceof TranslationError && err.status === 400;
    if (partial) {
      log.debug({ err, churchId }, 'partial translation skipped');
    } else if (refused && known.length > 0 && known.length < targets.length) {
      try {
        await attempt(known);
      } catch (retryErr) {
        log.warn({ err: retryErr, churchId }, 'translation failed');
      }
    } else {
      log.warn({ err, churchId, targets }, 'translation failed');
    }
    untranslated(targets.filter((code) => !byLanguage.has(code)));
  }
  const failed = [...byLanguage.values()].some((t) => t.provider === 'untranslated');
  return { byLanguage, failed, characters, ...(failed && error !== undefined ? { error } : {}) };
}
