import { z } from 'zod';
import { badAnswer, callEngine, charactersBilled, eachTarget, withoutTrailingSlash, type EngineHttpOptions } from './engine-http';
import { libreCode } from './language-codes';
import type { TranslateOptions, Translator } from './translator';

export interface LibreTranslatorOptions extends EngineHttpOptions {
  /** The church's own server (usually self-hosted, so sermons stay on it). */
  url: string;
  /** Only when the server is run with API keys. */
  key?: string | null;
  /** LIBRETRANSLATE_URL: replaces the church's address in tests only. */
  baseUrlOverride?: string;
}

const translateAnswer = z.object({ translatedText: z.union([z.string(), z.array(z.string()).min(1)]) });
const languagesAnswer = z.array(z.object({ code: z.string(), targets: z.array(z.string()).optional() }));
/** LibreTranslate's error body: `{ "error": "…" }`. */
const errorBody = z.object({ error: z.string() });

/**
 * LibreTranslate (`POST /translate`, Argos models): one target per request, every language
 * concurrently; glossary placeholders go with `format: html` (decision 033).
 */
export class LibreTranslator implements Translator {
  readonly kind = 'libretranslate' as const;
  private readonly base: string;
  private languages: Set<string> | null = null;
  private asked: Promise<void> | null = null;

  constructor(private readonly opts: LibreTranslatorOptions) {
    this.base = withoutTrailingSlash(opts.baseUrlOverride ?? opts.url);
  }

  supports(code: string): boolean {
    return this.languages === null || this.languages.has(libreCode(code, this.languages));
  }

  async loadLanguages(): Promise<void> {
    const body = await callEngine('LibreTranslate', `${this.base}/languages`, () => ({ method: 'GET' }), 'final', this.opts, readLibreError);
    const parsed = languagesAnswer.safeParse(body);
    if (parsed.success) this.languages = new Set(parsed.data.map((l) => l.code));
  }

  async translate(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<Record<string, string>> {
    const targets = [...new Set(to.filter((code) => code !== from))];
    if (targets.length === 0 || text.trim() === '') return Object.fromEntries(targets.map((code) => [code, text]));
    // Each server has its own models and names some languages its own way: ask once, before the first line.
    this.asked ??= this.loadLanguages().catch(() => { this.asked = null; });
    await this.asked;
    // Billed per language that came back (one request each), so a partly failed line counts what it cost.
    const result = await eachTarget(targets, async (code) => {
      const body = JSON.stringify({
        q: text,
        source: libreCode(from, this.languages ?? undefined),
        target: libreCode(code, this.languages ?? undefined),
        format: options.textType === 'html' ? 'html' : 'text',
        ...(this.opts.key ? { api_key: this.opts.key } : {}),
      });
      const answer = await callEngine('LibreTranslate', `${this.base}/translate`, () => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body }), options.purpose, this.opts, readLibreError);
      const parsed = translateAnswer.safeParse(answer);
      if (!parsed.success) throw badAnswer('LibreTranslate');
      options.onUsage?.(charactersBilled(text, 1));
      const t = parsed.data.translatedText;
      return typeof t === 'string' ? t : t[0]!;
    });
    return result;
  }
}

function readLibreError(body: unknown) {
  const parsed = errorBody.safeParse(body);
  return parsed.success ? { message: parsed.data.error } : undefined;
}
