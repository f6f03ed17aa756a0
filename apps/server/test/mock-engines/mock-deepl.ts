import { ApiError, mockTranslation, startLoopback, type Loopback, type LoopbackOptions, type RecordedRequest } from './loopback';

/**
 * DeepL API v2 on loopback, from DeepL's public reference: `POST /v2/translate` (JSON or form body;
 * `text` an array, one `target_lang`, `tag_handling` html or xml) answering
 * `{ translations: [{ detected_source_language, text }] }`; `GET /v2/languages?type=target`;
 * `GET /v2/usage`. Auth `Authorization: DeepL-Auth-Key KEY` (403 otherwise); 456 when the
 * character quota is used up; 429 "Too many requests"; errors as `{ message }`.
 */

export const MOCK_DEEPL_KEY = 'mock-deepl-key-0001:fx';

export const DEEPL_TARGETS = ['AR', 'BG', 'CS', 'DA', 'DE', 'EL', 'EN-GB', 'EN-US', 'ES', 'ET', 'FI', 'FR', 'HU', 'ID', 'IT', 'JA', 'KO', 'LT', 'LV', 'NB', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RO', 'RU', 'SK', 'SL', 'SV', 'TR', 'UK', 'ZH', 'ZH-HANS', 'ZH-HANT'];
const SOURCES = new Set(['AR', 'BG', 'CS', 'DA', 'DE', 'EL', 'EN', 'ES', 'ET', 'FI', 'FR', 'HU', 'ID', 'IT', 'JA', 'KO', 'LT', 'LV', 'NB', 'NL', 'PL', 'PT', 'RO', 'RU', 'SK', 'SL', 'SV', 'TR', 'UK', 'ZH']);

export interface MockDeepL extends Loopback {
  /** Characters translated so far (DeepL counts the source text once per target). */
  characters(): number;
  /** Characters allowed before 456 (default: no limit). */
  setCharacterLimit(limit: number | null): void;
}

const words: Record<number, string> = {
  400: 'Bad request.', 403: 'Authorization failure, check auth_key', 404: 'Not found', 413: 'Request Entity Too Large',
  429: 'Too many requests', 456: 'Quota exceeded', 500: 'Internal server error', 503: 'Resource currently unavailable. Try again later.',
};

export async function startMockDeepL(opts: LoopbackOptions & { key?: string } = {}): Promise<MockDeepL> {
  const key = opts.key ?? MOCK_DEEPL_KEY;
  let used = 0;
  let limit: number | null = null;

  function authorise(req: RecordedRequest) {
    if (req.headers.authorization !== `DeepL-Auth-Key ${key}`) throw new ApiError(403, words[403]!);
  }

  function translate(req: RecordedRequest) {
    authorise(req);
    const body = (req.json ?? {}) as Record<string, unknown>;
    const texts = typeof body.text === 'string' ? [body.text] : body.text;
    if (!Array.isArray(texts) || texts.length === 0 || texts.some((t) => typeof t !== 'string')) throw new ApiError(400, "Parameter 'text' not specified.");
    const target = String(body.target_lang ?? '').toUpperCase();
    if (!target) throw new ApiError(400, "Value for 'target_lang' not specified.");
    if (!DEEPL_TARGETS.includes(target)) throw new ApiError(400, "Value for 'target_lang' not supported.");
    const source = body.source_lang === undefined ? 'EN' : String(body.source_lang).toUpperCase();
    if (!SOURCES.has(source)) throw new ApiError(400, "Value for 'source_lang' not supported.");
    const tags = body.tag_handling;
    if (tags !== undefined && tags !== 'html' && tags !== 'xml') throw new ApiError(400, "Value for 'tag_handling' not supported.");
    const characters = (texts as string[]).reduce((n, t) => n + t.length, 0);
    if (limit !== null && used + characters > limit) throw new ApiError(456, words[456]!);
    used += characters;
    return { status: 200, body: { translations: (texts as string[]).map((t) => ({ detected_source_language: source, text: mockTranslation(t, target, tags === 'html') })) } };
  }

  const loopback = await startLoopback({
    route(req) {
      if (req.path === '/v2/translate' && req.method === 'POST') return translate(req);
      if (req.path === '/v2/languages' && req.method === 'GET') {
        authorise(req);
        const type = req.query.type?.[0] ?? 'source';
        const list = type === 'target' ? DEEPL_TARGETS : [...SOURCES];
        return { status: 200, body: list.map((language) => ({ language, name: language })) };
      }
      if (req.path === '/v2/usage' && req.method === 'GET') {
        authorise(req);
        return { status: 200, body: { character_count: used, character_limit: limit ?? 1_000_000_000_000 } };
      }
      throw new ApiError(404, words[404]!);
    },
    errorBody: (_status, message) => ({ message }),
    defaultMessage: (status) => words[status] ?? 'Error',
  }, opts);
  const reset = loopback.reset;
  return Object.assign(loopback, {
    characters: () => used,
    setCharacterLimit(l: number | null) { limit = l; },
    reset() { reset(); used = 0; limit = null; },
  });
}
