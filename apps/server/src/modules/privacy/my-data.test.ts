import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast } from '../../../test/helpers/factories';
import { followUps, listenerSessions, salvations, sermons, staffDetails, users } from '../../db/schema';
import { encryptPayroll } from '../staff/payroll';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
});
afterAll(async () => { await t.close(); });

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('GET /me/export', () => {
  it('downloads everything held about a member in one JSON file', async () => {
    const [s] = await t.ctx.db.insert(sermons).values({ broadcastId: 'exporttest', churchId: cast.church.id, sourceLanguage: 'en', status: 'ended' }).returning();
    await t.ctx.db.insert(listenerSessions).values({ sermonId: s!.id, userId: cast.member.user.id, language: 'zh', status: 'inactive' });
    await t.ctx.db.update(users).set({ acceptedJesus: true, acceptedJesusAt: new Date() }).where(eq(users.id, cast.member.user.id));
    const [decision] = await t.ctx.db.insert(salvations).values({ churchId: cast.church.id, sermonId: s!.id, userId: cast.member.user.id, language: 'zh', consentedAt: new Date() }).returning();
    await t.ctx.db.insert(followUps).values({ salvationId: decision!.id, churchId: cast.church.id, status: 'contacted', notes: 'Coffee after church' });
    await inject('POST', '/feedback', cast.member.cookie, { type: 'Suggestion', comment: 'More Mandarin voices please' });
    await inject('POST', '/me/deletion-request', cast.member.cookie, { reason: 'switching_service' });

    const res = await inject('GET', '/me/export', cast.member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: cast.member.user.id, email: cast.member.user.email, firstName: 'Tess' });
    expect(data.profile.passwordHash).toBeUndefined();
    expect(data.sermonsListened).toEqual([expect.objectContaining({ sermonId: s!.id, language: 'zh' })]);
    expect(data.feedback).toEqual([expect.objectContaining({ comment: 'More Mandarin voices please' })]);
    expect(data.deletionRequests).toEqual([expect.objectContaining({ reason: 'switching_service', status: 'pending' })]);
    expect(data.salvation.acceptedJesus).toBe(true);
    expect(data.salvation.decisions).toEqual([expect.objectContaining({ sermonId: s!.id, followUpStatus: 'contacted', followUpNotes: 'Coffee after church' })]);
    expect(data.auditEntries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'deletion_request.created', byYou: true })]));
    expect(data.staffRecord).toBeNull();
  });

  it('shows a staff member their own payroll record unmasked', async () => {
    await t.ctx.db.insert(staffDetails).values({ userId: cast.staff.user.id, jobTitle: 'Sound engineer', ...encryptPayroll(t.ctx.secrets, { tfnAbn: '123456782' }) })
      .onConflictDoUpdate({ target: staffDetails.userId, set: { jobTitle: 'Sound engineer', ...encryptPayroll(t.ctx.secrets, { tfnAbn: '123456782' }) } });
    const data = (await inject('GET', '/me/export', cast.staff.cookie)).json();
    expect(data.staffRecord).toMatchObject({ jobTitle: 'Sound engineer', tfnAbn: '123456782' });
    expect(JSON.stringify(data)).not.toContain('tfnAbnEnc');
    const [row] = await t.ctx.db.select().from(staffDetails).where(eq(staffDetails.userId, cast.staff.user.id));
    expect(row!.tfnAbnEnc).not.toContain('123456782');
  });

  it('needs a signed-in person', async () => {
    expect((await inject('GET', '/me/export', '')).statusCode).toBe(401);
  });
});
