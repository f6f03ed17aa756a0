/**
 * The visits both web benchmarks make (web-bundle-size.ts, the byte budgets `npm run test:size`
 * enforces, and web-lighthouse.ts, `npm run bench:web`): the real server on a fresh data folder,
 * serving the built web app (apps/web/dist or WEB_DIST), the demo church's member, administrator and
 * speaker signed in, and each first page as its real visitor opens it.
 *
 * - lobbyBefore: a guest on the church's standing join link `/l/{code}` with no service live.
 * - joinlive: a signed-in member on the list of live sermons, ready once the live sermon is listed.
 * - sermonJoin: a guest on the share link of that live sermon.
 * - lobby: a guest on `/l/{code}` while the sermon is live: the lobby turns into the live view by
 *   itself (decision 019), connected.
 * - signIn, signUp: the first pages every phone of the main app opens, signed out.
 * - dashboardMember, dashboardAdmin: the dashboard of the demo member and church administrator.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storageKeys, userTypeByRole, type Role } from '@app/shared';

export interface Me {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  churchId: string;
}

export interface Visitor {
  me: Me;
  /** `name=value` of the session cookie. */
  cookie: string;
}

/** Something on the page that shows it is the page meant (a redirect or an error screen is never measured). */
export type Ready = { role: 'button' | 'heading' | 'textbox' | 'link'; name: RegExp } | { text: string } | { selector: string };

export interface Visit {
  url: string;
  as?: Visitor;
  ready: Ready;
  /** Needs a live sermon (measured after `startSermon`), or none (before it). */
  live: boolean;
  /** The byte count goes on until the listener has pressed "Start listening" and is connected: all the first caption needs. */
  listens?: boolean;
}

// SERVER_DIR: another checkout's server (a before/after pair: its own server with its own build).
const root = path.resolve(process.env.SERVER_DIR ?? path.resolve(import.meta.dirname, '..'));

export interface WebBench {
  base: string;
  visits: Record<string, Visit>;
  startSermon: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startWebBench(): Promise<WebBench> {
  const port = 4390 + Math.floor(Math.random() * 100);
  const base = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'web-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (d: Buffer) => d.toString().includes('is running') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

  async function call<T>(url: string, init: { method?: string; cookie?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(`${base}/api/v1${url}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function signIn(email: string): Promise<Visitor> {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo1234' }),
    });
    if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
    return { me: (await res.json()) as Me, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
  }

  const speaker = await signIn('staff@demo.church');
  const member = await signIn('member@demo.church');
  const admin = await signIn('admin@demo.church');
  const churchId = member.me.churchId;
  const { joinCode } = await call<{ joinCode: string }>(`/churches/${churchId}`, { cookie: speaker.cookie });
  let sermon: { id: string; broadcastId: string } | null = null;
  const welcome: Ready = { role: 'heading', name: /^Welcome/ };

  const visits: Record<string, Visit> = {
    lobbyBefore: { url: `/l/${joinCode}`, ready: { role: 'heading', name: /./ }, live: false },
    joinlive: { url: `/joinlive?churchId=${churchId}&userId=${member.me.id}`, as: member, ready: { selector: 'a[href*="/sermon/join/"]' }, live: true },
    sermonJoin: { url: '', ready: { role: 'button', name: /^Start listening$/ }, live: true, listens: true },
    lobby: { url: `/l/${joinCode}`, ready: { text: 'Connected' }, live: true },
    signIn: { url: '/', ready: { role: 'button', name: /^Sign in$/ }, live: false },
    signUp: { url: '/signup', ready: { role: 'textbox', name: /^First name/ }, live: false },
    dashboardMember: { url: '/dashboard', as: member, ready: welcome, live: false },
    dashboardAdmin: { url: '/dashboard', as: admin, ready: welcome, live: false },
  };

  return {
    base,
    visits,
    async startSermon() {
      sermon = await call('/sermons', { method: 'POST', cookie: speaker.cookie, body: { churchId, sourceLanguage: 'en' } });
      visits.sermonJoin!.url = `/sermon/join/${sermon!.broadcastId}?churchId=${churchId}`;
    },
    async stop() {
      if (sermon) await call(`/sermons/${sermon.id}/end`, { method: 'POST', cookie: speaker.cookie }).catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the sign-in form leaves in the browser (apps/web/src/lib/stored-user.ts), set before any script runs. */
export function storedUserScript(visitor: Visitor | undefined): string {
  if (!visitor) return 'localStorage.clear();';
  const { me } = visitor;
  const values: Record<string, string> = {
    [storageKeys.userType]: userTypeByRole[me.role],
    [storageKeys.userEmail]: me.email,
    [storageKeys.firstName]: me.firstName,
    [storageKeys.lastName]: me.lastName,
    [storageKeys.userId]: me.id,
    [storageKeys.churchId]: me.churchId,
  };
  return `localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(values)})) localStorage.setItem(k, v);`;
}

/** The visits in the order the benchmarks make them: those before the service, then those during it. */
export async function eachVisit(bench: WebBench, measure: (name: string, visit: Visit) => Promise<void>) {
  const entries = Object.entries(bench.visits);
  for (const [name, visit] of entries.filter(([, v]) => !v.live)) await measure(name, visit);
  await bench.startSermon();
  for (const [name, visit] of entries.filter(([, v]) => v.live)) await measure(name, visit);
}
