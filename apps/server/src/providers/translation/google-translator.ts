import { z } from 'zod';
import { badAnswer, callEngine, charactersBilled, eachTarget, withoutTrailingSlash, type EngineHttpOptions } from './engine-http';
import { googleCode } from './language-codes';
import type { TranslateOptions, Translator } from './translator';

export const GOOGLE_TRANSLATE_URL = 'https://translation.googleapis.com';

export interface GoogleTranslatorOptions extends EngineHttpOptions {
  key: string;
  /** GOOGLE_TRANSLATE_URL: replaces Google's host (tests point it at the loopback mock). */
  baseUrlOverride?: string;
}

const translateAnswer = z.object({ data: z.object({ translations: z.array(z.object({ translatedText: z.string() })).min(1) }) });
const languagesAnswer = z.object({ data: z.object({ languages: z.array(z.object({ language: z.string() })) }) });
/** Google's error body: `{ error: { code, message, status, errors: [{ reason }] } }`. */
const errorBody = z.object({
  error: z.object({ code: z.number().optional(), message: z.string(), status: z.string().optional(), errors: z.array(z.object({ reason: z.string().optional() })).optional() }),
});

/**
 * Google Cloud Translation, basic edition (v2) with an API key: one target per request, so a line
 * goes to every language concurrently. Glossary placeholders go with `format: html`, which leaves
 * `class="notranslate"` spans alone (decision 033).
 */
export class GoogleTranslator implements Translator {
  readonly kind = 'google' as const;
  private readonly base: string;
  private targets: Set<string> | null = null;

  constructor(private readonly opts: GoogleTranslatorOptions) {
    this.base = withoutTrailingSlash(opts.baseUrlOverride ?? GOOGLE_TRANSLATE_URL);
  }

  private url(path: string): string {
    return `${this.base}/language/translate/v2${path}?key=${encodeURIComponent(this.opts.key)}`;
  }

  supports(code: string): boolean {
    return this.targets === null || this.targets.has(googleCode(code).toLowerCase()) || this.targets.has(code.split('-')[0]!.toLowerCase());
  }

  async loadLanguages(): Promise<void> {
    const body = await callEngine('Google', this.url('/languages'), () => ({ method: 'GET' }), 'final', this.opts, readGoogleError);
    const parsed = languagesAnswer.safeParse(body);
    if (parsed.success) this.targets = new Set(parsed.data.data.languages.map((l) => l.language.toLowerCase()));
  }

  async translate(text: string, from: string, to: string[], options: TranslateOptions = {}): Promise<Record<string, string>> {
    const targets = [...new Set(to.filter((code) => code !== from))];
    if (targets.length === 0 || text.trim() === '') return Object.fromEntries(targets.map((code) => [code, text]));
    // Billed per language that came back (one request each), so a partly failed line counts what it cost.
    const result = await eachTarget(targets, async (code) => {
      const body = JSON.stringify({ q: [text], source: googleCode(from), target: googleCode(code), format: options.textType === 'html' ? 'html' : 'text' });
      const answer = await callEngine('Google', this.url(''), () => ({ method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body }), options.purpose, this.opts, readGoogleError);
      const parsed = translateAnswer.safeParse(answer);
      if (!parsed.success) throw badAnswer('Google');
      options.onUsage?.(charactersBilled(text, 1));
      return parsed.data.data.translations[0]!.translatedText;
    });
    return result;
  }
}

function readGoogleError(body: unknown, status: number) {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const reasons = (parsed.data.error.errors ?? []).map((e) => e.reason ?? '');
  // A wrong key is a 400 (INVALID_ARGUMENT, reason keyInvalid); a used-up daily limit a 403.
  const kind = reasons.includes('keyInvalid') || /API key/i.test(parsed.data.error.message) ? ('auth' as const)
    : reasons.some((r) => /LimitExceeded$/.test(r)) ? (status === 429 ? ('rate_limited' as const) : ('quota' as const))
    : undefined;
  return { message: parsed.data.error.message, kind };
}
