/**
 * What a listener's phone downloads: builds nothing itself; serves the built web app (apps/web/dist
 * or WEB_DIST) with the real server on a fresh data folder, starts a live sermon as the demo speaker,
 * opens each listener page in Chromium as its real visitor would and sums the gzipped size of every
 * JavaScript file the page loaded. Prints one JSON object last.
 *
 *   npm run build -w apps/web && node --import tsx bench/web-bundle-size.ts
 *
 * - joinlive: a signed-in member (session cookie and the values the sign-in form stores) on the list
 *   of live sermons, measured once the live sermon is listed.
 * - sermonJoin: a guest (no cookie) on the share link of that live sermon, measured once they have
 *   tapped "Start listening" and are connected: everything the first caption needs.
 * - lobby: a guest (no cookie) on the church's standing join link `/l/{code}` while it is live: the
 *   lobby turns into the live view by itself; measured once connected.
 * - signIn, signUp: the first pages every phone of the main app opens, signed out.
 * - dashboardMember, dashboardAdmin: the dashboard of the demo member and church admin, measured once
 *   its greeting shows and the network is idle (charts included).
 * A page that does not reach that state fails the run, so a redirect or an error screen is never
 * measured by mistake (an ended sermon's page or a signed-out list once were). The listener pages have
 * a budget of 100 KB of gzipped JavaScript (decision 018), every other page 150 KB: the run exits 1
 * when one passes it, and `npm test` runs it so that no page slips back (decision 029).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core';
import { storageKeys, userTypeByRole, type Role } from '@app/shared';

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

interface Me {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  churchId: string;
}

async function call<T>(url: string, init: { method?: string; cookie?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(email: string): Promise<{ me: Me; cookie: string }> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return { me: (await res.json()) as Me, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

/** What the sign-in form leaves in the browser (apps/web/src/lib/stored-user.ts), set before any script runs. */
function storedUserScript(me: Me): string {
  const values: Record<string, string> = {
    [storageKeys.userType]: userTypeByRole[me.role],
    [storageKeys.userEmail]: me.email,
    [storageKeys.firstName]: me.firstName,
    [storageKeys.lastName]: me.lastName,
    [storageKeys.userId]: me.id,
    [storageKeys.churchId]: me.churchId,
  };
  return `for (const [k, v] of Object.entries(${JSON.stringify(values)})) localStorage.setItem(k, v);`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let sermonId: string | null = null;
const speaker = await signIn('staff@demo.church');
try {
  const member = await signIn('member@demo.church');
  const sermon = await call<{ id: string; broadcastId: string }>('/sermons', {
    method: 'POST',
    cookie: speaker.cookie,
    body: { churchId: speaker.me.churchId, sourceLanguage: 'en' },
  });
  sermonId = sermon.id;
  const churchId = member.me.churchId;

  // A phone, in English so the readiness checks below can find things by their names.
  const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, locale: 'en-AU', hasTouch: true };
  const admin = await signIn('admin@demo.church');
  const cookieOf = (c: string) => ({ name: c.split('=')[0]!, value: c.slice(c.indexOf('=') + 1), url: base });
  const welcome = (page: Page) => page.getByRole('heading', { name: /^Welcome/ }).first().waitFor({ timeout: 20_000 });

  const { joinCode } = await call<{ joinCode: string }>(`/churches/${churchId}`, { cookie: speaker.cookie });
  const pages: Record<string, { url: string; as?: { me: Me; cookie: string }; ready: (page: Page) => Promise<void> }> = {
    joinlive: {
      url: `/joinlive?churchId=${churchId}&userId=${member.me.id}`,
      as: member,
      ready: (page) => page.locator(`a[href*="/sermon/join/${sermon.broadcastId}"]`).first().waitFor({ timeout: 15_000 }),
    },
    sermonJoin: {
      url: `/sermon/join/${sermon.broadcastId}?churchId=${churchId}`,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Start listening' }).click({ timeout: 15_000 });
        await page.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
      },
    },
    // A guest on the church's standing join link while the sermon is live: the lobby turns into the
    // live view by itself (docs/decisions/019), so this is the lobby and the live view together.
    lobby: {
      url: `/l/${joinCode}`,
      ready: (page) => page.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 }),
    },
    signIn: { url: '/', ready: (page) => page.getByRole('button', { name: 'Sign in' }).first().waitFor({ timeout: 15_000 }) },
    signUp: { url: '/signup', ready: (page) => page.getByRole('textbox', { name: /^First name/ }).first().waitFor({ timeout: 15_000 }) },
    dashboardMember: { url: '/dashboard', as: member, ready: welcome },
    dashboardAdmin: { url: '/dashboard', as: admin, ready: welcome },
  };
  // Listener pages: what a whole congregation opens at once on church Wi-Fi (decision 018).
  const budgetKb = (name: string) => (['joinlive', 'sermonJoin', 'lobby'].includes(name) ? 100 : 150);

  const result: Record<string, { files: number; rawKb: number; gzipKb: number }> = {};
  for (const [name, visit] of Object.entries(pages)) {
    const context = await browser.newContext(phone);
    if (visit.as) {
      await context.addCookies([cookieOf(visit.as.cookie)]);
      await context.addInitScript(storedUserScript(visit.as.me));
    }
    const page = await context.newPage();
    const loads: Array<Promise<[string, Buffer]>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      loads.push(res.body().then((b) => [res.url().split('/').pop() ?? '', b], () => ['', Buffer.alloc(0)]));
    });
    await page.goto(`${base}${visit.url}`, { waitUntil: 'networkidle' });
    await visit.ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const files = await Promise.all(loads);
    const sized = files.map(([file, body]) => ({ file, raw: body.length, gz: gzipSync(body, { level: 9 }).length }));
    if (process.env.VERBOSE) {
      for (const f of [...sized].sort((a, b) => b.gz - a.gz).slice(0, Number(process.env.VERBOSE) || 12)) console.log(`  ${name} ${(f.gz / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
    }
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    result[name] = { files: sized.length, rawKb: kb(sized.reduce((n, f) => n + f.raw, 0)), gzipKb: kb(sized.reduce((n, f) => n + f.gz, 0)) };
    await context.close();
  }
  for (const [name, r] of Object.entries(result)) {
    const over = r.gzipKb > budgetKb(name) ? `  OVER the ${budgetKb(name)} KB budget` : '';
    console.log(`${name.padEnd(16)} ${String(r.files).padStart(3)} files  ${r.gzipKb} KB gzipped JS (${r.rawKb} KB raw)${over}`);
  }
  console.log(JSON.stringify(result));
  if (Object.entries(result).some(([name, r]) => r.gzipKb > budgetKb(name))) process.exitCode = 1;
} finally {
  if (sermonId) await call(`/sermons/${sermonId}/end`, { method: 'POST', cookie: speaker.cookie }).catch(() => undefined);
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
