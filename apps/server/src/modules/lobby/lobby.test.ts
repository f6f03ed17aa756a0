import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveEvents, lobbyEvents, type ListenerJoinAck, type LobbyEndedPayload, type LobbyInfo, type LobbyLivePayload } from '@app/shared';
import { churches, listenerSessions } from '../../db/schema';
import { eventually, ok, record, request } from '../../../test/helpers/live-kit';
import { useLobbyApp } from '../../../test/helpers/lobby-kit';

const s = useLobbyApp();
const client = (cookie?: string) => s.client(cookie);

describe('GET /lobby/:code', () => {
  it('answers the church, its languages and next services to a guest, ignoring the code’s case', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await s.call('POST', '/scheduled-sermons', s.cast.staff.cookie, { churchId: s.cast.church.id, title: 'Morning Service', startsAt: soon, sourceLanguage: 'en' });
    const res = await s.call('GET', '/lobby/grace', '');
    expect(res.statusCode).toBe(200);
    const lobby = res.json() as LobbyInfo;
    expect(lobby.church).toMatchObject({ id: s.cast.church.id, joinCode: 'GRACE', guestsAllowed: true, timeZone: expect.any(String) });
    expect(lobby.languages.map((l) => l.code)).toContain('pt');
    expect(lobby.live).toBeNull();
    expect(lobby.upcoming).toMatchObject([{ title: 'Morning Service' }]);
  });

  it('answers 404 for an unknown code', async () => {
    expect((await s.call('GET', '/lobby/NOPE99', '')).statusCode).toBe(404);
  });

  it('carries the live sermon’s share-link answer, so a phone opening the lobby mid-sermon asks nothing more', async () => {
    const live = await s.call('POST', '/sermons', s.cast.staff.cookie, { churchId: s.cast.church.id, sourceLanguage: 'en' });
    expect(live.statusCode).toBe(201);
    const { broadcastId } = live.json() as { broadcastId: string };
    const lobby = (await s.call('GET', '/lobby/GRACE', '')).json() as LobbyInfo;
    const byLink = (await s.call('GET', `/sermons/by-broadcast/${broadcastId}`, '')).json();
    expect(lobby.live?.listen).toEqual(byLink);
    expect(lobby.live?.listen?.sermon).toMatchObject({ broadcastId, status: 'live' });
    await s.call('POST', `/sermons/${live.json().id}/end`, s.cast.staff.cookie);
    expect(((await s.call('GET', '/lobby/GRACE', '')).json() as LobbyInfo).live).toBeNull();
  });

  it('hides the live sermon of a church without guests from guests and other churches', async () => {
    const live = await s.call('POST', '/sermons', s.cast.otherStaff.cookie, { churchId: s.cast.otherChurch.id, sourceLanguage: 'en' });
    expect(live.statusCode).toBe(201);
    const guest = (await s.call('GET', '/lobby/hope7', '')).json() as LobbyInfo;
    expect(guest.church.guestsAllowed).toBe(false);
    expect(guest.live).toBeNull();
    const own = (await s.call('GET', '/lobby/hope7', s.cast.otherMember.cookie)).json() as LobbyInfo;
    expect(own.live?.broadcastId).toBe(live.json().broadcastId);
    expect(own.live?.listen?.sermon.broadcastId).toBe(live.json().broadcastId);
    // Another church's staff get the church's name, not its sermon.
    const stranger = (await s.call('GET', '/lobby/hope7', s.cast.staff.cookie)).json() as LobbyInfo;
    expect(stranger.live).toBeNull();
    await s.call('POST', `/sermons/${live.json().id}/end`, s.cast.otherStaff.cookie);
  });
});

describe('PATCH /churches/:id joinCode', () => {
  it('lets the church admin choose a code, upper-cased; refuses a bad or taken one', async () => {
    const id = s.cast.church.id;
    const bad = await s.call('PATCH', `/churches/${id}`, s.cast.churchAdmin.cookie, { joinCode: 'a-b' });
    expect(bad.json().errors).toMatchObject([{ field: 'joinCode', key: 'validation.joinCodeInvalid' }]);
    const taken = await s.call('PATCH', `/churches/${id}`, s.cast.churchAdmin.cookie, { joinCode: 'hope7' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toMatchObject([{ field: 'joinCode', key: 'validation.joinCodeTaken' }]);
    expect((await s.call('PATCH', `/churches/${id}`, s.cast.staff.cookie, { joinCode: 'STAFF1' })).statusCode).toBe(403);
    expect((await s.call('PATCH', `/churches/${id}`, s.cast.otherAdmin.cookie, { joinCode: 'MINE1' })).statusCode).toBe(404);
    const res = await s.call('PATCH', `/churches/${id}`, s.cast.churchAdmin.cookie, { joinCode: 'harbour' });
    expect(res.json().joinCode).toBe('HARBOUR');
    expect((await s.call('GET', '/lobby/Harbour', '')).statusCode).toBe(200);
    await s.call('PATCH', `/churches/${id}`, s.cast.churchAdmin.cookie, { joinCode: 'GRACE' });
  });

  it('gives every new church a code of its own', async () => {
    const rows = await s.t.ctx.db.select({ code: churches.joinCode }).from(churches);
    expect(rows.every((r) => /^[A-Z0-9]{4,8}$/.test(r.code))).toBe(true);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });
});

describe('the lobby on the live namespace', () => {
  it('turns waiting phones live when the speaker goes live, says when it ends, and counts who waits', async () => {
    const phone = await client();
    const projector = await client();
    ok(await request(phone, lobbyEvents.join, { code: 'grace', languages: ['pt'] }));
    ok(await request(projector, lobbyEvents.join, { code: 'GRACE', languages: ['pt', 'es'], projector: true }));
    const lives = record<LobbyLivePayload>(phone, lobbyEvents.live);
    const ends = record<LobbyEndedPayload>(projector, lobbyEvents.ended);

    const waiting = await s.call('GET', `/lobby/waiting?churchId=${s.cast.church.id}`, s.cast.staff.cookie);
    expect(waiting.json()).toEqual({ joinCode: 'GRACE', total: 1, languages: [{ code: 'pt', people: 1, projectors: 1 }, { code: 'es', people: 0, projectors: 1 }] });
    expect((await s.call('GET', `/lobby/waiting?churchId=${s.cast.church.id}`, s.cast.otherStaff.cookie)).statusCode).toBe(404);
    expect((await s.call('GET', `/lobby/waiting?churchId=${s.cast.church.id}`, s.cast.member.cookie)).statusCode).toBe(404);

    const live = await s.call('POST', '/sermons', s.cast.staff.cookie, { churchId: s.cast.church.id, sourceLanguage: 'en' });
    await eventually(() => expect(lives).toMatchObject([{ sermonId: live.json().id, broadcastId: live.json().broadcastId }]));
    await s.call('POST', `/sermons/${live.json().id}/end`, s.cast.staff.cookie);
    await eventually(() => expect(ends).toEqual([{ sermonId: live.json().id }]));
  });

  it('counts people, never the room screen, and no longer counts as waiting the phones that listen', async () => {
    const [phone1, phone2, projector] = [await client(), await client(), await client()];
    ok(await request(phone1, lobbyEvents.join, { code: 'GRACE', languages: ['pt'] }));
    ok(await request(phone2, lobbyEvents.join, { code: 'GRACE', languages: ['es'] }));
    ok(await request(projector, lobbyEvents.join, { code: 'GRACE', languages: ['pt', 'es'], projector: true }));
    const live = await s.call('POST', '/sermons', s.cast.staff.cookie, { churchId: s.cast.church.id, sourceLanguage: 'en' });
    const { id: sermonId, broadcastId } = live.json() as { id: string; broadcastId: string };
    type Waiting = { total: number; languages: Array<{ code: string; people: number; projectors: number }> };
    const waitingNow = async () => (await s.call('GET', `/lobby/waiting?churchId=${s.cast.church.id}`, s.cast.staff.cookie)).json() as Waiting;
    const people = (w: Waiting, code: string) => w.languages.find((l) => l.code === code)?.people ?? 0;
    const before = await waitingNow();
    const join = (socket: typeof phone1, language: string, projectorScreen = false) =>
      request<ListenerJoinAck>(socket, liveEvents.listenerJoin, { broadcastId, language, voice: 'none', lastSeq: 0, ...(projectorScreen ? { projector: true } : {}) });
    ok(await join(projector, 'pt', true));
    ok(await join(phone1, 'pt'));
    const last = ok(await join(phone2, 'es'));
    // Two phones and a projector: two listeners, one per language.
    expect(last.state.listenerCounts).toEqual({ pt: 1, es: 1 });
    // The phones listen on their lobby sockets now: nobody waits; the room screen stays a screen.
    const after = await waitingNow();
    expect(after.total).toBe(before.total - 2);
    expect([people(after, 'pt'), people(after, 'es')]).toEqual([people(before, 'pt') - 1, people(before, 'es') - 1]);
    // Analytics count the sessions kept: the phones', not the screen's.
    await eventually(async () => expect(await s.t.ctx.db.select().from(listenerSessions).where(eq(listenerSessions.sermonId, sermonId))).toHaveLength(2));
    await s.call('POST', `/sermons/${sermonId}/end`, s.cast.staff.cookie);
    const detail = await s.call('GET', `/analytics/sermons/${sermonId}`, s.cast.churchAdmin.cookie);
    expect(detail.json()).toMatchObject({ listenersByLanguage: expect.arrayContaining([expect.objectContaining({ language: 'pt', listeners: 1 })]) });
    for (const socket of [phone1, phone2, projector]) socket.disconnect();
  });

  it('refuses an unknown code, and a guest in a church without guests', async () => {
    const guest = await client();
    expect(await request(guest, lobbyEvents.join, { code: 'NOPE99', languages: ['pt'] })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await request(guest, lobbyEvents.join, { code: 'HOPE7', languages: ['pt'] })).toMatchObject({ ok: false, error: { code: 'guests_not_allowed' } });
    const member = await client(s.cast.otherMember.cookie);
    ok(await request(member, lobbyEvents.join, { code: 'HOPE7', languages: ['en'] }));
  });
});

describe('GET /lobby/:code/qr.svg and qr.png', () => {
  it('draws the join link as a QR code; an unknown code answers 404', async () => {
    const svg = await s.call('GET', '/lobby/grace/qr.svg', '');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const png = await s.call('GET', '/lobby/GRACE/qr.png?download', '');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain('join-GRACE.png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await s.call('GET', '/lobby/NOPE99/qr.svg', '')).statusCode).toBe(404);
  });
});
