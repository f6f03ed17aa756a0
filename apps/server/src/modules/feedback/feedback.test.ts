import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast } from '../../../test/helpers/factories';
import { sermons, users } from '../../db/schema';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let sermonId: string;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  await t.ctx.db.update(users).set({ firstName: 'Marta', suburb: 'Parramatta', faithLevel: 'opentofaith', primaryLanguage: 'portuguese' }).where(eq(users.id, cast.member.user.id));
  const [s] = await t.ctx.db.insert(sermons).values({ broadcastId: 'fbtest0001', churchId: cast.church.id, hostId: cast.staff.user.id, sourceLanguage: 'en', status: 'ended' }).returning();
  sermonId = s!.id;
});
afterAll(async () => { await t.close(); });

const post = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/feedback', headers: { cookie }, payload: payload as object });
const get = (url: string, cookie: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

describe('POST /feedback', () => {
  it('answers each broken rule with the spec’s message', async () => {
    const noType = await post(cast.member.cookie, { comment: 'Loud and clear' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toEqual([expect.objectContaining({ field: 'type', message: 'Please select feedback type' })]);
    const noComment = await post(cast.member.cookie, { type: 'Complaint', comment: '   ' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors).toEqual([expect.objectContaining({ field: 'comment', message: 'Please enter your comment' })]);
    const badQuality = await post(cast.member.cookie, { type: 'Complaint', comment: 'x', audioQuality: 'Great' });
    expect(badQuality.json().errors).toEqual([expect.objectContaining({ field: 'audioQuality' })]);
  });

  it('refuses a visitor who is not signed in', async () => {
    expect((await post('', { type: 'Suggestion', comment: 'Hi' })).statusCode).toBe(401);
  });

  it('records the person, their church, and the sermon and listening language from the listener screen', async () => {
    const res = await post(cast.member.cookie, { type: 'GeneralFeedback', audioQuality: 'Good', comment: 'Clear translation', sermonId, language: 'pt' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'GeneralFeedback', audioQuality: 'Good', comment: 'Clear translation', sermonId, language: 'pt',
      churchId: cast.church.id, userName: 'Marta Tester', userEmail: cast.member.user.email, userSuburb: 'Parramatta',
      userFaithLevel: 'opentofaith', userLanguage: 'portuguese',
    });
  });
});

describe('feedback for admins', () => {
  let id: string;
  beforeAll(async () => {
    id = (await post(cast.member.cookie, { type: 'Complaint', audioQuality: 'Poor', comment: 'Voice kept cutting out' })).json().id;
    await post(cast.otherMember.cookie, { type: 'Suggestion', comment: 'Elsewhere' });
  });

  it('lets the church admin read their church’s feedback and filter it', async () => {
    const all = (await get('/api/v1/feedback', cast.churchAdmin.cookie)).json();
    expect(all.items.map((f: { comment: string }) => f.comment).sort()).toEqual(['Clear translation', 'Voice kept cutting out']);
    const poor = (await get('/api/v1/feedback?audioQuality=Poor&type=Complaint', cast.churchAdmin.cookie)).json();
    expect(poor.items.map((f: { id: string }) => f.id)).toEqual([id]);
    expect((await get(`/api/v1/feedback?sermonId=${sermonId}&language=pt`, cast.churchAdmin.cookie)).json().total).toBe(1);
    expect((await get('/api/v1/feedback?from=2000-01-01&to=2000-02-01', cast.churchAdmin.cookie)).json().total).toBe(0);
    expect((await get('/api/v1/feedback?q=cutting', cast.churchAdmin.cookie)).json().total).toBe(1);
  });

  it('hides another church’s feedback from a church admin (404) and shows every church to a platform admin', async () => {
    expect((await get(`/api/v1/feedback/${id}`, cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/feedback/${id}`, headers: { cookie: cast.otherAdmin.cookie } })).statusCode).toBe(404);
    expect((await get('/api/v1/feedback', cast.otherAdmin.cookie)).json().items.map((f: { comment: string }) => f.comment)).toEqual(['Elsewhere']);
    expect((await get('/api/v1/feedback', cast.platformAdmin.cookie)).json().total).toBe(3);
    expect((await get(`/api/v1/feedback?churchId=${cast.otherChurch.id}`, cast.platformAdmin.cookie)).json().total).toBe(1);
  });

  it('refuses members and staff the list (403)', async () => {
    expect((await get('/api/v1/feedback', cast.member.cookie)).statusCode).toBe(403);
    expect((await get('/api/v1/feedback', cast.staff.cookie)).statusCode).toBe(403);
  });

  it('exports the same query as CSV', async () => {
    const res = await get('/api/v1/feedback/export.csv?type=Complaint', cast.churchAdmin.cookie);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Voice kept cutting out');
    expect(res.body).not.toContain('Clear translation');
  });

  it('reads one, then deletes it with an audit entry', async () => {
    expect((await get(`/api/v1/feedback/${id}`, cast.churchAdmin.cookie)).json().comment).toBe('Voice kept cutting out');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/feedback/${id}`, headers: { cookie: cast.churchAdmin.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/v1/feedback/${id}`, cast.churchAdmin.cookie)).statusCode).toBe(404);
    const audit = (await get('/api/v1/audit?action=feedback.deleted', cast.churchAdmin.cookie)).json();
    expect(audit.items).toEqual([expect.objectContaining({ targetId: id, actorId: cast.churchAdmin.user.id })]);
  });
});
