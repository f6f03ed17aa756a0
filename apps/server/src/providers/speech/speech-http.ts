import type { EngineErrorKind } from '@app/shared';
import { refusalOf } from '../../lib/outbound/outbound-error';
import { plainWords } from '../../lib/outbound/plain-words';
import { fetchWithRetry, type RetryOptions } from '../translation/retrying-fetch';
import { errorKindOf } from '../translation/translator';
import { SpeechError } from './speech-error';

/** Timing of a voice engine's calls; tests inject fetch and sleep. */
export interface SpeechHttpOptions {
  retryBudgetMs?: number;
  retryBaseDelayMs?: number;
  fetch?: RetryOptions['fetch'];
  sleep?: RetryOptions['sleep'];
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function noAnswer(error: unknown): SpeechError {
  const refusal = refusalOf(error);
  const kind = refusal ? refusal.reason : isTimeout(error) ? 'timeout' : 'unreachable';
  return new SpeechError(plainWords(kind, null), undefined, kind);
}

/**
 * One call to a voice engine, retried on 429 and 5xx within its budget: the 2xx answer's body, else
 * a SpeechError in the server's plain words (decision 041: the engine's reply is never shown).
 */
export async function callSpeechEngine(name: string, url: string, init: () => RequestInit, opts: SpeechHttpOptions, readKind?: (body: string, status: number) => EngineErrorKind | undefined): Promise<Buffer> {
  const outcome = await fetchWithRetry(url, init, {
    // The voice trails the caption anyway: a little longer than translation, still bounded.
    budgetMs: opts.retryBudgetMs ?? 4000,
    baseDelayMs: opts.retryBaseDelayMs ?? 250,
    maxDelayMs: 1500,
    fetch: opts.fetch,
    sleep: opts.sleep,
  });
  if (!outcome.response) throw noAnswer(outcome.error);
  const { response } = outcome;
  let body: Buffer;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch (err) {
    throw noAnswer(err);
  }
  if (!response.ok) {
    // The body only sharpens the kind; its words are never shown (decision 041).
    const kind = readKind?.(body.toString('utf8', 0, 2000), response.status) ?? errorKindOf(response.status);
    throw new SpeechError(plainWords(kind, response.status), response.status, kind);
  }
  if (body.length === 0) throw new SpeechError(`${name} sent no audio`, response.status, 'bad_answer');
  return body;
}

/** `{ error: { message } }` or `{ error: "…" }` or `{ detail: … }`, as OpenAI, Google and self-hosted servers answer. */
export function jsonErrorMessage(raw: string): string | undefined {
  try {
    const body = JSON.parse(raw) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown };
    const e = body.error;
    const said = typeof e === 'string' ? e : e?.message ?? body.detail ?? body.message;
    if (typeof said === 'string') return said.slice(0, 200);
    if (said !== undefined) return JSON.stringify(said).slice(0, 200);
  } catch {
    // Not JSON (a proxy's page): only the status is shown.
  }
  return undefined;
}
