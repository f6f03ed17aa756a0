import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { findListeningLanguage, LIVE_NAMESPACE, liveEvents, type Caption, type ListenerJoinAck, type LiveAck, type Sermon, type SpeakerJoinAck } from '@app/shared';
import type { AppContext } from '../../src/context';
import type { Db } from '../../src/db/client';
import { churches, churchLanguages } from '../../src/db/schema';
import { invalidateChurchProviders } from '../../src/providers/church-providers';

/** Helpers for the live pipeline's tests (real sockets against a listening server). Not used at run time. */

export type { ClientSocket };

export async function addChurchLanguages(
  db: Db,
  churchId: string,
  lists: { goLive?: string[]; joinLive?: string[] } = {},
): Promise<void> {
  const goLive = lists.goLive ?? ['en', 'es'];
  const joinLive = lists.joinLive ?? ['en', 'es', 'pt', 'id', 'zh-Hans', 'ar'];
  const rows = [
    ...goLive.map((code) => ({ code, list: 'go_live' as const })),
    ...joinLive.map((code) => ({ code, list: 'join_live' as const })),
  ].map(({ code, list }) => {
    const known = findListeningLanguage(code)!;
    return { churchId, list, code, name: known.englishName, maleVoiceId: known.maleVoice, femaleVoiceId: known.femaleVoice };
  });
  await db.insert(churchLanguages).values(rows);
}

/** Gives a church Azure keys (the mock's), so the real Azure clients are used. */
export async function useAzureKeys(
  ctx: AppContext,
  churchId: string,
  keys: { translatorKey?: string; speechKey?: string },
): Promise<void> {
  await ctx.db.update(churches).set({
    ...(keys.translatorKey ? { translatorKeyEnc: ctx.secrets.encrypt(keys.translatorKey), translatorLocation: 'australiaeast' } : {}),
    ...(keys.speechKey ? { speechKeyEnc: ctx.secrets.encrypt(keys.speechKey), speechLocation: 'australiaeast' } : {}),
  }).where(eq(churches.id, churchId));
  invalidateChurchProviders(ctx, churchId);
}

/** Starts the app's HTTP server on a free loopback port; returns its base URL. */
export async function listen(app: { listen(opts: { port: number; host: string }): Promise<string>; server: { address(): unknown } }): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A connected client of namespace /live, signed in when a cookie is given. */
export async function connectLive(baseUrl: string, cookie?: string, opts: { reconnection?: boolean } = {}): Promise<ClientSocket> {
  const socket = connectClient(`${baseUrl}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * A guest's phone as a browser behaves (decision 048): its first live connection gives it a device,
 * kept in its cookie jar and sent with everything after. `cookie` is what a voice stream sends.
 */
export async function connectPhone(baseUrl: string, opts: { connection?: string; cookie?: string } = {}): Promise<{ socket: ClientSocket; cookie: string }> {
  const socket = connectClient(`${baseUrl}${LIVE_NAMESPACE}`, {
    // Long-polling first: its answers go through the client's cookie jar, as a browser's do.
    transports: ['polling', 'websocket'],
    withCredentials: true,
    forceNew: true,
    reconnection: false,
    ...(opts.connection ? { auth: { connection: opts.connection } } : {}),
    ...(opts.cookie ? { extraHeaders: { cookie: opts.cookie } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const jar = (socket.io.engine as unknown as { _cookieJar?: { cookies: Iterable<[string, { value: string }]> } })._cookieJar;
  const device = new Map(jar?.cookies ?? []).get('listener_device')?.value;
  return { socket, cookie: opts.cookie ?? (device ? `listener_device=${device}` : '') };
}

/** Emits with an acknowledgement and returns it. */
export function request<T = object>(socket: ClientSocket, event: string, payload?: unknown): Promise<LiveAck<T>> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<LiveAck<T>>;
}

/** Unwraps an ok acknowledgement, failing loudly otherwise. */
export function ok<T>(ack: LiveAck<T>): T {
  if (!ack.ok) throw new Error(`expected ok, got ${ack.error.code}: ${ack.error.message}`);
  return ack as T;
}

/** Records every `event` a socket receives. */
export function record<T>(socket: ClientSocket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Waits until `check` passes (polling), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Lets in-flight events arrive, to assert something did NOT happen. */
export const settle = (ms = 250) => new Promise((r) => setTimeout(r, ms));

/**
 * The sockets of one test file's sermons: clients (closed by `closeAll` after each test), going
 * live through the API, a joined speaker and joined listeners that record their captions.
 */
export function liveClients(env: () => {
  url: string;
  app: { inject(opts: { method: 'POST'; url: string; headers: Record<string, string>; payload: object }): Promise<{ statusCode: number; json(): unknown }> };
  staffCookie: string;
  listenerCookie: string;
  churchId: string;
}) {
  const open: ClientSocket[] = [];
  const client = async (cookie?: string) => {
    const s = await connectLive(env().url, cookie);
    open.push(s);
    return s;
  };
  return {
    client,
    async goLive(cookie = env().staffCookie, churchId = env().churchId): Promise<Sermon> {
      const res = await env().app.inject({ method: 'POST', url: '/api/v1/sermons', headers: { cookie }, payload: { churchId, sourceLanguage: 'en' } });
      if (res.statusCode !== 201) throw new Error(`going live answered ${res.statusCode}`);
      return res.json() as Sermon;
    },
    async speaker(sermon: Sermon, cookie = env().staffCookie) {
      const s = await client(cookie);
      ok(await request<SpeakerJoinAck>(s, liveEvents.speakerJoin, { sermonId: sermon.id }));
      return s;
    },
    async listener(sermon: Sermon, language: string, opts: { voice?: string; cookie?: string } = {}) {
      const s = await client(opts.cookie ?? env().listenerCookie);
      const captions = record<Caption>(s, liveEvents.caption);
      const joined = ok(await request<ListenerJoinAck>(s, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language, voice: opts.voice ?? 'none', lastSeq: 0 }));
      return { socket: s, captions, joined, partials: () => captions.filter((c) => !c.final), finals: () => captions.filter((c) => c.final) };
    },
    closeAll() {
      for (const s of open.splice(0)) s.disconnect();
    },
  };
}
