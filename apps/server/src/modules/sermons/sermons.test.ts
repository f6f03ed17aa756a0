import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sermon } from '@app/shared';
import { buildCast, buildChurch, buildUser, sessionCookie } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { auditLog, churches, listenerSessions, segmentTranslations, sermons, transcriptSegments } from '../../db/schema';
import { addChurchLanguages } from '../../../test/helpers/live-kit';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  await addChurchLanguages(t.ctx.db, cast.church.id);
  await addChurchLanguages(t.ctx.db, cast.otherChurch.id);
});
afterAll(async () => t.close());

const goLive = (cookie: string | undefined, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sermons', headers: cookie ? { cookie } : {}, payload: body });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string) => t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const del = (url: string, cookie?: string) => t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

async function startSermon(cookie = cast.staff.cookie, churchId = cast.church.id): Promise<Sermon> {
  const res = await goLive(cookie, { churchId, sourceLanguage: 'en' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('API description', () => {
  it('documents every sermon route in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const route of ['/api/v1/sermons', '/api/v1/sermons/{id}', '/api/v1/sermons/{id}/end', '/api/v1/sermons/mine',
      '/api/v1/sermons/by-broadcast/{broadcastId}', '/api/v1/sermons/{id}/transcript', '/api/v1/sermons/{id}/listeners',
      '/api/v1/sermons/{id}/audio/{seq}/{lang}/{file}']) {
      expect(doc.paths[route], route).toBeDefined();
    }
  });
});

describe('going live (POST /sermons)', () => {
  it('refuses a signed-out visitor with 401', async () => {
    expect((await goLive(undefined, { churchId: cast.church.id, sourceLanguage: 'en' })).statusCode).toBe(401);
  });

  it('refuses a member who tries to go live', async () => {
    const res = await goLive(cast.member.cookie, { churchId: cast.church.id, sourceLanguage: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a platform admin: going live belongs to a church', async () => {
    expect((await goLive(cast.platformAdmin.cookie, { churchId: cast.church.id, sourceLanguage: 'en' })).statusCode).toBe(403);
  });

  it("answers 404 for another church's id", async () => {
    const res = await goLive(cast.staff.cookie, { churchId: cast.otherChurch.id, sourceLanguage: 'en' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a spoken language outside the church’s go-live list, naming the field', async () => {
    const res = await goLive(cast.staff.cookie, { churchId: cast.church.id, sourceLanguage: 'pt' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'sourceLanguage', key: 'validation.invalidChoice' })]);
  });

  it('refuses a malformed body with one error per field', async () => {
    const res = await goLive(cast.staff.cookie, { churchId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['churchId', 'sourceLanguage']);
  });

  it('lets staff go live: 201 with status live and a fresh share id', async () => {
    const a = await startSermon();
    const b = await startSermon(cast.churchAdmin.cookie);
    expect(a).toMatchObject({ status: 'live', churchId: cast.church.id, hostId: cast.staff.user.id, hostName: 'Tess Tester', sourceLanguage: 'en', endedAt: null, listenersJoined: 0 });
    expect(a.broadcastId).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(b.broadcastId).not.toBe(a.broadcastId);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, a.id));
    expect(entry).toMatchObject({ actorId: cast.staff.user.id, action: 'sermon.go_live' });
  });

  it('refuses with stream_limit_reached when the week’s minutes are used up', async () => {
    const church = await buildChurch(t.ctx.db, { weeklyStreamLimitMinutes: 10 });
    await addChurchLanguages(t.ctx.db, church.id);
    const staff = await buildUser(t.ctx.db, 'staff', { churchId: church.id });
    const cookie = await sessionCookie(t.ctx.db, staff.id);
    await t.ctx.db.insert(sermons).values({
      broadcastId: 'USEDUP2345', churchId: church.id, hostId: staff.id, sourceLanguage: 'en', status: 'ended',
      startedAt: new Date(Date.now() - 60_000), endedAt: new Date(), chargedSeconds: 600, durationSeconds: 600,
    });
    const res = await goLive(cookie, { churchId: church.id, sourceLanguage: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'stream_limit_reached' });
    expect(res.json().detail).toMatch(/used all 10 streaming minutes for this week/);
  });

  it('refuses a church whose weekly limit is zero', async () => {
    const church = await buildChurch(t.ctx.db, { weeklyStreamLimitMinutes: 0 });
    await addChurchLanguages(t.ctx.db, church.id);
    const admin = await buildUser(t.ctx.db, 'church_admin', { churchId: church.id });
    const res = await goLive(await sessionCookie(t.ctx.db, admin.id), { churchId: church.id, sourceLanguage: 'en' });
    expect(res.json().code).toBe('stream_limit_reached');
  });
});

describe('reading sermons', () => {
  let sermon: Sermon;
  beforeAll(async () => { sermon = await startSermon(); });

  it('shows a member their church’s live sermons', async () => {
    const res = await get('/api/v1/sermons?status=live', cast.member.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20 });
    expect(body.items.map((s: Sermon) => s.id)).toContain(sermon.id);
    expect(body.items.every((s: Sermon) => s.status !== 'ended' && s.churchId === cast.church.id)).toBe(true);
  });

  it('shows another church’s member nothing of it', async () => {
    const res = await get('/api/v1/sermons?status=live', cast.otherMember.cookie);
    expect(res.json().items.map((s: Sermon) => s.id)).not.toContain(sermon.id);
    expect((await get(`/api/v1/sermons?churchId=${cast.church.id}`, cast.otherMember.cookie)).statusCode).toBe(404);
    expect((await get(`/api/v1/sermons/${sermon.id}`, cast.otherMember.cookie)).statusCode).toBe(404);
  });

  it('lets a platform admin filter any church', async () => {
    const res = await get(`/api/v1/sermons?status=live&churchId=${cast.church.id}`, cast.platformAdmin.cookie);
    expect(res.json().items.map((s: Sermon) => s.id)).toContain(sermon.id);
    const other = await get(`/api/v1/sermons?churchId=${cast.otherChurch.id}`, cast.platformAdmin.cookie);
    expect(other.json().items.map((s: Sermon) => s.id)).not.toContain(sermon.id);
  });

  it('answers one sermon to its church and 401 to a signed-out visitor', async () => {
    expect((await get(`/api/v1/sermons/${sermon.id}`, cast.member.cookie)).json()).toMatchObject({ id: sermon.id, status: 'live' });
    expect((await get(`/api/v1/sermons/${sermon.id}`)).statusCode).toBe(401);
    expect((await get('/api/v1/sermons')).statusCode).toBe(401);
  });

  it('rejects a bad status filter', async () => {
    expect((await get('/api/v1/sermons?status=maybe', cast.member.cookie)).statusCode).toBe(400);
  });
});

describe('ending and deleting', () => {
  it('lets only the speaker or an admin end a sermon', async () => {
    const sermon = await startSermon();
    const otherStaff = await buildUser(t.ctx.db, 'staff', { churchId: cast.church.id });
    expect((await post(`/api/v1/sermons/${sermon.id}/end`)).statusCode).toBe(401);
    expect((await post(`/api/v1/sermons/${sermon.id}/end`, cast.member.cookie)).statusCode).toBe(403);
    expect((await post(`/api/v1/sermons/${sermon.id}/end`, await sessionCookie(t.ctx.db, otherStaff.id))).statusCode).toBe(403);
    expect((await post(`/api/v1/sermons/${sermon.id}/end`, cast.otherAdmin.cookie)).statusCode).toBe(404);

    const res = await post(`/api/v1/sermons/${sermon.id}/end`, cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ended', durationSeconds: expect.any(Number) });
    expect(res.json().endedAt).not.toBeNull();
    const [row] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, sermon.id));
    expect(row!.endReason).toBe('ended_by_admin');

    const live = await get('/api/v1/sermons?status=live', cast.member.cookie);
    expect(live.json().items.map((s: Sermon) => s.id)).not.toContain(sermon.id);
    const ended = await get('/api/v1/sermons?status=ended', cast.member.cookie);
    expect(ended.json().items.map((s: Sermon) => s.id)).toContain(sermon.id);
  });

  it('lets the speaker stop their own sermon, and answers a second stop unchanged', async () => {
    const sermon = await startSermon();
    const first = await post(`/api/v1/sermons/${sermon.id}/end`, cast.staff.cookie);
    expect(first.json().status).toBe('ended');
    const again = await post(`/api/v1/sermons/${sermon.id}/end`, cast.staff.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().endedAt).toBe(first.json().endedAt);
    const [row] = await t.ctx.db.select().from(sermons).where(eq(sermons.id, sermon.id));
    expect(row!.endReason).toBe('stopped');
  });

  it('lets a platform admin end any church’s sermon', async () => {
    const sermon = await startSermon();
    expect((await post(`/api/v1/sermons/${sermon.id}/end`, cast.platformAdmin.cookie)).json().status).toBe('ended');
  });

  it('deletes only ended sermons, only for admins of that church', async () => {
    const sermon = await startSermon();
    expect((await del(`/api/v1/sermons/${sermon.id}`, cast.churchAdmin.cookie)).statusCode).toBe(409);
    await post(`/api/v1/sermons/${sermon.id}/end`, cast.staff.cookie);
    expect((await del(`/api/v1/sermons/${sermon.id}`)).statusCode).toBe(401);
    expect((await del(`/api/v1/sermons/${sermon.id}`, cast.staff.cookie)).statusCode).toBe(403);
    expect((await del(`/api/v1/sermons/${sermon.id}`, cast.member.cookie)).statusCode).toBe(403);
    expect((await del(`/api/v1/sermons/${sermon.id}`, cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await del(`/api/v1/sermons/${sermon.id}`, cast.churchAdmin.cookie)).statusCode).toBe(204);
    expect((await get(`/api/v1/sermons/${sermon.id}`, cast.churchAdmin.cookie)).statusCode).toBe(404);
    const actions = await t.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, sermon.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['sermon.delete', 'sermon.end', 'sermon.go_live']);
  });
});

describe('share link (GET /sermons/by-broadcast/:id)', () => {
  it('is public when the church allows guests, with the join-live languages and the spoken one', async () => {
    const sermon = await startSermon();
    const res = await get(`/api/v1/sermons/by-broadcast/${sermon.broadcastId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sermon: { id: sermon.id, status: 'live' }, hasSpeechKey: false, guestsMayListen: true, translator: 'demo' });
    expect(body.languages.map((l: { code: string }) => l.code)).toEqual(['en', 'pt', 'es', 'id', 'zh-Hans', 'ar']);
    expect(body.languages.find((l: { code: string }) => l.code === 'ar')).toMatchObject({ rtl: true, nativeName: 'العربية', voices: [] });
  });

  it('needs a sign-in of that church when guests may not listen', async () => {
    const church = await buildChurch(t.ctx.db, { guestsMayListen: false });
    await addChurchLanguages(t.ctx.db, church.id);
    const staff = await buildUser(t.ctx.db, 'staff', { churchId: church.id });
    const member = await buildUser(t.ctx.db, 'member', { churchId: church.id });
    const sermon = await startSermon(await sessionCookie(t.ctx.db, staff.id), church.id);
    const url = `/api/v1/sermons/by-broadcast/${sermon.broadcastId}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, cast.otherMember.cookie)).statusCode).toBe(404);
    expect((await get(url, await sessionCookie(t.ctx.db, member.id))).json().guestsMayListen).toBe(false);
  });

  it('answers 404 for an unknown share id', async () => {
    expect((await get('/api/v1/sermons/by-broadcast/NOSUCH2345')).statusCode).toBe(404);
  });
});

describe('listeners, history and transcripts', () => {
  let sermon: typeof sermons.$inferSelect;
  beforeAll(async () => {
    const startedAt = new Date(Date.now() - 3_600_000);
    [sermon] = await t.ctx.db.insert(sermons).values({
      broadcastId: 'ENDED23456', churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', status: 'ended',
      startedAt, endedAt: new Date(startedAt.getTime() + 600_000), durationSeconds: 600, chargedSeconds: 600, listenersJoined: 2,
    }).returning() as [typeof sermons.$inferSelect];
    const segs = await t.ctx.db.insert(transcriptSegments).values([
      { sermonId: sermon.id, seq: 1, sourceLanguage: 'en', text: 'Grace and peace to you.' },
      { sermonId: sermon.id, seq: 2, sourceLanguage: 'en', text: 'Let us pray.' },
    ]).returning();
    await t.ctx.db.insert(segmentTranslations).values([
      { segmentId: segs[0]!.id, language: 'es', text: 'Gracia y paz a vosotros.', provider: 'azure' },
      { segmentId: segs[1]!.id, language: 'es', text: 'Oremos.', provider: 'azure' },
    ]);
    await t.ctx.db.insert(listenerSessions).values([
      { sermonId: sermon.id, userId: cast.member.user.id, language: 'es', startedAt, endedAt: new Date(startedAt.getTime() + 300_000), durationSeconds: 300, status: 'inactive' },
      { sermonId: sermon.id, userId: null, language: 'pt', startedAt, status: 'inactive' },
    ]);
  });

  it('lists who listened to admins and staff of the church only', async () => {
    expect((await get(`/api/v1/sermons/${sermon.id}/listeners`)).statusCode).toBe(401);
    expect((await get(`/api/v1/sermons/${sermon.id}/listeners`, cast.member.cookie)).statusCode).toBe(403);
    expect((await get(`/api/v1/sermons/${sermon.id}/listeners`, cast.otherAdmin.cookie)).statusCode).toBe(404);
    const res = await get(`/api/v1/sermons/${sermon.id}/listeners`, cast.staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().items).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: cast.member.user.id, name: 'Tess Tester', email: cast.member.user.email, isGuest: false, language: 'es', durationSeconds: 300, status: 'inactive' }),
      expect.objectContaining({ userId: null, name: null, isGuest: true, language: 'pt' }),
    ]));
    expect((await get(`/api/v1/sermons/${sermon.id}/listeners`, cast.platformAdmin.cookie)).statusCode).toBe(200);
  });

  it("lists a member's own previous sessions", async () => {
    const res = await get('/api/v1/sermons/mine', cast.member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ sermonId: sermon.id, broadcastId: 'ENDED23456', language: 'es', sermonStatus: 'ended', hostName: 'Tess Tester', durationSeconds: 300 })]);
    expect((await get('/api/v1/sermons/mine', cast.otherMember.cookie)).json().items).toEqual([]);
    expect((await get('/api/v1/sermons/mine')).statusCode).toBe(401);
  });

  it('reads the stored transcript in a language', async () => {
    const res = await get(`/api/v1/sermons/${sermon.id}/transcript?lang=es`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sermonId: sermon.id, language: 'es', status: 'ended' });
    expect(res.json().captions.map((c: { seq: number; text: string; provider: string }) => [c.seq, c.text, c.provider]))
      .toEqual([[1, 'Gracia y paz a vosotros.', 'azure'], [2, 'Oremos.', 'azure']]);
    const after = await get(`/api/v1/sermons/${sermon.id}/transcript?lang=es&afterSeq=1`);
    expect(after.json().captions.map((c: { seq: number }) => c.seq)).toEqual([2]);
    const source = await get(`/api/v1/sermons/${sermon.id}/transcript?lang=en`);
    expect(source.json().captions[0]).toMatchObject({ text: 'Grace and peace to you.', provider: 'source' });
  });

  it('translates a language nobody listened to when its transcript is first read, and keeps it', async () => {
    const res = await get(`/api/v1/sermons/${sermon.id}/transcript?lang=pt`);
    expect(res.json().captions.map((c: { provider: string }) => c.provider)).toEqual(['demo', 'demo']);
    expect(res.json().captions[1].text).toContain('Let us pray.');
    await t.ctx.db.select().from(segmentTranslations); // the write queue flushes within ~100 ms
    await new Promise((r) => setTimeout(r, 300));
    const stored = await t.ctx.db.select().from(segmentTranslations).where(eq(segmentTranslations.language, 'pt'));
    expect(stored).toHaveLength(2);
  });

  it('refuses a language the church does not offer', async () => {
    const res = await get(`/api/v1/sermons/${sermon.id}/transcript?lang=hi`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('lang');
  });

  it('keeps transcripts of a guest-free church to its own people', async () => {
    await t.ctx.db.update(churches).set({ guestsMayListen: false }).where(eq(churches.id, cast.church.id));
    try {
      expect((await get(`/api/v1/sermons/${sermon.id}/transcript?lang=es`)).statusCode).toBe(401);
      expect((await get(`/api/v1/sermons/${sermon.id}/transcript?lang=es`, cast.otherMember.cookie)).statusCode).toBe(404);
      expect((await get(`/api/v1/sermons/${sermon.id}/transcript?lang=es`, cast.member.cookie)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.update(churches).set({ guestsMayListen: true }).where(eq(churches.id, cast.church.id));
    }
  });

  it('has no voice clip for a church without a speech key', async () => {
    const res = await get(`/api/v1/sermons/${sermon.id}/audio/1/es/female.mp3`);
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/v1/sermons/${sermon.id}/audio/1/es/robot.mp3`)).statusCode).toBe(400);
  });
});
