import type { EngineErrorKind, TranslatorKind } from '@app/shared';

/** A glossary term matched in the line, as a model engine is told about it (decision 025). */
export interface GlossaryHint {
  /** The placeholder's id in the protected text (`g0`, `g1`…). */
  id: string;
  term: string;
  kind: 'keep' | 'fixed';
  /** For `fixed`: the translation per target language the church gave. */
  translations: Record<string, string>;
}

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
  /**
   * The sermon's previous few lines, oldest first (the same live room's, so the same church's):
   * a model engine reads them to translate this line in context; other engines ignore them.
   */
  context?: string[];
  /** The glossary terms of this line: a model engine is told to honour them (decision 033). */
  glossary?: GlossaryHint[];
  /** Called on success with what the call is billed: characters sent × targets, or a model's tokens. */
  onUsage?: (units: number) => void;
}

/**
 * One translation engine: translates one text into many languages. Engines that take several
 * targets per request (Azure, a model) make ONE request; the others one per language, concurrently
 * (ARCHITECTURE.md section 5, decision 033).
 */
export interface Translator {
  readonly kind: TranslatorKind;
  /**
   * @param from source language code (our codes: en, pt, es, id, zh-Hans, ar, hi; each engine maps them)
   * @param to target codes; never includes `from`
   * @returns text per target code; throws TranslationError when the engine fails for good, or
   *   PartialTranslation when some languages came back and others did not
   */
  translate(text: string, from: string, to: string[], options?: TranslateOptions): Promise<Record<string, string>>;
  /** Whether the engine translates into `code`, as far as it knows (false sends it to the other engine). */
  supports?(code: string): boolean;
  /** Asks the service which languages it has (Test connection); afterwards `supports` knows. */
  loadLanguages?(): Promise<void>;
}

/** What an HTTP status says about a failure, when the body said nothing more precise. */
export function errorKindOf(status: number | undefined): EngineErrorKind {
  if (status === undefined) return 'unreachable';
  if (status === 401 || status === 403) return 'auth';
  if (status === 456 || status === 402) return 'quota';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'refused';
}

export class TranslationError extends Error {
  readonly kind: EngineErrorKind;
  constructor(message: string, readonly status?: number, readonly providerCode?: number, kind?: EngineErrorKind) {
    super(message);
    this.kind = kind ?? errorKindOf(status);
  }
}

/** Some target languages came back (`done`), the others failed with `cause`. */
export class PartialTranslation extends TranslationError {
  constructor(readonly done: Record<string, string>, override readonly cause: TranslationError) {
    super(cause.message, cause.status, cause.providerCode, cause.kind);
  }
}
