import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser } from '../../../test/helpers/factories';
import { outboxFor } from '../auth/test-outbox';

const app = useCastApp();
const { call } = app;

let n = 0;
const newPerson = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Lucas', lastName: 'Pereira', email: `lucas.${++n}.${Date.now()}@example.com`, phone: '0412345678',
  suburb: 'Parramatta', churchId: app.cast.church.id, password: 'quiet-harbour7', ...overrides,
});

describe('POST /users', () => {
  it('answers every broken rule of spec section 5 at once, one error per field', async () => {
    const res = await call('POST', '/users', app.cast.churchAdmin.cookie, {
      firstName: 'Al2', lastName: '', email: 'not-an-email', phone: '12345', suburb: 'Sydney 2000!', password: '123',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Array<{ field: string; key: string }>;
    expect(Object.fromEntries(errors.map((e) => [e.field, e.key]))).toEqual({
      firstName: 'validation.nameChars',
      lastName: 'validation.lastNameRequired',
      email: 'validation.emailInvalid',
      phone: 'validation.phoneExactly10',
      suburb: 'validation.suburbLettersOnly',
      churchId: 'validation.churchRequired',
      password: 'validation.passwordMin',
    });
  });

  it('adds a member with a password, who can then sign in, and audits it', async () => {
    const body = newPerson({ faithLevel: 'opentofaith', primaryLanguage: 'portuguese', acceptedJesus: true, acceptedJesusAt: '2026-03-01' });
    const res = await call('POST', '/users', app.cast.staff.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const person = res.json();
    expect(person).toMatchObject({ firstName: 'Lucas', role: 'member', status: 'active', churchId: app.cast.church.id, faithLevel: 'opentofaith', acceptedJesus: true });
    expect(person.acceptedJesusAt).toMatch(/^2026-03-01/);
    const login = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: 'quiet-harbour7' } });
    expect(login.statusCode).toBe(200);
    const audit = await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, person.id));
    expect(audit.map((a) => a.action)).toContain('person.created');
    const [mail] = await outboxFor(app.t.config.DATA_DIR, body.email);
    expect(mail?.subject).toMatch(/Sua conta/);
  });

  it('invites a person to set their own password through an emailed link in their language', async () => {
    const body = newPerson({ password: undefined, invite: true, primaryLanguage: 'spanish' });
    const res = await call('POST', '/users', app.cast.churchAdmin.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('invited');
    const [mail] = await outboxFor(app.t.config.DATA_DIR, body.email);
    expect(mail?.text).toMatch(/Elige tu contraseña/);
    const token = decodeURIComponent(mail!.text.match(/set-password\?token=([^\s]+)/)![1]!);
    const accept = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/invitation', payload: { token, password: 'mine123', confirmPassword: 'mine123' } });
    expect(accept.statusCode).toBe(204);
    const again = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/invitation', payload: { token, password: 'mine123', confirmPassword: 'mine123' } });
    expect(again.json().code).toBe('invalid_invitation');
    const login = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: 'mine123' } });
    expect(login.statusCode).toBe(200);
  });

  it('answers 409 for an email already registered in another letter case', async () => {
    const res = await call('POST', '/users', app.cast.churchAdmin.cookie, newPerson({ email: app.cast.member.user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it('keeps staff and church admins to their own church, and staff from adding staff', async () => {
    const other = await call('POST', '/users', app.cast.churchAdmin.cookie, newPerson({ churchId: app.cast.otherChurch.id }));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([expect.objectContaining({ field: 'churchId' })]);
    expect((await call('POST', '/users', app.cast.staff.cookie, newPerson({ role: 'staff' }))).statusCode).toBe(403);
    expect((await call('POST', '/users', app.cast.member.cookie, newPerson())).statusCode).toBe(403);
  });
});

describe('GET, PATCH, DELETE /users/:id', () => {
  it('answers 404 for another church’s person, for admins and staff alike', async () => {
    for (const who of [app.cast.churchAdmin, app.cast.staff]) {
      expect((await call('GET', `/users/${app.cast.otherMember.user.id}`, who.cookie)).statusCode).toBe(404);
      expect((await call('PATCH', `/users/${app.cast.otherMember.user.id}`, who.cookie, { suburb: 'Ryde' })).statusCode).toBe(404);
    }
    expect((await call('DELETE', `/users/${app.cast.otherMember.user.id}`, app.cast.churchAdmin.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/users/${app.cast.otherMember.user.id}`, app.cast.platformAdmin.cookie)).statusCode).toBe(200);
  });

  it('lets a member read only themselves', async () => {
    expect((await call('GET', `/users/${app.cast.member.user.id}`, app.cast.member.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/users/${app.cast.staff.user.id}`, app.cast.member.cookie)).statusCode).toBe(404);
  });

  it('lets staff edit a member but not change roles or delete', async () => {
    const member = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id });
    const edit = await call('PATCH', `/users/${member.id}`, app.cast.staff.cookie, { suburb: 'Blacktown', faithLevel: 'strongfaith', referralSource: 'flyer_poster' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ suburb: 'Blacktown', faithLevel: 'strongfaith', referralSource: 'flyer_poster' });
    expect((await call('PATCH', `/users/${member.id}`, app.cast.staff.cookie, { role: 'staff' })).statusCode).toBe(403);
    expect((await call('DELETE', `/users/${member.id}`, app.cast.staff.cookie)).statusCode).toBe(403);
    expect((await call('PATCH', `/users/${app.cast.churchAdmin.user.id}`, app.cast.staff.cookie, { suburb: 'Ryde' })).statusCode).toBe(403);
  });

  it('lets a church admin promote a member to staff and back, audited as a role change', async () => {
    const member = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id });
    const up = await call('PATCH', `/users/${member.id}`, app.cast.churchAdmin.cookie, { role: 'staff' });
    expect(up.json().role).toBe('staff');
    const down = await call('PATCH', `/users/${member.id}`, app.cast.churchAdmin.cookie, { role: 'member' });
    expect(down.json().role).toBe('member');
    const audit = await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(audit.filter((a) => a.action === 'person.role_changed').map((a) => a.details)).toEqual([
      { from: 'member', to: 'staff' }, { from: 'staff', to: 'member' },
    ]);
    expect((await call('PATCH', `/users/${app.cast.churchAdmin.user.id}`, app.cast.churchAdmin.cookie, { role: 'member' })).statusCode).toBe(403);
  });

  it('sets who referred a person by their referral code, and refuses an unknown code', async () => {
    const member = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id });
    const ok = await call('PATCH', `/users/${member.id}`, app.cast.churchAdmin.cookie, { referredByCode: app.cast.staff.user.referralCode });
    expect(ok.json()).toMatchObject({ referredById: app.cast.staff.user.id, referredByName: 'Tess Tester' });
    const bad = await call('PATCH', `/users/${member.id}`, app.cast.churchAdmin.cookie, { referredByCode: 'ZZZZ9999' });
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'referredByCode' })]);
  });

  it('deletes a person for a church admin, never themselves, and audits without their name', async () => {
    const member = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id, firstName: 'Gone' });
    expect((await call('DELETE', `/users/${member.id}`, app.cast.churchAdmin.cookie)).statusCode).toBe(204);
    expect(await app.t.ctx.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    const [entry] = await app.t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(entry).toMatchObject({ action: 'person.deleted', actorId: app.cast.churchAdmin.user.id, churchId: app.cast.church.id });
    expect(JSON.stringify(entry?.details)).not.toContain('Gone');
    expect((await call('DELETE', `/users/${app.cast.churchAdmin.user.id}`, app.cast.churchAdmin.cookie)).statusCode).toBe(403);
  });
});

describe('signup names', () => {
  it('takes the referrer’s code as `referralCode`, as signup does, and checks confirmPassword', async () => {
    const res = await call('POST', '/users', app.cast.churchAdmin.cookie, newPerson({ referralCode: app.cast.staff.user.referralCode, confirmPassword: 'quiet-harbour7' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().referredById).toBe(app.cast.staff.user.id);
    const mismatch = await call('POST', '/users', app.cast.churchAdmin.cookie, newPerson({ confirmPassword: 'other1' }));
    expect(mismatch.json().errors).toEqual([expect.objectContaining({ field: 'confirmPassword', key: 'validation.passwordsDoNotMatch' })]);
  });
});
