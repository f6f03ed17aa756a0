import type { FieldError, Problem } from '@app/shared';

/** An API failure carrying the server's problem+json, so screens can show translated messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    /** From a 429's Retry-After header, so a screen can say how long to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Whether a failed request is worth another try: client errors will not fix themselves; flaky church Wi-Fi might. */
export function shouldRetry(failures: number, err: unknown): boolean {
  return !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 2;
}

interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
}

/** fetch for /api/v1: JSON in and out, cookies included, problem+json turned into ApiError. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { body, headers, ...rest } = opts;
  const isForm = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      credentials: 'same-origin',
      ...rest,
      headers: { ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...interfaceLanguageHeader(), ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const problem = (data ?? {}) as Partial<Problem>;
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(
      res.status,
      problem.code ?? 'internal',
      problem.detail ?? res.statusText,
      problem.errors ?? [],
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return data as T;
}

/**
 * The interface language shown (the page's `lang`, set by i18n): the server writes a mail it sends
 * to someone without a primary language on their profile in it, such as a password reset code.
 */
function interfaceLanguageHeader(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'accept-language': lang } : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
