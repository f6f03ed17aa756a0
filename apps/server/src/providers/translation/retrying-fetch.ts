/**
 * One HTTP call to a translation or speech service, retried on 429 and 5xx (and network failures) with exponential
 * backoff inside a fixed time budget, honouring Retry-After (SPEECH-AND-TRANSLATION.md). A live
 * caption cannot wait long: when the budget is spent the caller gets the last failure and moves on.
 */
import { isUnresolvedName, refusalOf } from '../../lib/outbound/outbound-error';

export interface RetryOptions {
  /** Whole time allowed for all attempts and waits, in ms. */
  budgetMs: number;
  /** First backoff wait; doubles each retry (with jitter). */
  baseDelayMs: number;
  /** Longest computed backoff between attempts (a Retry-After is not shortened). */
  maxDelayMs?: number;
  /** At most this many attempts (a partial translation makes one). Default: as many as the budget allows. */
  maxAttempts?: number;
  /** Injected for tests. */
  fetch?: typeof fetch;
  /** Injected for tests (defaults to setTimeout). */
  sleep?: (ms: number) => Promise<void>;
  /** Injected for tests (defaults to Date.now). */
  now?: () => number;
}

export interface AttemptOutcome {
  /** The final response (not retryable, or the last one when the budget ran out). */
  response?: Response;
  /** The last network error, when no response came at all. */
  error?: unknown;
  attempts: number;
  /** The budget ran out while the service was still failing. */
  gaveUp: boolean;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After as ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Calls `makeRequest()` until it gives a response that is not retryable, or the budget is spent.
 * Each attempt is aborted when the budget runs out. Never throws: the caller decides what a
 * final 4xx, a spent budget or a network error means.
 */
export async function fetchWithRetry(url: string, init: () => RequestInit, opts: RetryOptions): Promise<AttemptOutcome> {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? sleepFor;
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.budgetMs;
  const maxDelay = opts.maxDelayMs ?? opts.budgetMs;
  const backoff = (attempt: number) => Math.min(opts.baseDelayMs * 2 ** (attempt - 1), maxDelay);
  let attempts = 0;
  let lastResponse: Response | undefined;
  let lastError: unknown;

  for (;;) {
    const remaining = deadline - now();
    if (remaining <= 0) return { response: lastResponse, error: lastError, attempts, gaveUp: true };
    attempts += 1;
    let wait: number;
    try {
      const response = await doFetch(url, { ...init(), signal: AbortSignal.timeout(Math.ceil(remaining)) });
      if (!isRetryableStatus(response.status)) return { response, attempts, gaveUp: false };
      lastResponse = response;
      lastError = undefined;
      // The service's own Retry-After is honoured as it is: retrying sooner would be refused again.
      wait = retryAfterMs(response.headers.get('retry-after')) ?? Math.round(backoff(attempts) * (0.8 + Math.random() * 0.4));
    } catch (error) {
      // An address the outbound client refuses stays refused (decision 041), and a name that does
      // not resolve does not within the budget (decision 051): no retry.
      if (refusalOf(error) || isUnresolvedName(error)) return { error, attempts, gaveUp: false };
      lastError = error;
      lastResponse = undefined;
      wait = backoff(attempts);
    }
    // Waiting past the deadline is pointless: report now rather than after a doomed sleep.
    if (now() + wait >= deadline || attempts >= (opts.maxAttempts ?? Infinity)) {
      return { response: lastResponse, error: lastError, attempts, gaveUp: true };
    }
    // Free the connection: a retried attempt's body is not needed, only the final one's.
    if (lastResponse) await lastResponse.arrayBuffer().catch(() => undefined);
    await sleep(wait);
  }
}
