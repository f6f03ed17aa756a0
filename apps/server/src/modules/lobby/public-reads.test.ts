import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveEvents, lobbyEvents, type ListenerJoinAck, type LobbyInfo, type LobbyLivePayload, type Sermon, type SermonByBroadcast } from '@app/shared';
import { eventually, ok, record, request, settle } from '../../../test/helpers/live-kit';
import { useLobbyApp } from '../../../test/helpers/lobby-kit';
import { churches, scheduledSermons } from '../../db/schema';
import { liveFor, publicAnswersChanged } from '../../live/live-service';
import { LIVE_COUNT_REFRESH_MS } from '../sermons/service';

/**
 * The lobby and the share link answered from memory (docs/decisions/034): the same answers as the
 * database's, forgotten at every change they depend on, shown per person as before, and carried by
 * the lobby's push. The same forgetting on another process: src/live/cluster/cluster.test.ts.
 */
const s = useLobbyApp();
const client = (cookie?: string) => s.client(cookie);

async function lobby(code: string, cookie = '') {
  const res = await s.call('GET', `/lobby/${code}`, cookie);
  return { status: res.statusCode, body: res.json() as LobbyInfo };
}
async function shareLink(broadcastId: string, cookie = '') {
  const res = await s.call('GET', `/sermons/by-broadcast/${broadcastId}`, cookie);
  return { status: res.statusCode, body: res.json() as SermonByBroadcast };
}
/** What the database says now: every process forgets, then reads again. */
async function fromDatabase<T>(read: () => Promise<T>): Promise<T> {
  liveFor(s.t.ctx).publicAnswers.forget(null);
  return read();
}
async function goLive(cookie: string, churchId: string) {
  const res = await s.call('POST', '/sermons', cookie, { churchId, sourceLanguage: 'en' });
  expect(res.statusCode).toBe(201);
  return res.json() as Sermon;
}

describe('GET /lobby/:code and GET /sermons/by-broadcast/:id from memory', () => {
  it('answers from memory until a change is stored, then what the database says', async () => {
    const first = await lobby('grace');
    expect(first.status).toBe(200);
    // Written behind the service's back: the answer kept in memory does not see it...
    await s.t.ctx.db.update(churches).set({ name: 'Written directly' }).where(eq(churches.id, s.cast.church.id));
    expect((await lobby('GRACE')).body).toEqual(first.body);
    // ...a change through the API is seen at once, and is what the database answers.
    expect((await s.call('PATCH', `/churches/${s.cast.church.id}`, s.cast.churchAdmin.cookie, { name: 'Grace Harbour' })).statusCode).toBe(200);
    const changed = await lobby('grace');
    expect(changed.body.church.name).toBe('Grace Harbour');
    expect(await fromDatabase(() => lobby('grace'))).toEqual(changed);
  });

  it('forgets the lobby and the share link when a sermon goes live, pauses, ends or is deleted', async () => {
    expect((await lobby('grace')).body.live).toBeNull();
    const sermon = await goLive(s.cast.staff.cookie, s.cast.church.id);
    const live = await lobby('grace');
    expect(live.body.live).toMatchObject({ sermonId: sermon.id, broadcastId: sermon.broadcastId, sourceLanguage: 'en' });
    expect(live).toEqual(await fromDatabase(() => lobby('grace')));
    const read = await shareLink(sermon.broadcastId);
    expect(read.body.sermon).toMatchObject({ id: sermon.id, status: 'live', churchName: 'Grace Harbour' });
    expect(read).toEqual(await fromDatabase(() => shareLink(sermon.broadcastId)));

    const speaker = await client(s.cast.staff.cookie);
    ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
    ok(await request(speaker, liveEvents.pause, { sermonId: sermon.id, paused: true }));
    expect((await shareLink(sermon.broadcastId)).body.sermon.status).toBe('paused');
    ok(await request(speaker, liveEvents.pause, { sermonId: sermon.id, paused: false }));
    expect((await shareLink(sermon.broadcastId)).body.sermon.status).toBe('live');

    await s.call('POST', `/sermons/${sermon.id}/end`, s.cast.staff.cookie);
    const after = await lobby('grace');
    expect(after.body.live).toBeNull();
    expect(after.body.lastEnded).toMatchObject({ sermonId: sermon.id });
    const ended = await shareLink(sermon.broadcastId);
    expect(ended.body.sermon).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
    expect(ended).toEqual(await fromDatabase(() => shareLink(sermon.broadcastId)));

    expect((await s.call('DELETE', `/sermons/${sermon.id}`, s.cast.churchAdmin.cookie)).statusCode).toBe(204);
    expect((await shareLink(sermon.broadcastId)).status).toBe(404);
    expect((await lobby('grace')).body.lastEnded).toBeNull();
  });

  it('forgets when the church’s settings, languages, schedule or code, or a host’s name change', async () => {
    const id = s.cast.church.id;
    await lobby('grace');
    await s.call('PATCH', `/churches/${id}/live-settings`, s.cast.churchAdmin.cookie, { guestsMayListen: false });
    expect((await lobby('grace')).body.church.guestsAllowed).toBe(false);
    await s.call('PATCH', `/churches/${id}/live-settings`, s.cast.churchAdmin.cookie, { guestsMayListen: true });
    expect((await lobby('grace')).body.church.guestsAllowed).toBe(true);

    const added = await s.call('POST', `/churches/${id}/languages`, s.cast.churchAdmin.cookie, { list: 'join_live', code: 'hi' });
    expect(added.statusCode).toBe(201);
    expect((await lobby('grace')).body.languages.map((l) => l.code)).toContain('hi');
    await s.call('DELETE', `/churches/${id}/languages/${added.json().id}`, s.cast.churchAdmin.cookie);
    expect((await lobby('grace')).body.languages.map((l) => l.code)).not.toContain('hi');

    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    await s.call('POST', '/scheduled-sermons', s.cast.staff.cookie, { churchId: id, title: 'Evening Prayer', startsAt, sourceLanguage: 'en' });
    expect((await lobby('grace')).body.upcoming.map((u) => u.title)).toContain('Evening Prayer');

    const sermon = await goLive(s.cast.staff.cookie, id);
    expect((await shareLink(sermon.broadcastId)).body.sermon.hostName).toBe('Tess Tester');
    await s.call('PATCH', '/me', s.cast.staff.cookie, { firstName: 'Samuel' });
    expect((await shareLink(sermon.broadcastId)).body.sermon.hostName).toBe('Samuel Tester');
    await s.call('POST', `/sermons/${sermon.id}/end`, s.cast.staff.cookie);

    // Another church takes the code this one gave up: the code answers that church, never this one.
    await s.call('PATCH', `/churches/${id}`, s.cast.churchAdmin.cookie, { joinCode: 'GRACE2' });
    expect((await lobby('grace')).status).toBe(404);
    expect((await lobby('grace2')).body.church.id).toBe(id);
    await s.call('PATCH', `/churches/${s.cast.otherChurch.id}`, s.cast.otherAdmin.cookie, { joinCode: 'GRACE' });
    expect((await lobby('grace')).body.church).toMatchObject({ id: s.cast.otherChurch.id, guestsAllowed: false });
    await s.call('PATCH', `/churches/${s.cast.otherChurch.id}`, s.cast.otherAdmin.cookie, { joinCode: 'HOPE7' });
    await s.call('PATCH', `/churches/${id}`, s.cast.churchAdmin.cookie, { joinCode: 'GRACE' });
    expect((await lobby('grace')).body.church.id).toBe(id);
    expect((await lobby('hope7')).body.church.id).toBe(s.cast.otherChurch.id);
  });

  it('a service stops being "next" an hour after its start, also from memory', async () => {
    const [soon] = await s.t.ctx.db.insert(scheduledSermons).values({
      churchId: s.cast.church.id, title: 'Almost over', startsAt: new Date(Date.now() - 60 * 60_000 + 1500), sourceLanguage: 'en', createdById: s.cast.staff.user.id,
    }).returning();
    publicAnswersChanged(s.t.ctx, s.cast.church.id);
    expect((await lobby('grace')).body.upcoming.map((u) => u.id)).toContain(soon!.id);
    await settle(2000);
    expect((await lobby('grace')).body.upcoming.map((u) => u.id)).not.toContain(soon!.id);
  });

  it('shows a church without guests’ live sermon to its own people only, whoever asked first', async () => {
    const sermon = await goLive(s.cast.otherStaff.cookie, s.cast.otherChurch.id);
    const own = await lobby('hope7', s.cast.otherMember.cookie);
    expect(own.body.live?.broadcastId).toBe(sermon.broadcastId);
    for (const cookie of ['', s.cast.member.cookie]) {
      const outsider = await lobby('hope7', cookie);
      expect(outsider.body.live).toBeNull();
      expect(outsider.body.lastEnded).toBeNull();
      expect(outsider.body.church.guestsAllowed).toBe(false);
    }
    expect((await shareLink(sermon.broadcastId, s.cast.otherMember.cookie)).status).toBe(200);
    expect((await shareLink(sermon.broadcastId)).status).toBe(401);
    expect((await shareLink(sermon.broadcastId, s.cast.member.cookie)).status).toBe(404);
    await s.call('POST', `/sermons/${sermon.id}/end`, s.cast.otherStaff.cookie);
  });
});

describe('the lobby push', () => {
  it('carries the share link’s answer: a phone starts on its lobby socket without asking, and its join is counted', async () => {
    const phone = await client();
    ok(await request(phone, lobbyEvents.join, { code: 'grace', languages: ['pt'] }));
    const pushes = record<LobbyLivePayload>(phone, lobbyEvents.live);
    const sermon = await goLive(s.cast.staff.cookie, s.cast.church.id);
    const [push] = await eventually(() => {
      expect(pushes).toHaveLength(1);
      return pushes;
    });
    expect(push!.listen).toEqual((await shareLink(sermon.broadcastId)).body);
    expect(push!.listen!.languages.map((l) => l.code)).toContain('pt');

    const joined = ok(await request<ListenerJoinAck>(phone, liveEvents.listenerJoin, { broadcastId: push!.broadcastId, language: 'pt', voice: 'none', lastSeq: 0 }));
    expect(joined).toMatchObject({ sermonId: sermon.id, language: 'pt', state: { status: 'live' } });
    const captions = record<{ seq: number; language: string }>(phone, liveEvents.caption);
    const speaker = await client(s.cast.staff.cookie);
    ok(await request(speaker, liveEvents.speakerJoin, { sermonId: sermon.id }));
    ok(await request(speaker, liveEvents.segment, { sermonId: sermon.id, seq: 1, text: 'Grace and peace.', final: true }));
    await eventually(() => expect(captions).toMatchObject([{ seq: 1, language: 'pt' }]));

    // The join count is the share link's one figure that moves by itself: read again within a second.
    await liveFor(s.t.ctx).writer.flush();
    await settle(LIVE_COUNT_REFRESH_MS + 100);
    expect((await shareLink(sermon.broadcastId)).body.sermon.listenersJoined).toBe(1);
    await s.call('POST', `/sermons/${sermon.id}/end`, s.cast.staff.cookie);
  });

  it('in a church without guests, carries it to its own people only; a guest who waited gets the bare push', async () => {
    const id = s.cast.otherChurch.id;
    await s.call('PATCH', `/churches/${id}/live-settings`, s.cast.otherAdmin.cookie, { guestsMayListen: true });
    const guest = await client();
    ok(await request(guest, lobbyEvents.join, { code: 'hope7', languages: ['es'] }));
    const outsider = await client(s.cast.member.cookie);
    ok(await request(outsider, lobbyEvents.join, { code: 'hope7', languages: ['es'] }));
    await s.call('PATCH', `/churches/${id}/live-settings`, s.cast.otherAdmin.cookie, { guestsMayListen: false });
    const member = await client(s.cast.otherMember.cookie);
    ok(await request(member, lobbyEvents.join, { code: 'hope7', languages: ['es'] }));
    const seen = [guest, outsider, member].map((socket) => record<LobbyLivePayload>(socket, lobbyEvents.live));

    const sermon = await goLive(s.cast.otherStaff.cookie, id);
    await eventually(() => expect(seen.map((pushes) => pushes.length)).toEqual([1, 1, 1]));
    const [toGuest, toOutsider, toMember] = seen.map((pushes) => pushes[0]!) as [LobbyLivePayload, LobbyLivePayload, LobbyLivePayload];
    expect(toMember.listen).toEqual((await shareLink(sermon.broadcastId, s.cast.otherMember.cookie)).body);
    for (const bare of [toGuest, toOutsider]) {
      expect(bare).toEqual({ sermonId: sermon.id, broadcastId: sermon.broadcastId, startedAt: expect.any(String), sourceLanguage: 'en' });
    }
    // What the guest's page then does: ask, and be told to sign in.
    expect((await shareLink(sermon.broadcastId)).status).toBe(401);
    await s.call('POST', `/sermons/${sermon.id}/end`, s.cast.otherStaff.cookie);
  });
});
