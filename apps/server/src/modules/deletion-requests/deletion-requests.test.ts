import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie, TEST_PASSWORD } from '../../../test/helpers/factories';
import { users } from '../../db/schema';
import { outboxFor } from '../auth/test-outbox';

const app = useCastApp();

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function member(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id, ...overrides });
  return { user, cookie: await sessionCookie(app.t.ctx.db, user.id) };
}

describe('POST /me/deletion-request', () => {
  it('needs a reason, and words when the reason is "other"', async () => {
    const m = await member();
    const none = await inject('POST', '/me/deletion-request', m.cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([expect.objectContaining({ field: 'reason', message: 'Please select a reason' })]);
    const other = await inject('POST', '/me/deletion-request', m.cookie, { reason: 'other', details: ' ' });
    expect(other.json().errors).toEqual([expect.objectContaining({ field: 'details', message: 'Please tell us a little about your reason' })]);
    const unknown = await inject('POST', '/me/deletion-request', m.cookie, { reason: 'bored' });
    expect(unknown.statusCode).toBe(400);
  });

  it('records the request, says by when the data goes, mails the person in their language, and refuses a second (409)', async () => {
    const m = await member({ primaryLanguage: 'mandarin' });
    const res = await inject('POST', '/me/deletion-request', m.cookie, { reason: 'privacy_concerns' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', reason: 'privacy_concerns', userId: m.user.id });
    expect(new Date(body.deleteBy).getTime() - new Date(body.requestedAt).getTime()).toBe(30 * 24 * 60 * 60_000);
    const [mail] = await outboxFor(app.t.config.DATA_DIR, m.user.email);
    expect(mail!.subject).toBe('我们已收到您删除账户的申请');
    const again = await inject('POST', '/me/deletion-request', m.cookie, { reason: 'other', details: 'Really' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('deletion_request_open');
    expect((await inject('GET', '/me/deletion-request', m.cookie)).json().request.id).toBe(body.id);
  });

  it('lets the person cancel while pending, then ask again', async () => {
    const m = await member();
    await inject('POST', '/me/deletion-request', m.cookie, { reason: 'too_many_notifications' });
    const cancelled = await inject('DELETE', '/me/deletion-request', m.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await outboxFor(app.t.config.DATA_DIR, m.user.email, 2)).map((x) => x.subject)).toContain('Your account deletion request was cancelled');
    expect((await inject('DELETE', '/me/deletion-request', m.cookie)).statusCode).toBe(404);
    expect((await inject('POST', '/me/deletion-request', m.cookie, { reason: 'switching_service' })).statusCode).toBe(201);
  });

  it('is not for platform admins (403) nor signed-out visitors (401)', async () => {
    expect((await inject('POST', '/me/deletion-request', app.cast.platformAdmin.cookie, { reason: 'no_longer_needed' })).statusCode).toBe(403);
    expect((await inject('GET', '/me/deletion-request', '')).statusCode).toBe(401);
  });
});

describe('reviewing deletion requests', () => {
  it('approving disables the account and ends the person’s sessions at once', async () => {
    const m = await member();
    const id = (await inject('POST', '/me/deletion-request', m.cookie, { reason: 'no_longer_needed' })).json().id;
    expect((await inject('GET', '/deletion-requests?status=pending', app.cast.churchAdmin.cookie)).json().items.map((r: { id: string }) => r.id)).toContain(id);

    expect((await inject('POST', `/deletion-requests/${id}/approve`, app.cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await inject('POST', `/deletion-requests/${id}/approve`, app.cast.staff.cookie)).statusCode).toBe(403);
    expect((await inject('POST', `/deletion-requests/${id}/approve`, m.cookie)).statusCode).toBe(403);

    const res = await inject('POST', `/deletion-requests/${id}/approve`, app.cast.churchAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approvedAutomatically: false });
    expect((await inject('GET', '/me', m.cookie)).statusCode).toBe(401);
    const login = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: m.user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);
    const [row] = await app.t.ctx.db.select({ status: users.accountStatus }).from(users).where(eq(users.id, m.user.id));
    expect(row!.status).toBe('disabled');
    expect((await outboxFor(app.t.config.DATA_DIR, m.user.email, 2)).map((x) => x.subject)).toContain('Your account has been closed');
    expect((await inject('POST', `/deletion-requests/${id}/reject`, app.cast.churchAdmin.cookie, { reason: 'late' })).statusCode).toBe(409);

    const audit = (await inject('GET', '/audit?action=deletion_request.approved', app.cast.churchAdmin.cookie)).json();
    expect(audit.items).toEqual([expect.objectContaining({ targetId: m.user.id, actorId: app.cast.churchAdmin.user.id })]);
  });

  it('refuses a disabled account even with a session that survived, and sends it no reset code', async () => {
    const m = await member();
    await app.t.ctx.db.update(users).set({ accountStatus: 'disabled' }).where(eq(users.id, m.user.id));
    expect((await inject('GET', '/me', m.cookie)).statusCode).toBe(401);
    const reset = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: m.user.email } });
    expect(reset.statusCode).toBeLessThan(300);
    expect(await outboxFor(app.t.config.DATA_DIR, m.user.email, 1, 300)).toEqual([]);
  });

  it('rejecting needs a reason, which is mailed, and the account stays open', async () => {
    const m = await member({ primaryLanguage: 'spanish' });
    const id = (await inject('POST', '/me/deletion-request', m.cookie, { reason: 'other', details: 'Moving away' })).json().id;
    const noReason = await inject('POST', `/deletion-requests/${id}/reject`, app.cast.platformAdmin.cookie, { reason: '' });
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'reason', message: 'Please give the reason for rejecting this request' })]);
    const res = await inject('POST', `/deletion-requests/${id}/reject`, app.cast.platformAdmin.cookie, { reason: 'Tu tesorería necesita el recibo fiscal primero' });
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Tu tesorería necesita el recibo fiscal primero' });
    const mails = await outboxFor(app.t.config.DATA_DIR, m.user.email, 2);
    expect(mails.at(-1)!.text).toContain('Tu tesorería necesita el recibo fiscal primero');
    expect(mails.at(-1)!.subject).toBe('Tu solicitud de eliminación de cuenta no fue aprobada');
    expect((await inject('GET', '/me', m.cookie)).statusCode).toBe(200);
  });

  it('filters by status and keeps other churches’ requests out of a church admin’s list', async () => {
    const other = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.otherChurch.id });
    await inject('POST', '/me/deletion-request', await sessionCookie(app.t.ctx.db, other.id), { reason: 'no_longer_needed' });
    const mine = (await inject('GET', '/deletion-requests?pageSize=100', app.cast.churchAdmin.cookie)).json();
    expect(mine.items.every((r: { churchId: string }) => r.churchId === app.cast.church.id)).toBe(true);
    const all = (await inject('GET', '/deletion-requests?status=rejected', app.cast.platformAdmin.cookie)).json();
    expect(all.items.every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    expect((await inject('GET', '/deletion-requests?status=weird', app.cast.platformAdmin.cookie)).statusCode).toBe(400);
    expect((await inject('GET', '/deletion-requests', app.cast.member.cookie)).statusCode).toBe(403);
  });
});
