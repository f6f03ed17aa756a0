import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';

/** A loopback server that records every request reaching it (headers and body). */
interface Recorder { url: string; hits: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }>; close: () => Promise<void> }

async function recorder(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Recorder> {
  const hits: Recorder['hits'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      hits.push({ url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

const portOf = (r: Recorder) => new URL(r.url).port;
let engine: Recorder;
let elsewhere: Recorder;
let redirecting: Recorder;
let huge: Recorder;

beforeAll(async () => {
  elsewhere = await recorder((_req, res) => res.end('[]'));
  engine = await recorder((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(req.url === '/languages' ? '[{"code":"en"},{"code":"pt"}]' : '{"translatedText":"Graça e paz"}');
  });
  redirecting = await recorder((_req, res) => { res.writeHead(307, { location: `${elsewhere.url}/translate` }); res.end(); });
  // 300 MB unless cut off: written as long as the client reads.
  huge = await recorder((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let sent = 0;
    const more = () => {
      while (sent < 300) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    res.on('close', () => { sent = 300; });
    more();
  });
});
afterAll(async () => { await Promise.all([engine, elsewhere, redirecting, huge].map((r) => r.close())); });

// The operator allows exactly one loopback address; every other inside address stays refused (decision 041).
const app = useCastApp({ ALLOW_INTERNAL_HOSTS: '127.0.0.1' });
const libre = (url: string, key?: string) => ({ kind: 'libretranslate', url, ...(key ? { key } : {}) });

// A few spellings per field (the table test has them all), the cloud metadata service among them
// in three spellings: each is told the same "not allowed" (decision 051).
const insideSpellings = (port: string) => [
  `http://127.0.0.2:${port}`, `http://[::1]:${port}`, `http://0.0.0.0:${port}`, 'http://10.0.0.1/',
  'http://169.254.169.254/', 'http://2852039166/', 'http://metadata.google.internal/',
];

describe('church-typed addresses (decision 041)', () => {
  it('refuses an inside address on every URL field, on Save and Test connection, before anything is sent', async () => {
    const { cast } = app;
    const church = `/churches/${cast.church.id}`;
    for (const [i, url] of insideSpellings(portOf(engine)).entries()) {
      const bodies: Array<[string, string, unknown]> = [
        ['PUT', `${church}/translation-engines/primary`, { ...libre(url), saveUntested: true }],
        ['POST', `${church}/translation-engines/test`, libre(url)],
        ['POST', `${church}/translation-engines/test`, { kind: 'openai', url, model: 'gpt-4o-mini', key: 'sk-1' }],
        ['PUT', `${church}/voice-engines/primary`, { kind: 'openai', url, model: 'tts-1', key: 'sk-1', saveUntested: true }],
        ['POST', `${church}/voice-engines/test`, { kind: 'openai', url, model: 'tts-1', key: 'sk-1' }],
        ['POST', `${church}/recognition-engines/test`, { kind: 'openai-realtime', url, key: 'sk-1' }],
        ['POST', `${church}/livestream/feeds`, { kind: 'youtube', language: 'pt', url: `${url.replace(/\/$/, '')}/closedcaption?cid=abc` }],
      ];
      for (const [method, path, body] of bodies) {
        // Each spelling from its own client address: the engine-call limit (20 a minute per church
        // and address, decision 051) would otherwise stop the walk.
        const res = await app.t.app.inject({ method: method as 'PUT', url: `/api/v1${path}`, headers: { cookie: cast.churchAdmin.cookie }, payload: body as object, remoteAddress: `192.0.2.${i + 1}` });
        expect(res.statusCode, `${method} ${path} ${url}`).toBe(400);
        expect(res.json().errors, `${method} ${path} ${url}`).toEqual([expect.objectContaining({ field: 'url', key: 'validation.addressNotAllowed' })]);
      }
    }
    expect(engine.hits).toHaveLength(0);
  });

  it('lets the one allowed loopback engine through', async () => {
    const { cast, call } = app;
    const tested = await call('POST', `/churches/${cast.church.id}/translation-engines/test`, cast.churchAdmin.cookie, libre(engine.url));
    expect(tested.json()).toMatchObject({ ok: true, sample: { translation: 'Graça e paz' } });
    expect(engine.hits.length).toBeGreaterThan(0);
  });

  it('does not follow a redirect: the key and the body stay with the address typed', async () => {
    const { cast, call } = app;
    const res = await call('POST', `/churches/${cast.church.id}/translation-engines/test`, cast.churchAdmin.cookie, libre(redirecting.url, 'lt-secret-key'));
    expect(res.json()).toMatchObject({ ok: false, error: { kind: 'redirect', status: null } });
    expect(res.body).not.toContain(elsewhere.url);
    expect(redirecting.hits.length).toBeGreaterThan(0);
    expect(elsewhere.hits).toHaveLength(0);
  });

  it('asks for the key again when the address changes, and sends the stored key nowhere new', async () => {
    const { cast, call } = app;
    const church = `/churches/${cast.church.id}/translation-engines`;
    expect((await call('PUT', `${church}/primary`, cast.churchAdmin.cookie, { ...libre(engine.url, 'lt-stored-key'), saveUntested: true })).statusCode).toBe(200);
    for (const [method, path] of [['POST', `${church}/test`], ['PUT', `${church}/primary`]] as const) {
      const res = await call(method, path, cast.churchAdmin.cookie, { ...libre(elsewhere.url), slot: method === 'POST' ? 'primary' : undefined });
      expect(res.statusCode, method).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'key', key: 'validation.keyForNewAddress' })]);
    }
    expect(elsewhere.hits).toHaveLength(0);
    // The same address without a key keeps the stored one, as before.
    const same = await call('POST', `${church}/test`, cast.churchAdmin.cookie, libre(engine.url));
    expect(same.json()).toMatchObject({ ok: true });
    expect(engine.hits.some((h) => h.body.includes('lt-stored-key'))).toBe(true);
  });

  it('cuts a 300 MB answer off with a plain error, without the server growing', async () => {
    const { cast, call } = app;
    const before = process.memoryUsage().rss;
    const res = await call('POST', `/churches/${cast.church.id}/translation-engines/test`, cast.churchAdmin.cookie, libre(huge.url, 'lt-huge-key'));
    const grown = (process.memoryUsage().rss - before) / 2 ** 20;
    expect(res.json()).toMatchObject({ ok: false, error: { kind: 'too_large', message: expect.not.stringContaining('   ') } });
    expect(grown).toBeLessThan(64);
  });

  it('ends a Test connection within its 8 s when a name never resolves', async () => {
    const { cast } = app;
    const lookup = dns.lookup;
    // The resolver never answers for this name (a real one gave up after 14.9 s).
    const spy = vi.spyOn(dns, 'lookup').mockImplementation(((host: string, ...rest: unknown[]) => {
      if (host === 'translate.never-answers.example') return;
      return (lookup as (...a: unknown[]) => void)(host, ...rest);
    }) as typeof dns.lookup);
    try {
      for (const [path, body] of [
        ['translation-engines/test', libre('http://translate.never-answers.example:5000', 'lt-key')],
        ['voice-engines/test', { kind: 'openai', url: 'http://translate.never-answers.example/v1', model: 'tts-1', key: 'sk-1' }],
        ['recognition-engines/test', { kind: 'openai-realtime', url: 'https://translate.never-answers.example/v1', key: 'sk-1' }],
      ] as const) {
        const started = performance.now();
        const res = await app.t.app.inject({ method: 'POST', url: `/api/v1/churches/${cast.church.id}/${path}`, headers: { cookie: cast.churchAdmin.cookie }, payload: body, remoteAddress: '198.51.100.77' });
        const took = performance.now() - started;
        expect(res.json(), `${path} ${res.body}`).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
        expect(took, path).toBeLessThan(8000);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('limits Save as Test connection is', async () => {
    const { cast, call } = app;
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push((await call('PUT', `/churches/${cast.church.id}/voice-engines/primary`, cast.churchAdmin.cookie, { kind: 'espeak', saveUntested: true })).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
  });
});
