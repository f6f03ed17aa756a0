import { fetchWithRetry, type RetryOptions } from '../translation/retrying-fetch';
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

/**
 * One call to a voice engine, retried on 429 and 5xx within its budget: the 2xx answer's body, else
 * a SpeechError in the engine's own words (`readError` picks the message out of its error body).
 */
export async function callSpeechEngine(name: string, url: string, init: () => RequestInit, opts: SpeechHttpOptions, readError: (body: string) => string | undefined): Promise<Buffer> {
  const outcome = await fetchWithRetry(url, init, {
    // The voice trails the caption anyway: a little longer than translation, still bounded.
    budgetMs: opts.retryBudgetMs ?? 4000,
    baseDelayMs: opts.retryBaseDelayMs ?? 250,
    maxDelayMs: 1500,
    fetch: opts.fetch,
    sleep: opts.sleep,
  });
  if (!outcome.response) {
    if (isTimeout(outcome.error)) throw new SpeechError(`${name} did not answer in time`, undefined, 'timeout');
    const cause = outcome.error instanceof Error ? (outcome.error.cause as { code?: string } | undefined)?.code ?? outcome.error.message : 'no response';
    throw new SpeechError(`${name} could not be reached (${cause})`, undefined, 'unreachable');
  }
  const { response } = outcome;
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    const said = readError(body.toString('utf8').slice(0, 2000));
    throw new SpeechError(`${name} refused the request: ${said ?? `HTTP ${response.status}`}`, response.status);
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
