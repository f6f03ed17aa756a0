import http from 'node:http';
import { eq } from 'drizzle-orm';
import { io as connectClient } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE, liveEvents, sermonVoicePath, type ListenerJoinAck, type LiveError } from '@app/shared';
import { buildCast } from '../../test/helpers/factories';
import { addChurchLanguages, eventually, listen, liveClients, record, request, type ClientSocket } from '../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { churches } from '../db/schema';
import { liveFor } from './live-service';

/**
 * Decision 037, "Guests off means off" and "Limits per address": real sockets and real HTTP
 * connections against a listening server, every client on 127.0.0.1 (one address).
 */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const live = liveClients(() => ({ url, app: t.app, staffCookie: cast.staff.cookie, listenerCookie: cast.member.cookie, churchId: cast.church.id }));
const streams: http.ClientRequest[] = [];

beforeAll(async () => {
  t = await createTestApp({ LISTEN_PER_ADDRESS: '8' });
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  url = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  live.closeAll();
  for (const r of streams.splice(0)) r.destroy();
  await t.ctx.db.update(churches).set({ guestsMayListen: true }).where(eq(churches.id, cast.church.id));
  await liveFor(t.ctx).churchChanged(cast.church.id);
});

/** Opens a voice stream as a guest; its status once the headers arrive. */
function openVoice(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}${path}`, { agent: false }, (res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    req.on('error', reject);
    streams.push(req);
  });
}

describe('guests turned off during a live sermon', () => {
  it('lets the listening guests go with a sign-in message, keeps members, and refuses new guests at once', async () => {
    const sermon = await live.goLive();
    await live.speaker(sermon);
    const guest = await live.listener(sermon, 'pt', { cookie: '' });
    const errors = record<LiveError>(guest.socket, liveEvents.error);
    const member = await live.listener(sermon, 'pt');

    const changedAt = Date.now();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/churches/${cast.church.id}/live-settings`, headers: { cookie: cast.churchAdmin.cookie }, payload: { guestsMayListen: false } });
    expect(res.statusCode).toBe(200);
    await eventually(() => expect(guest.socket.connected).toBe(false), 2000);
    expect(Date.now() - changedAt).toBeLessThan(2000);
    expect(errors.map((e) => e.code)).toEqual(['guests_not_allowed']);
    expect(member.socket.connected).toBe(true);

    const late = await live.client();
    const refused = await request<ListenerJoinAck>(late, liveEvents.listenerJoin, { broadcastId: sermon.broadcastId, language: 'pt', voice: 'none', lastSeq: 0 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'guests_not_allowed' } });
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
  }, 20_000);

  it('the same when another process stored the change (its cluster message arrives here)', async () => {
    const sermon = await live.goLive();
    const guest = await live.listener(sermon, 'en', { cookie: '' });
    const voice = openVoice(sermonVoicePath(sermon.id, 'en', 'female'));
    expect(await voice).toBe(200);
    await t.ctx.db.update(churches).set({ guestsMayListen: false }).where(eq(churches.id, cast.church.id));
    await liveFor(t.ctx).onClusterMessage({ kind: 'public', churchId: cast.church.id });
    await eventually(() => expect(guest.socket.connected).toBe(false), 2000);
    // The guest's voice stream ends with its connection.
    await eventually(() => expect(streams[0]!.socket?.destroyed ?? true).toBe(true), 2000);
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
  }, 20_000);
});

describe('limits per client address', () => {
  it('hold a handful of voice streams per address and sermon: 40 asked, 8 served, the rest 429 with Retry-After; closing one frees a place', async () => {
    const sermon = await live.goLive();
    const path = sermonVoicePath(sermon.id, 'pt', 'male');
    const answers = await Promise.all(Array.from({ length: 40 }, () => openVoice(path)));
    expect(answers.filter((s) => s === 200)).toHaveLength(t.ctx.config.LISTEN_PER_ADDRESS);
    expect(answers.filter((s) => s === 429)).toHaveLength(40 - t.ctx.config.LISTEN_PER_ADDRESS);
    const refused = await t.app.inject({ method: 'GET', url: path, remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');

    streams[answers.indexOf(200)]!.destroy();
    await eventually(async () => expect(await openVoice(path)).toBe(200), 3000);
    expect(await openVoice(path)).toBe(429);
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
  }, 20_000);

  it('hold a handful of live connections per address, the one too many refused with an error the phone reads', async () => {
    const max = t.ctx.config.LISTEN_PER_ADDRESS;
    // The previous tests' connections are let go by the server first.
    await new Promise((r) => setTimeout(r, 300));
    const guests: ClientSocket[] = [];
    for (let i = 0; i < max; i++) guests.push(await live.client());
    const extra = connectClient(`${url}${LIVE_NAMESPACE}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    const refusal = await new Promise<Error & { data?: { code: string } }>((resolve) => extra.on('connect_error', resolve));
    expect(refusal.data?.code).toBe('too_many_connections');
    extra.close();
    // A signed-in person is counted by account, not by the shared address.
    await expect(live.client(cast.member.cookie)).resolves.toBeDefined();
    guests[0]!.disconnect();
    await eventually(async () => {
      const again = await live.client();
      expect(again.connected).toBe(true);
    }, 3000);
  }, 20_000);
});
