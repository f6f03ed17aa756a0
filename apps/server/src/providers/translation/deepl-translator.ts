import { z } from 'zod';
import { badAnswer, callEngine, charactersBilled, eachTarget, withoutTrailingSlash, type EngineHttpOptions } from './engine-http';
import { deeplSource, deeplTarget } from './language-codes';
import type { TranslateOptions, Translator } from './translator';

/** DeepL's hosts: a free key (ending in ':fx') works only on the free one. */
export const DEEPL_PRO_URL = 'https://api.deepl.com';
export const DEEPL_FREE_URL = 'https://api-free.deepl.com';

export interface DeepLTranslatorOptions extends EngineHttpOptions {
  key: string;
  /** DEEPL_API_URL: replaces the host the key chooses (tests point it at the loopback mock). */
  baseUrlOverride?: string;
}

const translateAnswer = z.object({ translations: z.array(z.object({ text: z.string(), detected_source_language: z.string().optional() })).min(1) });
const languagesAnswer = z.array(z.object({ language: z.string() }));
/** DeepL's error body: `{ "message": "…" }` (sometimes with `detail`). */
const errorBody = z.object({ message: z.string(), detail: z.string().optional() });

export function deeplBaseUrl(key: string, override?: string): string {
  if (override) return withoutTrailingSlash(override);
  return key.trim().endsWith(':fx') ? DEEPL_FREE_URL : DEEPL_PRO_URL;
}

/**
 * DeepL API v2 (`POST /v2/translate`): one target language per request, so a line goes to every
 * language concurrently. Glossary placeholders go with `tag_handling: html`, which leaves
 * `class="notranslate"` elements untouched (decision 033).
 */
export class DeepLTranslator implements Translator {
  readonly kind = 'deepl' as const;
  private readonly base: string;
  private targets: Set<string> | null = null;

  constructor(private readonly opts: DeepLTranslatorOptions) {
    this.base = deeplBaseUrl(opts.key, opts.baseUrlOverride);
  }

  private headers() {
    return { Authorization: `DeepL-Auth-Key ${this.opts.key}`, 'Content-Type': 'application/json' };
  }

  supports(code: string): boolean {
    return this.targets === null || this.targets.has(deeplTarget(code)) || this.targets.has(deeplTarget(code).split('-')[0]!);
  }

  async loadLanguages(): Promise<void> {
    const body = await callEngine('DeepL', `${this.base}/v2/languages?type=target`, () => ({ method: 'GET', headers: this.headers() }), 'final', this.opts, readDeepLError);
    const parsed = languagesAnswer.safeParse(body);
    if (parsed.success) this.targets = new Set(parsed.data.map((l) => l.language.toUpperCase()));
  }

  async translate(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<Record<string, string>> {
    const targets = [...new Set(to.filter((code) => code !== from))];
    if (targets.length === 0 || text.trim() === '') return Object.fromEntries(targets.map((code) => [code, text]));
    // Billed per language that came back (one request each), so a partly failed line counts what it cost.
    const result = await eachTarget(targets, async (code) => {
      const body = JSON.stringify({
        text: [text],
        source_lang: deeplSource(from),
        target_lang: deeplTarget(code),
        ...(options.textType === 'html' ? { tag_handling: 'html' } : {}),
      });
      const answer = await callEngine('DeepL', `${this.base}/v2/translate`, () => ({ method: 'POST', headers: this.headers(), body }), options.purpose, this.opts, readDeepLError);
      const parsed = translateAnswer.safeParse(answer);
      if (!parsed.success) throw badAnswer('DeepL');
      options.onUsage?.(charactersBilled(text, 1));
      return parsed.data.translations[0]!.text;
    });
    return result;
  }
}

function readDeepLError(body: unknown, status: number) {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const message = parsed.data.detail ? `${parsed.data.message} (${parsed.data.detail})` : parsed.data.message;
  // 456: the account's character quota is used up.
  return { message, kind: status === 456 ? ('quota' as const) : undefined };
}
