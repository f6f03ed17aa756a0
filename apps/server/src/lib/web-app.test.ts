import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { registerWebApp, type SessionOfRequest } from './web-app';

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A built web app in a temporary folder: each HTML page says which it is. */
async function serve(files: Record<string, string | Buffer>, sessionOf?: SessionOfRequest, compress = false) {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  dirs.push(dist);
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'first'));
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dist, name), body);
  const app = Fastify();
  apps.push(app);
  await app.register(fastifyCookie);
  if (compress) await registerCompression(app);
  await registerWebApp(app, dist, sessionOf);
  await app.ready();
  return (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
}

describe('the built web app', () => {
  it('serves the listener entry for the two listener pages and the main app for every other page', async () => {
    const get = await serve({ 'index.html': 'main app', 'listen.html': 'listener entry', 'assets/a.js': 'x' });
    for (const url of ['/joinlive?churchId=c1&userId=u1', '/joinlive/', '/sermon/join/ABCD1234?churchId=c1', '/sermon/join/ABCD1234']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('listener entry');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/signup', '/dashboard', '/today-sermons', '/join/ABCD1234?churchId=c1', '/live-sermon-translator', '/golive?churchId=c&userId=u', '/sermon/join']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('main app');
    }
    expect((await get('/assets/a.js')).headers['cache-control']).toContain('immutable');
  });

  it('sends each file as the build precompressed it, brotli or gzip as accepted, hashed assets cached for a year', async () => {
    const script = 'console.log("sermon");'.repeat(100);
    const get = await serve({
      'index.html': 'main app',
      'assets/app-abc123.js': script,
      'assets/app-abc123.js.br': brotliCompressSync(script),
      'assets/app-abc123.js.gz': gzipSync(script),
    });
    const ask = (encoding: string) => get('/assets/app-abc123.js', { 'accept-encoding': encoding });
    for (const [accept, encoding, decode] of [['br, gzip', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const res = await ask(accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString(), accept).toBe(script);
    }
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends a first page's own document in the visitor's language: sign-in without a session, the dashboard of the session's role, the listener pages", async () => {
    const files: Record<string, string> = { 'index.html': 'main app', 'listen.html': 'listener entry' };
    for (const page of ['signIn', 'dashboard.church_admin', 'dashboard.member', 'lobby', 'sermonJoin', 'joinLive']) {
      for (const lang of ['en', 'pt', 'zh']) files[`first/${page}.${lang}.html`] = `${page} ${lang}`;
    }
    // The session cookie stands for its person here (the app reads them from the database).
    const people = {
      admin: { role: 'church_admin' as const, firstName: 'Andrew', lastName: 'Admin' },
      member: { role: 'member' as const, firstName: 'Martha', lastName: 'Member' },
    };
    const get = await serve(files, async (req) => people[req.cookies.sid as keyof typeof people] ?? null);
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' }, 'signIn pt'],
      ['/', { 'accept-language': 'en-AU,en;q=0.9' }, 'signIn en'],
      ['/', { 'accept-language': 'fr-FR, zh-TW;q=0.5' }, 'signIn zh'],
      ['/', { 'accept-language': 'de-DE' }, 'signIn en'],
      ['/', {}, 'signIn en'],
      ['/?lng=pt', { 'accept-language': 'en-AU' }, 'signIn pt'],
      ['/', { cookie: 'i18next=zh-CN', 'accept-language': 'en-AU' }, 'signIn zh'],
      // With a session, the plain entry: its router goes on to the dashboard.
      ['/', { cookie: 'sid=abc', 'accept-language': 'pt-BR' }, 'main app'],
      ['/dashboard', { cookie: 'sid=member', 'accept-language': 'pt-BR' }, 'dashboard.member pt'],
      ['/dashboard', { cookie: 'sid=member', 'accept-language': 'de-DE' }, 'dashboard.member en'],
      ['/today-sermons', { cookie: 'sid=admin', 'accept-language': 'en-AU' }, 'dashboard.church_admin en'],
      // No session, or one that has ended: the plain entry, whose guard goes to sign-in.
      ['/dashboard', { 'accept-language': 'pt-BR' }, 'main app'],
      ['/dashboard', { cookie: 'sid=gone', 'accept-language': 'pt-BR' }, 'main app'],
      ['/l/HARBOUR', { 'accept-language': 'en-US' }, 'lobby en'],
      ['/sermon/join/AB12?churchId=c', { 'accept-language': 'zh-CN' }, 'sermonJoin zh'],
      ['/joinlive', { 'accept-language': 'pt-PT' }, 'joinLive pt'],
      // No document for this page in the build: the entry.
      ['/l/HARBOUR/projector', { 'accept-language': 'pt-BR' }, 'listener entry'],
      ['/signup', { 'accept-language': 'pt-BR' }, 'main app'],
    ];
    for (const [url, headers, body] of cases) {
      const res = await get(url, headers);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(body);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/', { 'accept-language': 'pt-BR' })).headers.vary).toMatch(/accept-language/i);
    // The lobby's first API answer loads beside its scripts.
    expect((await get('/l/HARBOUR')).headers.link).toBe('</api/v1/lobby/HARBOUR>; rel=preload; as=fetch; crossorigin=anonymous');
    expect((await get('/joinlive')).headers.link).toBeUndefined();
  });

  it("fills the prerendered dashboard's name slots with the session's names, escaped", async () => {
    const get = await serve(
      { 'index.html': 'main app', 'first/dashboard.member.en.html': '<h1>Welcome, __FIRST_NAME__</h1><p>__FIRST_NAME__ __LAST_NAME__</p>' },
      async () => ({ role: 'member', firstName: 'Zoë <b>', lastName: "O'Neil & co" }),
    );
    const res = await get('/dashboard', { cookie: 'sid=x', 'accept-language': 'en-AU' });
    expect(res.body).toBe('<h1>Welcome, Zoë &lt;b&gt;</h1><p>Zoë &lt;b&gt; O&#39;Neil &amp; co</p>');
    // Compressed per request, as an API answer would be (the app registers @fastify/compress first).
    const big = await serve(
      { 'index.html': 'main app', 'first/dashboard.member.en.html': `<h1>Welcome, __FIRST_NAME__</h1>${'<p>text</p>'.repeat(300)}` },
      async () => ({ role: 'member', firstName: 'Martha', lastName: 'Member' }),
      true,
    );
    const compressed = await big('/today-sermons', { cookie: 'sid=x', 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('Welcome, Martha');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to the main app on the listener pages of a build without the listener entry', async () => {
    const get = await serve({ 'index.html': 'main app' });
    expect((await get('/sermon/join/ABCD1234?churchId=c1')).body).toBe('main app');
  });

  it('keeps problem+json 404s for the API and for missing files', async () => {
    const get = await serve({ 'index.html': 'main app', 'listen.html': 'listener entry' });
    for (const url of ['/api/v1/nope', '/assets/missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
    }
  });
});
