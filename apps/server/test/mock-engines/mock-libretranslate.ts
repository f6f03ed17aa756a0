import { ApiError, mockTranslation, startLoopback, type Loopback, type LoopbackOptions, type RecordedRequest } from './loopback';

/**
 * LibreTranslate on loopback, from its public API docs: `POST /translate` (JSON or form) with
 * `{ q, source, target, format: text|html, api_key }` answering `{ translatedText }` (an array when
 * `q` was one); `GET /languages` listing `{ code, name, targets }`. Errors are `{ error }`: 400 bad
 * request or language, 403 a missing or wrong key (when the server runs with keys), 429 "Too many
 * request limits violations", 500.
 */

export const MOCK_LIBRE_KEY = 'mock-libre-key-0001';
/** Argos models installed by default here: no Hindi, so a test sees a language go to the other engine. */
export const LIBRE_LANGUAGES = ['ar', 'en', 'es', 'id', 'pt', 'zh-Hans'];

export async function startMockLibreTranslate(opts: LoopbackOptions & { key?: string | null; languages?: string[] } = {}): Promise<Loopback> {
  const key = opts.key === undefined ? null : opts.key;
  const languages = opts.languages ?? LIBRE_LANGUAGES;

  function translate(req: RecordedRequest) {
    const body = (req.json ?? {}) as Record<string, unknown>;
    if (key !== null && body.api_key !== key) {
      throw new ApiError(403, body.api_key ? 'Invalid API key' : 'Visit https://portal.libretranslate.com to get an API key');
    }
    const q = body.q;
    if (q === undefined || (typeof q !== 'string' && !Array.isArray(q))) throw new ApiError(400, 'Invalid request: missing q parameter');
    const source = String(body.source ?? '');
    const target = String(body.target ?? '');
    if (!source) throw new ApiError(400, 'Invalid request: missing source parameter');
    if (!target) throw new ApiError(400, 'Invalid request: missing target parameter');
    if (source !== 'auto' && !languages.includes(source)) throw new ApiError(400, `${source} is not supported`);
    if (!languages.includes(target)) throw new ApiError(400, `${target} is not supported`);
    const format = body.format ?? 'text';
    if (format !== 'text' && format !== 'html') throw new ApiError(400, `${String(format)} format is not supported`);
    const one = (t: string) => mockTranslation(t, target, format === 'html');
    return { status: 200, body: { translatedText: Array.isArray(q) ? q.map((t) => one(String(t))) : one(q) } };
  }

  return startLoopback({
    route(req) {
      if (req.path === '/translate' && req.method === 'POST') return translate(req);
      if (req.path === '/languages' && req.method === 'GET') {
        return { status: 200, body: languages.map((code) => ({ code, name: code, targets: languages.filter((l) => l !== code) })) };
      }
      throw new ApiError(404, 'Not Found');
    },
    errorBody: (_status, message) => ({ error: message }),
    defaultMessage: (status) => (status === 429 ? 'Too many request limits violations' : status === 403 ? 'Invalid API key' : 'Cannot translate text'),
  }, opts);
}
