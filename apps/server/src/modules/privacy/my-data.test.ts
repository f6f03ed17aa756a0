import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useCastApp } from '../../../test/helpers/cast-app';
import { followUps, listenerSessions, salvations, sermons, staffDetails, users } from '../../db/schema';
import { encryptPayroll } from '../staff/payroll';

const app = useCastApp();

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('GET /me/export', () => {
  it('downloads everything held about a member in one JSON file', async () => {
    const [s] = await app.t.ctx.db.insert(sermons).values({ broadcastId: 'exporttest', churchId: app.cast.church.id, sourceLanguage: 'en', status: 'ended' }).returning();
    await app.t.ctx.db.insert(listenerSessions).values({ sermonId: s!.id, userId: app.cast.member.user.id, language: 'zh', status: 'inactive' });
    await app.t.ctx.db.update(users).set({ acceptedJesus: true, acceptedJesusAt: new Date() }).where(eq(users.id, app.cast.member.user.id));
    const [decision] = await app.t.ctx.db.insert(salvations).values({ churchId: app.cast.church.id, sermonId: s!.id, userId: app.cast.member.user.id, language: 'zh', consentedAt: new Date() }).returning();
    await app.t.ctx.db.insert(followUps).values({ salvationId: decision!.id, churchId: app.cast.church.id, status: 'contacted', notes: 'Coffee after church' });
    await inject('POST', '/feedback', app.cast.member.cookie, { type: 'Suggestion', comment: 'More Mandarin voices please' });
    await inject('POST', '/me/deletion-request', app.cast.member.cookie, { reason: 'switching_service' });

    const res = await inject('GET', '/me/export', app.cast.member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: app.cast.member.user.id, email: app.cast.member.user.email, firstName: 'Tess' });
    expect(data.profile.passwordHash).toBeUndefined();
    expect(data.sermonsListened).toEqual([expect.objectContaining({ sermonId: s!.id, language: 'zh' })]);
    expect(data.feedback).toEqual([expect.objectContaining({ comment: 'More Mandarin voices please' })]);
    expect(data.deletionRequests).toEqual([expect.objectContaining({ reason: 'switching_service', status: 'pending' })]);
    expect(data.salvation.acceptedJesus).toBe(true);
    // Where the person is signed in (decision 023), without the cookie's hash or a two-step secret.
    expect(data.signIn).toMatchObject({ twoStepEnabledAt: null, sessions: [expect.objectContaining({ browser: null })], browsers: [] });
    expect(JSON.stringify(data.signIn)).not.toMatch(/idHash|secret/i);
    expect(data.salvation.decisions).toEqual([expect.objectContaining({ sermonId: s!.id, followUpStatus: 'contacted', followUpNotes: 'Coffee after church' })]);
    expect(data.auditEntries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'deletion_request.created', byYou: true })]));
    expect(data.staffRecord).toBeNull();
  });

  it('shows a staff member their own payroll record unmasked', async () => {
    await app.t.ctx.db.insert(staffDetails).values({ userId: app.cast.staff.user.id, jobTitle: 'Sound engineer', ...encryptPayroll(app.t.ctx.secrets, { tfnAbn: '123456782' }) })
      .onConflictDoUpdate({ target: staffDetails.userId, set: { jobTitle: 'Sound engineer', ...encryptPayroll(app.t.ctx.secrets, { tfnAbn: '123456782' }) } });
    const data = (await inject('GET', '/me/export', app.cast.staff.cookie)).json();
    expect(data.staffRecord).toMatchObject({ jobTitle: 'Sound engineer', tfnAbn: '123456782' });
    expect(JSON.stringify(data)).not.toContain('tfnAbnEnc');
    const [row] = await app.t.ctx.db.select().from(staffDetails).where(eq(staffDetails.userId, app.cast.staff.user.id));
    expect(row!.tfnAbnEnc).not.toContain('123456782');
  });

  it('needs a signed-in person', async () => {
    expect((await inject('GET', '/me/export', '')).statusCode).toBe(401);
  });
});
