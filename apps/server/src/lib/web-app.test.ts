import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A built web app in a temporary folder: each HTML page says which it is. */
async function serve(files: Record<string, string | Buffer>) {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  dirs.push(dist);
  await mkdir(path.join(dist, 'assets'));
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dist, name), body);
  const app = Fastify();
  apps.push(app);
  await registerWebApp(app, dist);
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
