import type { EngineErrorKind } from '@app/shared';
import { refusalOf } from '../../lib/outbound/outbound-error';
import { plainWords } from '../../lib/outbound/plain-words';
import { fetchWithRetry, type RetryOptions } from './retrying-fetch';
import { errorKindOf, PartialTranslation, TranslationError, type TranslateOptions } from './translator';

/** Timing of an HTTP engine's calls; tests inject fetch, sleep and the clock. */
export interface EngineHttpOptions {
  /** Whole time allowed for a final translation's tries (a caption cannot wait long). */
  retryBudgetMs?: number;
  retryBaseDelayMs?: number;
  /** The one try of a partial translation is abandoned after this long. */
  partialTimeoutMs?: number;
  fetch?: RetryOptions['fetch'];
  sleep?: RetryOptions['sleep'];
  now?: RetryOptions['now'];
}

/** A final line: retried on 429 and 5xx within 2.5 s; a partial one: one try, 1.2 s at most. */
export const FINAL_BUDGET_MS = 2500;
export const PARTIAL_TIMEOUT_MS = 1200;

/** The attempts a call may make for its purpose (TranslateOptions.purpose). */
export function retryPlan(purpose: TranslateOptions['purpose'], opts: EngineHttpOptions): RetryOptions {
  const injected = { fetch: opts.fetch, sleep: opts.sleep, now: opts.now };
  if (purpose === 'partial') return { budgetMs: opts.partialTimeoutMs ?? PARTIAL_TIMEOUT_MS, baseDelayMs: 0, maxAttempts: 1, ...injected };
  return { budgetMs: opts.retryBudgetMs ?? FINAL_BUDGET_MS, baseDelayMs: opts.retryBaseDelayMs ?? 200, maxDelayMs: 1000, ...injected };
}

/** What an engine's error body says: a kind when the body is more precise than the status (its message is not shown, decision 041). */
export type ErrorBodyReader = (body: unknown, status: number) => { message?: string; kind?: EngineErrorKind } | undefined;

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A failure with no usable answer: refused by the outbound client, too slow, or unreachable, in the server's words. */
export function noAnswerError(error: unknown): TranslationError {
  const refusal = refusalOf(error);
  const kind = refusal ? refusal.reason : isTimeout(error) ? 'timeout' : 'unreachable';
  return new TranslationError(plainWords(kind, null), undefined, undefined, kind);
}

/**
 * One JSON call to an engine, retried as its purpose allows (retrying-fetch.ts): the parsed body of
 * a 2xx answer, else a TranslationError in the server's plain words (decision 041; `name` says which engine).
 */
export async function callEngine(
  name: string,
  url: string,
  init: () => RequestInit,
  purpose: TranslateOptions['purpose'],
  opts: EngineHttpOptions,
  readError: ErrorBodyReader,
): Promise<unknown> {
  const outcome = await fetchWithRetry(url, init, retryPlan(purpose, opts));
  if (!outcome.response) throw noAnswerError(outcome.error);
  const { response } = outcome;
  let raw: string;
  try {
    raw = await response.text();
  } catch (err) {
    // Cut off past its size or time: said so; any other broken body reads as empty.
    if (refusalOf(err) || isTimeout(err)) throw noAnswerError(err);
    raw = '';
  }
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    // The body only sharpens the kind; its words are never shown (decision 041).
    const said = body === undefined ? undefined : readError(body, response.status);
    const kind = said?.kind ?? errorKindOf(response.status);
    throw new TranslationError(plainWords(kind, response.status), response.status, undefined, kind);
  }
  if (body === undefined) throw new TranslationError(`${name} answered with something that is not JSON`, response.status, undefined, 'bad_answer');
  return body;
}

/** Characters billed for a text sent to several languages: every target counts (as Azure, DeepL and Google bill). */
export function charactersBilled(text: string, targets: number): number {
  return text.length * targets;
}

/**
 * Engines that take one target per request: every language at once, concurrently. What came back
 * is returned; when some failed a PartialTranslation carries both, when all failed the first error.
 */
export async function eachTarget(targets: string[], translateOne: (code: string) => Promise<string>): Promise<Record<string, string>> {
  const results = await Promise.allSettled(targets.map(translateOne));
  const done: Record<string, string> = {};
  let firstError: TranslationError | undefined;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') done[targets[i]!] = r.value;
    else firstError ??= r.reason instanceof TranslationError ? r.reason : new TranslationError(String(r.reason));
  });
  if (!firstError) return done;
  if (Object.keys(done).length === 0) throw firstError;
  throw new PartialTranslation(done, firstError);
}

/** Strips a trailing slash so paths can be appended. */
export const withoutTrailingSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** A 2xx answer whose body is not what the engine documents. */
export function badAnswer(name: string, why = 'an unexpected shape'): TranslationError {
  return new TranslationError(`${name} answered with ${why}`, 200, undefined, 'bad_answer');
}
