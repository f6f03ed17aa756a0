import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildChurch, buildUser, sessionCookie, TEST_PASSWORD } from '../../../test/helpers/factories';
import { staffDetails, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function signedIn(role: Parameters<typeof buildUser>[1] = 'member', overrides: Parameters<typeof buildUser>[2] = {}) {
  const church = await buildChurch(t.ctx.db, { name: 'Riverside Church' });
  const user = await buildUser(t.ctx.db, role, { churchId: role === 'platform_admin' ? null : church.id, ...overrides });
  return { user, church, cookie: await sessionCookie(t.ctx.db, user.id) };
}

const patch = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: { cookie }, payload });

describe('GET /me', () => {
  it('answers the signed-in person with their church name', async () => {
    const { user, church, cookie } = await signedIn('member', { dateOfBirth: '1991-02-03', gender: 'male', primaryLanguage: 'spanish' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id, email: user.email, firstName: 'Tess', lastName: 'Tester', role: 'member', churchId: church.id,
      churchName: 'Riverside Church', phone: '0400000000', suburb: 'Sydney', address: null, dateOfBirth: '1991-02-03',
      gender: 'male', primaryLanguage: 'spanish', faithLevel: null, referralCode: user.referralCode, photoUrl: null,
      acceptedJesus: false, acceptedJesusAt: null, workEmail: null, linkedinUrl: null,
    });
  });

  it('answers a platform admin without a church', async () => {
    const { cookie } = await signedIn('platform_admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(res.json()).toMatchObject({ role: 'platform_admin', churchId: null, churchName: null });
  });
});

describe('PATCH /me', () => {
  it('changes only the fields sent', async () => {
    const { user, cookie } = await signedIn();
    const res = await patch(cookie, {
      firstName: 'Teresa', lastName: 'Tan', phone: '04123456789', suburb: 'Newtown', address: '5 King St',
      dateOfBirth: '1988-07-09', gender: 'female', primaryLanguage: 'indonesian', faithLevel: 'strongfaith',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Teresa', lastName: 'Tan', phone: '04123456789', suburb: 'Newtown', address: '5 King St', email: user.email,
      dateOfBirth: '1988-07-09', gender: 'female', primaryLanguage: 'indonesian', faithLevel: 'strongfaith',
    });
    const again = await patch(cookie, { suburb: 'Glebe' });
    expect(again.json()).toMatchObject({ firstName: 'Teresa', suburb: 'Glebe', address: '5 King St' });
  });

  it('clears optional fields sent empty or null', async () => {
    const { cookie } = await signedIn('member', { address: '1 Old Rd', gender: 'male', dateOfBirth: '1990-01-01' });
    const res = await patch(cookie, { address: '', gender: null, dateOfBirth: '' });
    expect(res.json()).toMatchObject({ address: null, gender: null, dateOfBirth: null });
  });

  it('validates formats field by field', async () => {
    const { cookie } = await signedIn('staff');
    const res = await patch(cookie, {
      firstName: 'T1', lastName: '', email: 'nope', phone: '12ab', suburb: '', dateOfBirth: '2099-01-01',
      gender: 'robot', workEmail: 'work@', linkedinUrl: 'https://example.com/me',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().errors.map((e: { field: string; key: string }) => [e.field, e.key]));
    expect(byField).toEqual({
      firstName: 'validation.nameChars', lastName: 'validation.required', email: 'validation.emailInvalid',
      phone: 'validation.phoneDigitsOnly', suburb: 'validation.suburbRequired', dateOfBirth: 'validation.dateOfBirthInvalid',
      gender: 'validation.invalidChoice', workEmail: 'validation.emailInvalid', linkedinUrl: 'validation.linkedinInvalid',
    });
  });

  it('refuses a date of birth under 13', async () => {
    const { cookie } = await signedIn();
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() - 10);
    const res = await patch(cookie, { dateOfBirth: d.toISOString().slice(0, 10) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'dateOfBirth', key: 'validation.tooYoung' });
  });

  it('changes the email, refusing one taken in any letter case with 409', async () => {
    await buildUser(t.ctx.db, 'member', { email: 'someone.else@example.com' });
    const { user, cookie } = await signedIn();
    const taken = await patch(cookie, { email: 'Someone.Else@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken', detail: 'This email is already registered. Please use a different email.' });
    const own = await patch(cookie, { email: user.email.toUpperCase() });
    expect(own.statusCode).toBe(200);
    const changed = await patch(cookie, { email: 'New.Address@Example.com' });
    expect(changed.json().email).toBe('new.address@example.com');
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'new.address@example.com', password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('stores work email and LinkedIn for staff roles in their staff record', async () => {
    for (const role of ['staff', 'church_admin', 'platform_admin'] as const) {
      const { user, cookie } = await signedIn(role);
      const res = await patch(cookie, { workEmail: 'Pat@Church.org', linkedinUrl: 'https://www.linkedin.com/in/pat' });
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toMatchObject({ workEmail: 'pat@church.org', linkedinUrl: 'https://www.linkedin.com/in/pat' });
      const [row] = await t.ctx.db.select().from(staffDetails).where(eq(staffDetails.userId, user.id));
      expect(row).toMatchObject({ workEmail: 'pat@church.org' });
      const cleared = await patch(cookie, { linkedinUrl: '' });
      expect(cleared.json()).toMatchObject({ workEmail: 'pat@church.org', linkedinUrl: null });
    }
  });

  it('ignores work email and LinkedIn for members', async () => {
    const { user, cookie } = await signedIn('member');
    const res = await patch(cookie, { workEmail: 'me@work.org', firstName: 'Tina' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Tina', workEmail: null });
    expect(await t.ctx.db.select().from(staffDetails).where(eq(staffDetails.userId, user.id))).toHaveLength(0);
  });

  it('cannot change role, church or referral code', async () => {
    const { user, cookie } = await signedIn('member');
    const other = await buildChurch(t.ctx.db);
    const res = await patch(cookie, { role: 'platform_admin', churchId: other.id, referralCode: 'HACKED22', firstName: 'Tessa' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'member', churchId: user.churchId, referralCode: user.referralCode, firstName: 'Tessa' });
  });
});

describe('POST /me/password', () => {
  const change = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/me/password', headers: { cookie }, payload });

  it('refuses a wrong current password on its field', async () => {
    const { cookie } = await signedIn();
    const res = await change(cookie, { currentPassword: 'not-it', newPassword: 'newpass1', confirmPassword: 'newpass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_credentials', errors: [{ field: 'currentPassword' }] });
  });

  it('needs all three fields and a matching confirmation', async () => {
    const { cookie } = await signedIn();
    const empty = await change(cookie, {});
    expect(empty.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['confirmPassword', 'currentPassword', 'newPassword']);
    const mismatch = await change(cookie, { currentPassword: TEST_PASSWORD, newPassword: 'newpass1', confirmPassword: 'newpass2' });
    expect(mismatch.json().errors).toEqual([expect.objectContaining({ field: 'confirmPassword', key: 'validation.passwordsDoNotMatch' })]);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { user, cookie } = await signedIn();
    const otherDevice = await sessionCookie(t.ctx.db, user.id);
    const res = await change(cookie, { currentPassword: TEST_PASSWORD, newPassword: 'newpass1', confirmPassword: 'newpass1' });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: otherDevice } })).statusCode).toBe(401);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('newpass1')).statusCode).toBe(200);
  });
});

describe('POST /me/accept-jesus', () => {
  it('is replaced by POST /salvations, which asks for consent first (decision 014)', async () => {
    const { cookie } = await signedIn();
    const old = await t.app.inject({ method: 'POST', url: '/api/v1/me/accept-jesus', headers: { cookie } });
    expect(old.statusCode).toBe(404);
  });
});
