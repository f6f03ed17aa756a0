export interface TranslateOptions {
  /**
   * 'html': the text carries glossary placeholders in `notranslate` spans (decision 025) that must
   * come back untouched; `&`, `<`, `>` in it are escaped. Default 'plain'.
   */
  textType?: 'plain' | 'html';
  /**
   * 'partial': the in-progress text of a live sentence, re-translated as it grows. It is worth
   * nothing once the next one exists, so a partial request is tried once with a short timeout and
   * never retried or queued; a failure is simply skipped. 'final' (default): retried within the
   * engine's budget, and marked untranslated only when every try failed.
   */
  purpose?: 'final' | 'partial';
}

/** Translates one text into many languages in ONE request (ARCHITECTURE.md section 5). */
export interface Translator {
  readonly kind: 'azure' | 'demo';
  /**
   * @param from source language code (our codes = Azure codes: en, pt, es, id, zh-Hans, ar, hi)
   * @param to target codes; never includes `from`
   * @returns text per target code; throws TranslationError when the provider fails for good
   */
  translate(text: string, from: string, to: string[], options?: TranslateOptions): Promise<Record<string, string>>;
}

export class TranslationError extends Error {
  constructor(message: string, readonly status?: number, readonly providerCode?: number) {
    super(message);
  }
}
