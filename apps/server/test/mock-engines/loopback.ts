import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the engine mocks share (the pattern of test/mock-azure): a loopback HTTP server that records
 * every request, answers with the API's own error bodies, can be told to fail the next requests
 * (a status with Retry-After, or no answer at all), adds latency, and limits requests per second
 * as the real services do (429 with Retry-After). Each API's file supplies its routes and bodies.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON (or as a form), when it was. */
  json: unknown;
  status: number;
}

export interface ForcedFailure {
  /** The status answered (ignored with `hangMs`). */
  status?: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** How many consecutive requests fail. Default 1. */
  count?: number;
  message?: string;
  /** Only requests to this path fail (default: any). */
  path?: string;
  /** Hold the request this long without answering (a timeout), instead of a status. */
  hangMs?: number;
}

export interface Answer {
  status: number;
  /** JSON, or bytes sent as they are (a voice engine's audio). */
  body: unknown;
  headers?: Record<string, string>;
}

export class ApiError {
  constructor(readonly status: number, readonly message: string, readonly extra: Record<string, unknown> = {}, readonly headers: Record<string, string> = {}) {}
}

export interface LoopbackOptions {
  latencyMs?: number;
  /** Requests a second before the server answers 429 with Retry-After: 1 (default: no limit). */
  maxRequestsPerSecond?: number;
  port?: number;
}

export interface Loopback {
  url: string;
  requests: RecordedRequest[];
  /** Requests to a path (all paths when omitted). */
  count(path?: string): number;
  last(path?: string): RecordedRequest | undefined;
  failNext(failure: ForcedFailure): void;
  setLatency(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

interface LoopbackSpec {
  /** The API's answer to a request; throw ApiError for its documented errors. */
  route(req: RecordedRequest): Answer | Promise<Answer>;
  /** The API's error body for a status and message. */
  errorBody(status: number, message: string, extra: Record<string, unknown>): unknown;
  /** The API's words for a forced status when the test gives none. */
  defaultMessage(status: number): string;
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (/application\/x-www-form-urlencoded/i.test(contentType ?? '')) {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(raw)) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  }
  try {
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, answer: Answer) {
  if (Buffer.isBuffer(answer.body)) {
    res.writeHead(answer.status, { 'Content-Type': 'audio/mpeg', 'Content-Length': answer.body.length, ...answer.headers });
    res.end(answer.body);
    return;
  }
  const json = JSON.stringify(answer.body);
  res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), ...answer.headers });
  res.end(json);
}

export async function startLoopback(spec: LoopbackSpec, opts: LoopbackOptions = {}): Promise<Loopback> {
  let latencyMs = opts.latencyMs ?? 0;
  const failures: Array<ForcedFailure & { count: number }> = [];
  const requests: RecordedRequest[] = [];
  let windowStart = 0;
  let inWindow = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const body = Buffer.concat(chunks).toString('utf8');
      const query: Record<string, string[]> = {};
      for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
      const record: RecordedRequest = {
        method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers, body,
        json: parseBody(body, req.headers['content-type']), status: 0,
      };
      requests.push(record);
      if (requests.length > 500) requests.splice(0, requests.length - 500);
      res.on('finish', () => { record.status = res.statusCode; });
      try {
        if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
        const forced = failures[0] && (!failures[0].path || failures[0].path === url.pathname) ? failures[0] : undefined;
        if (forced) {
          forced.count -= 1;
          if (forced.count <= 0) failures.shift();
          if (forced.hangMs !== undefined) {
            await new Promise((r) => setTimeout(r, forced.hangMs));
            if (!res.destroyed) res.destroy();
            return;
          }
          const headers: Record<string, string> = forced.retryAfter !== undefined ? { 'Retry-After': String(forced.retryAfter) } : {};
          throw new ApiError(forced.status ?? 500, forced.message ?? spec.defaultMessage(forced.status ?? 500), {}, headers);
        }
        if (opts.maxRequestsPerSecond !== undefined) {
          const now = Date.now();
          if (now - windowStart >= 1000) { windowStart = now; inWindow = 0; }
          inWindow += 1;
          if (inWindow > opts.maxRequestsPerSecond) throw new ApiError(429, spec.defaultMessage(429), {}, { 'Retry-After': '1' });
        }
        send(res, await spec.route(record));
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(500, spec.defaultMessage(500));
        send(res, { status: e.status, body: spec.errorBody(e.status, e.message, e.extra), headers: e.headers });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const matching = (path?: string) => requests.filter((r) => !path || r.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => matching(path).length,
    last: (path) => matching(path).at(-1),
    failNext(failure) { failures.push({ ...failure, count: failure.count ?? 1 }); },
    setLatency(ms) { latencyMs = ms; },
    reset() {
      failures.length = 0;
      requests.length = 0;
      latencyMs = opts.latencyMs ?? 0;
      inWindow = 0;
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    }),
  };
}

// Elements marked notranslate, other tags and entities: what HTML mode leaves untouched.
const KEPT_HTML = /(<(\w+)\b[^>]*\b(?:class="notranslate"|translate="no")[^>]*>[\s\S]*?<\/\2>|<[^>]+>|&[a-z0-9#]+;)/gi;

/**
 * How every mock "translates": the target's code in brackets, then the text upper-cased in HTML
 * mode outside protected elements (so a test sees which words were protected), as mock-azure does.
 */
export function mockTranslation(text: string, target: string, html: boolean): string {
  const body = html ? text.split(KEPT_HTML).map((part, i) => (i % 3 === 1 ? part : i % 3 === 2 ? '' : part.toUpperCase())).join('') : text;
  return `[${target}] ${body}`;
}
