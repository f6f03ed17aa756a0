import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
async function serve(files: Record<string, string>) {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  dirs.push(dist);
  await mkdir(path.join(dist, 'assets'));
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dist, name), body);
  const app = Fastify();
  apps.push(app);
  await registerWebApp(app, dist);
  await app.ready();
  return (url: string) => app.inject({ method: 'GET', url });
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
    for (const url of ['/', '/dashboard', '/join/ABCD1234?churchId=c1', '/live-sermon-translator', '/golive?churchId=c&userId=u', '/sermon/join']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('main app');
    }
    expect((await get('/assets/a.js')).headers['cache-control']).toContain('immutable');
  });

  it('serves the signed-out entry for sign-in, sign-up and the password pages when the build has it', async () => {
    const get = await serve({ 'index.html': 'main app', 'listen.html': 'listener entry', 'signed-out.html': 'signed-out entry' });
    for (const url of ['/', '/?next=%2Fl%2FHARBOUR', '/signup', '/SignUp/', '/forgot-password', '/set-password?token=abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('signed-out entry');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/dashboard', '/profile', '/privacy-policy', '/signup/more']) expect((await get(url)).body, url).toBe('main app');
    expect((await get('/joinlive?churchId=c1&userId=u1')).body).toBe('listener entry');
  });

  it('serves the dashboard entry for the dashboard under both its paths when the build has it', async () => {
    const get = await serve({ 'index.html': 'main app', 'signed-out.html': 'signed-out entry', 'dashboard.html': 'dashboard entry' });
    for (const url of ['/dashboard', '/Dashboard/', '/dashboard?range=week', '/today-sermons']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('dashboard entry');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/profile', '/analytics', '/dashboard/more']) expect((await get(url)).body, url).toBe('main app');
    expect((await get('/')).body).toBe('signed-out entry');
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
