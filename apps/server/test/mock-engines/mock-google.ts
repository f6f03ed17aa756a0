import { ApiError, mockTranslation, startLoopback, type Loopback, type LoopbackOptions, type RecordedRequest } from './loopback';

/**
 * Google Cloud Translation basic (v2) on loopback, from Google's public reference:
 * `POST /language/translate/v2?key=KEY` with `{ q, target, source, format }` (`q` a string or up to
 * 128 strings; `format` html by default, or text) answering `{ data: { translations: [{ translatedText }] } }`;
 * `GET /language/translate/v2/languages?key=KEY`. Errors are `{ error: { code, message, errors, status } }`:
 * a wrong key is 400 INVALID_ARGUMENT "API key not valid", a busy project 429 RESOURCE_EXHAUSTED.
 */

export const MOCK_GOOGLE_KEY = 'mock-google-key-0001';
export const GOOGLE_LANGUAGES = ['af', 'ar', 'bn', 'de', 'en', 'es', 'fa', 'fr', 'hi', 'id', 'it', 'ja', 'ko', 'ms', 'nl', 'pl', 'pt', 'pt-PT', 'ru', 'sw', 'th', 'tl', 'tr', 'uk', 'ur', 'vi', 'zh-CN', 'zh-TW'];
const KNOWN = new Set([...GOOGLE_LANGUAGES.map((l) => l.toLowerCase()), 'zh']);

const statusWords: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
const reasons: Record<number, string> = { 400: 'badRequest', 403: 'forbidden', 404: 'notFound', 429: 'rateLimitExceeded', 500: 'backendError', 503: 'backendError' };
const messages: Record<number, string> = {
  400: 'Invalid Value', 403: 'The request is missing a valid API key.', 404: 'Not Found',
  429: "Quota exceeded for quota metric 'v2 and v3 general model characters' and limit 'v2 and v3 general model characters per minute per user'.",
  500: 'Internal error encountered.', 503: 'The service is currently unavailable.',
};

export async function startMockGoogle(opts: LoopbackOptions & { key?: string } = {}): Promise<Loopback> {
  const key = opts.key ?? MOCK_GOOGLE_KEY;

  function authorise(req: RecordedRequest) {
    const given = req.query.key?.[0];
    if (!given) throw new ApiError(403, messages[403]!, { reason: 'forbidden' });
    if (given !== key) throw new ApiError(400, 'API key not valid. Please pass a valid API key.', { reason: 'badRequest' });
  }

  function translate(req: RecordedRequest) {
    authorise(req);
    const body = (req.json ?? {}) as Record<string, unknown>;
    const q = typeof body.q === 'string' ? [body.q] : body.q;
    if (!Array.isArray(q) || q.length === 0 || q.some((t) => typeof t !== 'string')) throw new ApiError(400, 'Required Text', { reason: 'required' });
    if (q.length > 128) throw new ApiError(400, 'Too many text segments', { reason: 'invalid' });
    const target = String(body.target ?? '');
    if (!target) throw new ApiError(400, 'Required Target language', { reason: 'required' });
    const source = body.source === undefined ? 'en' : String(body.source);
    if (!KNOWN.has(target.toLowerCase()) || !KNOWN.has(source.toLowerCase())) throw new ApiError(400, `Bad language pair: ${source}|${target}`, { reason: 'invalid' });
    const format = body.format ?? 'html';
    if (format !== 'html' && format !== 'text') throw new ApiError(400, 'Invalid Value', { reason: 'invalid' });
    return { status: 200, body: { data: { translations: (q as string[]).map((t) => ({ translatedText: mockTranslation(t, target, format === 'html') })) } } };
  }

  return startLoopback({
    route(req) {
      if (req.path === '/language/translate/v2' && req.method === 'POST') return translate(req);
      if (req.path === '/language/translate/v2/languages' && req.method === 'GET') {
        authorise(req);
        return { status: 200, body: { data: { languages: GOOGLE_LANGUAGES.map((language) => ({ language })) } } };
      }
      throw new ApiError(404, messages[404]!);
    },
    errorBody: (status, message, extra) => ({
      error: {
        code: status, message,
        errors: [{ message, domain: status === 429 ? 'usageLimits' : 'global', reason: (extra.reason as string | undefined) ?? reasons[status] ?? 'unknown' }],
        status: statusWords[status] ?? 'UNKNOWN',
      },
    }),
    defaultMessage: (status) => messages[status] ?? 'Error',
  }, opts);
}
