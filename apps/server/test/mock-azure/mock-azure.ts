import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spokenMp3 } from './spoken-audio';
import { translateWords, type UnsettledEnding } from './word-translation';

/**
 * A loopback server that behaves like Azure on the wire (SPEECH-AND-TRANSLATION.md): Translator v3
 * `translate` (global and resource-endpoint paths), the Speech token endpoint, text to speech and the
 * voices list, with Azure's status codes and error bodies. No machine here reaches Azure, so the real
 * client code is tested against this. Tests can add latency and queue failures.
 */

export const MOCK_TRANSLATOR_KEY = 'mock-translator-key-0001';
export const MOCK_SPEECH_KEY = 'mock-speech-key-0001';

export type MockEndpoint = 'translate' | 'token' | 'tts' | 'voices' | 'other';

export interface MockRequest {
  endpoint: MockEndpoint;
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

export interface ForcedFailure {
  /** Which endpoint fails; 'any' = the next request whatever it is. Default 'translate'. */
  endpoint?: MockEndpoint | 'any';
  /** HTTP status, e.g. 429, 500, 503. */
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** How many consecutive matching requests fail. Default 1. */
  count?: number;
  /** Azure error code for the body; defaults to status × 1000 (429 → 429001). */
  code?: number;
  message?: string;
}

export interface MockAzureOptions {
  /** Delay before every answer, in ms (the benchmark uses a fixed 50). */
  latencyMs?: number;
  /** The translator key accepted; others get 401000. */
  translatorKey?: string;
  /** The speech key accepted by the token and text-to-speech endpoints. */
  speechKey?: string;
  /** How many request records to keep (counters are never trimmed). */
  keepRequests?: number;
  /** Port to listen on (loopback only); default 0, a free one. */
  port?: number;
  /**
   * How text is "translated": 'tagged' (default) puts `[pt] ` before it (upper-casing what HTML
   * mode does not protect); 'words' translates word by word and leaves the ending unsettled until
   * the sentence is complete, as real translators do (word-translation.ts, decision 030).
   */
  translation?: 'tagged' | 'words';
  /** The 'words' mode's unsettled ending; default 'last-word'. */
  unsettledEnding?: UnsettledEnding;
  /**
   * What text to speech answers: 'silent' (default) three frames of silence; 'spoken' audio as
   * long as real speech, each word a tone that names it (spoken-audio.ts, decision 039).
   */
  voice?: 'silent' | 'spoken';
  /** Delay before a text-to-speech answer only (a voice engine is slower than a translator). */
  ttsLatencyMs?: number;
}

export interface MockAzureStats {
  /** Requests per endpoint, whatever their outcome. */
  counts: Record<MockEndpoint, number>;
  /** The most recent requests, oldest first. */
  requests: MockRequest[];
  /** Characters billed by successful translations (sum of X-Metered-Usage). */
  meteredCharacters: number;
  /** Characters of text turned into speech. */
  synthesisedCharacters: number;
  last(endpoint: MockEndpoint): MockRequest | undefined;
  reset(): void;
}

export interface MockAzure {
  url: string;
  port: number;
  stats: MockAzureStats;
  failNext(failure: ForcedFailure): void;
  /** Every translate request for the next `ms` is refused with 429 (a translator throttling a while). */
  throttle(ms: number, retryAfterSeconds?: number): void;
  setLatency(ms: number): void;
  /** Forget queued failures, counters and records, and set latency back to the starting value. */
  reset(): void;
  /** Tokens issued so far (valid as `Authorization: Bearer` on text to speech and translate). */
  issuedTokens: ReadonlySet<string>;
  close(): Promise<void>;
}

/** Translator v3 codes the mock accepts (a subset of Azure's, covering the product's languages). */
const TRANSLATOR_LANGUAGES = new Set([
  'af', 'ar', 'bg', 'bn', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et', 'fa', 'fi', 'fil', 'fj', 'fr', 'fr-ca',
  'ga', 'gu', 'he', 'hi', 'hr', 'ht', 'hu', 'id', 'it', 'ja', 'km', 'ko', 'lo', 'lt', 'lv', 'mi', 'ml', 'mr', 'ms', 'my',
  'nb', 'ne', 'nl', 'pa', 'pl', 'pt', 'pt-pt', 'ro', 'ru', 'sk', 'sl', 'sm', 'sr-cyrl', 'sr-latn', 'sv', 'sw', 'ta', 'te',
  'th', 'to', 'tr', 'uk', 'ur', 'vi', 'yue', 'zh-hans', 'zh-hant',
]);
const TTS_FORMATS = new Set([
  'audio-16khz-32kbitrate-mono-mp3', 'audio-24khz-48kbitrate-mono-mp3', 'audio-24khz-96kbitrate-mono-mp3',
  'audio-48khz-96kbitrate-mono-mp3', 'riff-24khz-16bit-mono-pcm', 'ogg-24khz-16bit-mono-opus',
]);
const MAX_ELEMENTS = 1000;
const MAX_CHARACTERS = 50_000;

const messages: Record<number, string> = {
  400000: 'One of the request inputs is not valid.',
  400021: 'The API version parameter is missing or invalid.',
  400035: 'The source language (From field) is not valid.',
  400036: 'The target language ("To" field) is missing or invalid.',
  400050: 'The input text is too long.',
  400074: 'The body of the request is not valid JSON.',
  400077: 'The maximum request size has been exceeded.',
  401000: 'The request is not authorized because credentials are missing or invalid.',
  404000: 'The requested resource was not found.',
  405000: 'The request method is not supported for the requested resource.',
  415000: 'The Content-Type header is missing or invalid.',
  429000: 'The server rejected the request because the client has exceeded request limits.',
  429001: 'The server rejected the request because the client has exceeded request limits.',
  429002: 'The server rejected the request because the client has exceeded request limits.',
  500000: 'An unexpected error occurred.',
  503000: 'Service is temporarily unavailable.',
};

/**
 * One MPEG-2 Layer III frame, 24 kHz, 48 kbit/s, mono (the format we ask for): header FF F3 64 C4,
 * 144 bytes long; zero side information and main data decode as silence.
 */
export function silentMp3Frame(): Buffer {
  const frame = Buffer.alloc(144);
  frame.set([0xff, 0xf3, 0x64, 0xc4], 0);
  return frame;
}

class HttpFailure {
  constructor(readonly status: number, readonly code: number, readonly message?: string, readonly headers: Record<string, string> = {}) {}
}

function endpointOf(method: string, path: string): MockEndpoint {
  if (path === '/translate' || path === '/translator/text/v3.0/translate') return 'translate';
  if (path === '/sts/v1.0/issueToken' || path === '/sts/v1.0/issuetoken') return 'token';
  if (path === '/cognitiveservices/v1') return 'tts';
  if (path === '/cognitiveservices/voices/list' && method === 'GET') return 'voices';
  return 'other';
}

function queryOf(url: URL): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) (out[k] ??= []).push(v);
  return out;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A request's whole body as UTF-8 text (the loopback servers of the tests read it so). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A fake but JWT-shaped token, as Azure's is. */
function fakeJwt(region: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ region, jti: randomUUID(), iat: now, exp: now + 600 })}.mock`;
}

export async function startMockAzure(opts: MockAzureOptions = {}): Promise<MockAzure> {
  let latencyMs = opts.latencyMs ?? 0;
  const translatorKey = opts.translatorKey ?? MOCK_TRANSLATOR_KEY;
  const speechKey = opts.speechKey ?? MOCK_SPEECH_KEY;
  const keep = opts.keepRequests ?? 200;
  const failures: Array<Required<Pick<ForcedFailure, 'status' | 'count'>> & ForcedFailure> = [];
  const tokens = new Set<string>();
  let throttledUntil = 0;
  let throttleRetryAfter: number | undefined;
  const translation = opts.translation ?? 'tagged';
  const ending = opts.unsettledEnding ?? 'last-word';
  const spoken = opts.voice === 'spoken';
  const ttsLatencyMs = opts.ttsLatencyMs ?? 0;

  const stats: MockAzureStats = {
    counts: { translate: 0, token: 0, tts: 0, voices: 0, other: 0 },
    requests: [],
    meteredCharacters: 0,
    synthesisedCharacters: 0,
    last(endpoint) {
      for (let i = this.requests.length - 1; i >= 0; i--) if (this.requests[i]!.endpoint === endpoint) return this.requests[i];
      return undefined;
    },
    reset() {
      for (const k of Object.keys(this.counts) as MockEndpoint[]) this.counts[k] = 0;
      this.requests.length = 0;
      this.meteredCharacters = 0;
      this.synthesisedCharacters = 0;
    },
  };

  function takeFailure(endpoint: MockEndpoint): HttpFailure | undefined {
    if (endpoint === 'translate' && Date.now() < throttledUntil) {
      return new HttpFailure(429, 429001, undefined, throttleRetryAfter !== undefined ? { 'Retry-After': String(throttleRetryAfter) } : {});
    }
    const f = failures[0];
    if (!f) return undefined;
    const target = f.endpoint ?? 'translate';
    if (target !== 'any' && target !== endpoint) return undefined;
    f.count -= 1;
    if (f.count <= 0) failures.shift();
    const headers: Record<string, string> = f.retryAfter !== undefined ? { 'Retry-After': String(f.retryAfter) } : {};
    const code = f.code ?? (f.status === 429 ? 429001 : f.status * 1000);
    return new HttpFailure(f.status, code, f.message, headers);
  }

  function checkSpeechAuth(headers: IncomingHttpHeaders, allowBearer: boolean) {
    const key = header(headers, 'ocp-apim-subscription-key');
    const bearer = /^Bearer (.+)$/.exec(header(headers, 'authorization') ?? '')?.[1];
    if (key === speechKey || (allowBearer && bearer && tokens.has(bearer))) return;
    throw new HttpFailure(401, 401000, 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.');
  }

  function translate(url: URL, headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    if (url.searchParams.get('api-version') !== '3.0') throw new HttpFailure(400, 400021);
    const key = header(headers, 'ocp-apim-subscription-key');
    const bearer = /^Bearer (.+)$/.exec(header(headers, 'authorization') ?? '')?.[1];
    if (key !== translatorKey && !(bearer && tokens.has(bearer))) throw new HttpFailure(401, 401000);
    if (!/^application\/json\s*(;|$)/i.test(header(headers, 'content-type') ?? '')) throw new HttpFailure(415, 415000);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new HttpFailure(400, 400074);
    }
    const to = url.searchParams.getAll('to').flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean);
    if (to.length === 0 || to.some((t) => !TRANSLATOR_LANGUAGES.has(t.toLowerCase()))) throw new HttpFailure(400, 400036);
    const from = url.searchParams.get('from');
    const textType = url.searchParams.get('textType') ?? 'plain';
    if (textType !== 'plain' && textType !== 'html') throw new HttpFailure(400, 400000);
    const html = textType === 'html';
    if (from !== null && !TRANSLATOR_LANGUAGES.has(from.toLowerCase())) throw new HttpFailure(400, 400035);
    if (!Array.isArray(body) || body.length === 0) throw new HttpFailure(400, 400000);
    if (body.length > MAX_ELEMENTS) throw new HttpFailure(400, 400077);
    const texts = body.map((el: unknown) => {
      const item = el as { Text?: unknown; text?: unknown } | null;
      const text = item?.Text ?? item?.text;
      if (typeof text !== 'string') throw new HttpFailure(400, 400000);
      return text;
    });
    // Azure counts characters across every target: one 100-character line to 6 languages is 600.
    const metered = texts.reduce((n, t) => n + t.length, 0) * to.length;
    if (metered > MAX_CHARACTERS) throw new HttpFailure(400, 400050);
    const answer = texts.map((text) => ({
      ...(from === null ? { detectedLanguage: { language: 'en', score: 1.0 } } : {}),
      translations: to.map((code) => ({
        text: translation === 'words' ? translateWords(text, code, { ending, html }) : `[${code}] ${html ? translateHtml(text) : text}`,
        to: code,
      })),
    }));
    stats.meteredCharacters += metered;
    res.setHeader('X-Metered-Usage', String(metered));
    sendJson(res, 200, answer);
  }

  async function tts(headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    checkSpeechAuth(headers, true);
    if (!/^application\/ssml\+xml\s*(;|$)/i.test(header(headers, 'content-type') ?? '')) throw new HttpFailure(415, 415000);
    const format = header(headers, 'x-microsoft-outputformat');
    if (!format || !TTS_FORMATS.has(format)) throw new HttpFailure(400, 400000, 'Unsupported output format.');
    const speak = /^\s*<speak\b[^>]*\bxml:lang=(['"])[^'"]+\1[^>]*>([\s\S]*)<\/speak>\s*$/.exec(raw);
    const voice = speak && /<voice\b[^>]*\bname=(['"])([^'"]+)\1[^>]*>([\s\S]*)<\/voice>/.exec(speak[2]!);
    // A raw '<' or '&' in the text makes the SSML invalid XML; Azure answers 400.
    if (!voice || /<|&(?!(amp|lt|gt|quot|apos);)/.test(voice[3]!)) throw new HttpFailure(400, 400000, 'Invalid SSML.');
    const text = voice[3]!.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
    stats.synthesisedCharacters += text.length;
    const locale = /\bxml:lang=(['"])([^'"]+)\1/.exec(raw)?.[2] ?? 'en';
    const audio = spoken ? await spokenMp3(text, locale) : Buffer.concat(Array.from({ length: 3 }, silentMp3Frame));
    if (ttsLatencyMs > 0) await new Promise((r) => setTimeout(r, ttsLatencyMs));
    res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': audio.length, 'X-RequestId': randomUUID() });
    res.end(audio);
  }

  function token(headers: IncomingHttpHeaders, res: ServerResponse) {
    checkSpeechAuth(headers, false);
    // The real host names the region ({region}.api.cognitive.microsoft.com); on loopback it is unknown.
    const t = fakeJwt('mock');
    tokens.add(t);
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(t);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const endpoint = endpointOf(req.method ?? 'GET', url.pathname);
    stats.counts[endpoint] += 1;
    const record: MockRequest = {
      endpoint, method: req.method ?? 'GET', path: url.pathname, query: queryOf(url),
      headers: req.headers, body: '', status: 0, at: Date.now(),
    };
    stats.requests.push(record);
    if (stats.requests.length > keep) stats.requests.splice(0, stats.requests.length - keep);
    res.on('finish', () => { record.status = res.statusCode; });
    try {
      record.body = await readBody(req);
      if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
      res.setHeader('X-RequestId', randomUUID());
      const forced = takeFailure(endpoint);
      if (forced) throw forced;
      if (endpoint === 'other') throw new HttpFailure(404, 404000);
      if (endpoint !== 'voices' && req.method !== 'POST') throw new HttpFailure(405, 405000);
      if (endpoint === 'translate') return translate(url, req.headers, record.body, res);
      if (endpoint === 'tts') return await tts(req.headers, record.body, res);
      if (endpoint === 'token') return token(req.headers, res);
      checkSpeechAuth(req.headers, true);
      return sendJson(res, 200, [
        { Name: 'Microsoft Server Speech Text to Speech Voice (pt-BR, FranciscaNeural)', ShortName: 'pt-BR-FranciscaNeural', Gender: 'Female', Locale: 'pt-BR' },
        { Name: 'Microsoft Server Speech Text to Speech Voice (pt-BR, AntonioNeural)', ShortName: 'pt-BR-AntonioNeural', Gender: 'Male', Locale: 'pt-BR' },
      ]);
    } catch (err) {
      const f = err instanceof HttpFailure ? err : new HttpFailure(500, 500000);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      for (const [k, v] of Object.entries(f.headers)) res.setHeader(k, v);
      res.statusCode = f.status;
      res.end(JSON.stringify({ error: { code: f.code, message: f.message ?? messages[f.code] ?? 'Error.' } }));
    }
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    issuedTokens: tokens,
    failNext(failure) {
      failures.push({ ...failure, count: failure.count ?? 1 });
    },
    throttle(ms, retryAfterSeconds) {
      throttledUntil = Date.now() + ms;
      throttleRetryAfter = retryAfterSeconds;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    reset() {
      failures.length = 0;
      throttledUntil = 0;
      stats.reset();
      latencyMs = opts.latencyMs ?? 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// Elements marked notranslate, other tags and entities: what HTML mode gives back untouched.
const KEPT_HTML = /(<(\w+)\b[^>]*\b(?:class="notranslate"|translate="no")[^>]*>[\s\S]*?<\/\2>|<[^>]+>|&[a-z0-9#]+;)/gi;

/**
 * HTML mode as Azure answers it: markup and `notranslate` elements come back untouched, the rest is
 * translated. The mock "translates" by upper-casing, so a test sees which words were protected.
 */
function translateHtml(text: string): string {
  return text.split(KEPT_HTML).map((part, i) => {
    if (i % 3 === 1) return part;
    if (i % 3 === 2) return '';
    return part.toUpperCase();
  }).join('');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}
