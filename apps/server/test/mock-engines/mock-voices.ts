import { spokenMp3 } from '../mock-azure/spoken-audio';
import { ApiError, startLoopback, type Loopback, type LoopbackOptions, type RecordedRequest } from './loopback';

/**
 * Voice engines on loopback (decision 040), answering with audio that lasts as long as real speech
 * (mock-azure/spoken-audio.ts), so the voice's pacing meets what it would meet live.
 *
 * OpenAI-compatible speech: `POST /v1/audio/speech` with `Authorization: Bearer KEY` and
 * `{ model, input, voice, response_format, speed }`; the answer's body is the audio. A wrong key is
 * 401 `{ error: { message: "Incorrect API key provided: …", type: "invalid_request_error", code: "invalid_api_key" } }`.
 *
 * Google Cloud Text-to-Speech: `POST /v1/text:synthesize?key=KEY` with `{ input: { text }, voice: {
 * languageCode, name }, audioConfig: { audioEncoding } }` answering `{ audioContent }` (base64). A
 * wrong key is 400 INVALID_ARGUMENT "API key not valid. Please pass a valid API key.".
 */
export const MOCK_OPENAI_SPEECH_KEY = 'mock-openai-speech-key-0001';
export const MOCK_GOOGLE_TTS_KEY = 'mock-google-tts-key-0001';

/** The language the voice speaks (`pt-BR-Standard-A` → `pt`; OpenAI's voices name none: English pace). */
const languageOf = (voice: string) => /^([a-z]{2,3})-[A-Z]{2}/.exec(voice)?.[1] ?? 'en';

export async function startMockOpenAISpeech(opts: LoopbackOptions & { key?: string | null } = {}): Promise<Loopback> {
  const key = opts.key === undefined ? MOCK_OPENAI_SPEECH_KEY : opts.key;
  return startLoopback({
    async route(req: RecordedRequest) {
      if (req.path !== '/v1/audio/speech' || req.method !== 'POST') throw new ApiError(404, 'Not found');
      if (key !== null && req.headers.authorization !== `Bearer ${key}`) {
        throw new ApiError(401, 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', { code: 'invalid_api_key' });
      }
      const body = (req.json ?? {}) as { input?: unknown; voice?: unknown; model?: unknown };
      if (typeof body.input !== 'string' || body.input === '') throw new ApiError(400, "Missing required parameter: 'input'.");
      if (typeof body.voice !== 'string' || typeof body.model !== 'string') throw new ApiError(400, "Missing required parameter: 'voice'.");
      return { status: 200, body: await spokenMp3(body.input, languageOf(body.voice)) };
    },
    errorBody: (status, message, extra) => ({ error: { message, type: 'invalid_request_error', param: null, code: extra.code ?? null } }),
    defaultMessage: (status) => (status === 429 ? 'Rate limit reached for requests' : 'The server had an error while processing your request.'),
  }, opts);
}

const googleStatus: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

export async function startMockGoogleTts(opts: LoopbackOptions & { key?: string } = {}): Promise<Loopback> {
  const key = opts.key ?? MOCK_GOOGLE_TTS_KEY;
  return startLoopback({
    async route(req: RecordedRequest) {
      if (req.path !== '/v1/text:synthesize' || req.method !== 'POST') throw new ApiError(404, 'Not found');
      const given = req.query.key?.[0];
      if (!given) throw new ApiError(403, 'The request is missing a valid API key.');
      if (given !== key) throw new ApiError(400, 'API key not valid. Please pass a valid API key.');
      const body = (req.json ?? {}) as { input?: { text?: unknown }; voice?: { languageCode?: unknown; name?: unknown } };
      if (typeof body.input?.text !== 'string') throw new ApiError(400, 'Either `input.text` or `input.ssml` must be set.');
      const name = String(body.voice?.name ?? '');
      if (typeof body.voice?.languageCode !== 'string' || !name.startsWith(body.voice.languageCode)) throw new ApiError(400, `Voice '${name}' does not exist. Is it misspelled?`);
      return { status: 200, body: { audioContent: (await spokenMp3(body.input.text, languageOf(name))).toString('base64') } };
    },
    errorBody: (status, message) => ({ error: { code: status, message, status: googleStatus[status] ?? 'UNKNOWN' } }),
    defaultMessage: (status) => (status === 429 ? 'Quota exceeded.' : 'Internal error encountered.'),
  }, opts);
}
