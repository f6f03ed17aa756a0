import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, sermonVoicePath, type ListenerJoinAck, type LiveError } from '@app/shared';
import { buildCast } from '../../../test/helpers/factories';
import { addChurchLanguages, connectPhone, eventually, listen, liveClients, record, request, type ClientSocket } from '../../../test/helpers/live-kit';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { churches } from '../../db/schema';
import { liveFor } from '../live-service';

/**
 * Decision 037, "Guests off means off", and decision 048's limits per device, account and address:
 * real sockets and real HTTP connections against a listening server with the default settings,
 * every client on 127.0.0.1 (one address, as a church's Wi-Fi).
 */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof buildCast>>;
const live = liveClients(() => ({ url, app: t.app, staffCookie: cast.staff.cookie, listenerCookie: cast.member.cookie, churchId: cast.church.id }));
const streams: http.ClientRequest[] = [];
const phones: ClientSocket[] = [];

beforeAll(async () => {
  // The production defaults: every client of these tests connects from 127.0.0.1.
  t = await createTestApp();
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
  for (const p of phones.splice(0)) p.disconnect();
  await t.ctx.db.update(churches).set({ guestsMayListen: true }).where(eq(churches.id, cast.church.id));
  await liveFor(t.ctx).churchChanged(cast.church.id);
});

interface OpenedVoice {
  status: number;
  retryAfter: string | undefined;
  req: http.ClientRequest;
  bytes: () => number;
}

/** Opens a voice stream as a guest (with a phone's cookie, or none): its status once the headers arrive. */
function openVoice(path: string, cookie = ''): Promise<OpenedVoice> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const req = http.get(`${url}${path}`, { agent: false, headers: cookie ? { cookie } : {} }, (res) => {
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, req, bytes: () => bytes });
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
    expect((await voice).status).toBe(200);
    await t.ctx.db.update(churches).set({ guestsMayListen: false }).where(eq(churches.id, cast.church.id));
    await liveFor(t.ctx).onClusterMessage({ kind: 'public', churchId: cast.church.id });
    await eventually(() => expect(guest.socket.connected).toBe(false), 2000);
    // The guest's voice stream ends with its connection.
    await eventually(() => expect(streams[0]!.socket?.destroyed ?? true).toBe(true), 2000);
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
  }, 20_000);
});

describe('limits per device, account and address (decision 048)', () => {
  it('one browser keeping its cookies: 40 voice streams asked, 3 served, the rest 429 with Retry-After, the 3 playing on; closing one frees a place', async () => {
    const sermon = await live.goLive();
    const path = sermonVoicePath(sermon.id, 'pt', 'male');
    const phone = await connectPhone(url);
    phones.push(phone.socket);
    expect(phone.cookie).toMatch(/^listener_device=/);
    const opened = await Promise.all(Array.from({ length: 40 }, () => openVoice(path, phone.cookie)));
    const served = opened.filter((o) => o.status === 200);
    expect(served).toHaveLength(t.ctx.config.LISTEN_PER_DEVICE);
    expect(t.ctx.config.LISTEN_PER_DEVICE).toBe(3);
    const refused = opened.filter((o) => o.status === 429);
    expect(refused).toHaveLength(37);
    expect(refused.every((o) => o.retryAfter === '10')).toBe(true);

    // The served streams go on playing after the refusals.
    const before = served.map((o) => o.bytes());
    await eventually(() => served.forEach((o, i) => expect(o.bytes()).toBeGreaterThan(before[i]! + 1000)), 5000);
    expect(served.every((o) => !o.req.destroyed)).toBe(true);

    served[0]!.req.destroy();
    await eventually(async () => expect((await openVoice(path, phone.cookie)).status).toBe(200), 3000);
    expect((await openVoice(path, phone.cookie)).status).toBe(429);
    // Another phone on the same network is not held back by this one.
    const other = await connectPhone(url);
    phones.push(other.socket);
    expect((await openVoice(path, other.cookie)).status).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
  }, 30_000);

  it('a forged or altered device counts as none: its streams are counted by address only', async () => {
    const sermon = await live.goLive();
    const path = sermonVoicePath(sermon.id, 'en', 'female');
    const phone = await connectPhone(url);
    phones.push(phone.socket);
    const forged = phone.cookie.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    const answers = await Promise.all(Array.from({ length: 6 }, () => openVoice(path, forged)));
    // Not the device's 3: the address's ceiling (1000) holds them.
    expect(answers.filter((o) => o.status === 200)).toHaveLength(6);
    await t.app.inject({ method: 'POST', url: `/api/v1/sermons/${sermon.id}/end`, headers: { cookie: cast.staff.cookie } });
  }, 20_000);

  it('hold a few live connections per device, the one too many refused with an error the phone reads', async () => {
    const first = await connectPhone(url);
    phones.push(first.socket);
    for (let i = 1; i < t.ctx.config.LISTEN_PER_DEVICE; i++) phones.push((await connectPhone(url, { cookie: first.cookie })).socket);
    const refusal = await connectPhone(url, { cookie: first.cookie }).then(() => null, (err: Error & { data?: { code: string; retryAfter: number } }) => err.data);
    expect(refusal).toMatchObject({ code: 'too_many_connections', retryAfter: 10 });
    // A signed-in person is counted by account, not by the shared address or a device.
    await expect(live.client(cast.member.cookie)).resolves.toBeDefined();
    phones[0]!.disconnect();
    await eventually(async () => {
      const again = await connectPhone(url, { cookie: first.cookie });
      phones.push(again.socket);
    }, 3000);
  }, 20_000);

  it('let a page coming back under its own connection name take its earlier place over, closing the earlier connection', async () => {
    const first = await connectPhone(url, { connection: 'page-1' });
    phones.push(first.socket);
    const others = [];
    for (let i = 1; i < t.ctx.config.LISTEN_PER_DEVICE; i++) others.push(await connectPhone(url, { cookie: first.cookie, connection: `page-${i + 1}` }));
    phones.push(...others.map((o) => o.socket));
    // The first page's connection is not yet seen to be gone (a phone that changed network): coming
    // back, it is not refused for the place it holds itself.
    const again = await connectPhone(url, { cookie: first.cookie, connection: 'page-1' });
    phones.push(again.socket);
    expect(again.socket.connected).toBe(true);
    await eventually(() => expect(first.socket.connected).toBe(false), 2000);
    // A new name on the same device is still one too many.
    await expect(connectPhone(url, { cookie: first.cookie, connection: 'page-9' })).rejects.toMatchObject({ data: { code: 'too_many_connections' } });
  }, 20_000);
});
