/**
 * What a listener's phone downloads: builds nothing itself; serves the built web app (apps/web/dist
 * or WEB_DIST) with the real server on a fresh data folder, opens each listener page in Chromium and
 * sums the gzipped size of every JavaScript file the page loaded. Prints one JSON object last.
 *
 *   npm run build -w apps/web && node --import tsx bench/web-bundle-size.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = 4390 + Math.floor(Math.random() * 100);
const base = `http://localhost:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-bench-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (d: Buffer) => d.toString().includes('is running') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${url}`, init);
  return (await res.json()) as T;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  // A member's ids for /joinlive, and an ended demo sermon's share link for the live view.
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@demo.church', password: 'demo1234' }),
  });
  const me = (await login.json()) as { id: string; churchId: string };
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const sermons = await json<{ items: Array<{ broadcastId: string }> }>(`/api/v1/sermons?status=ended&churchId=${me.churchId}`, { headers: { cookie } });
  const broadcastId = sermons.items[0]?.broadcastId ?? 'UNKNOWN';

  const pages = {
    joinlive: `/joinlive?churchId=${me.churchId}&userId=${me.id}`,
    sermonJoin: `/sermon/join/${broadcastId}?churchId=${me.churchId}`,
    signIn: '/',
  };
  const result: Record<string, { files: number; rawKb: number; gzipKb: number }> = {};
  for (const [name, url] of Object.entries(pages)) {
    const page = await browser.newPage();
    const bodies: Buffer[] = [];
    const names: string[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      names.push(res.url().split('/').pop() ?? '');
      bodies.push(await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const raw = bodies.reduce((n, b) => n + b.length, 0);
    const gz = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    if (process.env.VERBOSE) {
      const sized = bodies.map((b, i) => [gzipSync(b, { level: 9 }).length, names[i]] as const).sort((a, b) => b[0] - a[0]);
      for (const [size, file] of sized.slice(0, 12)) console.log(`  ${name} ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
    }
    result[name] = { files: bodies.length, rawKb: Math.round(raw / 102.4) / 10, gzipKb: Math.round(gz / 102.4) / 10 };
    await page.close();
  }
  for (const [name, r] of Object.entries(result)) console.log(`${name.padEnd(12)} ${String(r.files).padStart(3)} files  ${r.gzipKb} KB gzipped JS (${r.rawKb} KB raw)`);
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
