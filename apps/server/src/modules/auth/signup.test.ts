import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildChurch, buildUser } from '../../../test/helpers/factories';
import { users } from '../../db/schema';

let t: TestApp;
let churchId: string;
beforeAll(async () => {
  t = await createTestApp();
  churchId = (await buildChurch(t.ctx.db, { name: 'Grace Chapel' })).id;
});
afterAll(async () => { await t.close(); });

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let n = 0;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Joanna', lastName: 'Silva', email: `joanna${++n}@example.com`, phone: '0412345678', suburb: 'Parramatta',
  password: 'quiet-harbour7', confirmPassword: 'quiet-harbour7', churchId, termsAccepted: true, dateOfBirth: yearsAgo(30),
  gender: 'female', primaryLanguage: 'portuguese', faithLevel: 'opentofaith', attendedBefore: false,
  broughtBy: 'Maria Santos', referralSource: 'friend_family',
  ...overrides,
});

const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body as object });

describe('POST /auth/signup', () => {
  it('lists every broken field once, as problem+json', async () => {
    const res = await post({
      firstName: 'J1', lastName: 'Silva2', email: 'not-an-email', phone: '04-1234', suburb: '', password: '123',
      confirmPassword: '', churchId: 'nope', termsAccepted: false, dateOfBirth: '31/12/1990', gender: 'x',
      primaryLanguage: 'klingon', faithLevel: 'maybe', attendedBefore: 'yes', broughtBy: '<script>', referralSource: 'tv',
      referralCode: 'X'.repeat(30),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('validation');
    const fields = body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual([
      'attendedBefore', 'broughtBy', 'churchId', 'confirmPassword', 'dateOfBirth', 'email', 'faithLevel', 'firstName', 'gender',
      'lastName', 'password', 'phone', 'primaryLanguage', 'referralCode', 'referralSource', 'suburb', 'termsAccepted',
    ]);
    const byField = Object.fromEntries(body.errors.map((e: { field: string; message: string; key?: string }) => [e.field, e]));
    expect(byField.email).toMatchObject({ message: 'Please enter a valid email address', key: 'validation.emailInvalid' });
    expect(byField.termsAccepted.key).toBe('validation.termsRequired');
    expect(byField.password.key).toBe('validation.passwordMin');
  });

  it('reports missing required fields by name', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of ['firstName', 'email', 'phone', 'suburb', 'password', 'confirmPassword', 'churchId', 'termsAccepted', 'dateOfBirth']) {
      expect(fields).toContain(f);
    }
  });

  it('refuses passwords that do not match', async () => {
    const res = await post(validBody({ confirmPassword: 'secret2' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match', key: 'validation.passwordsDoNotMatch' }]);
  });

  it('registers a member, signs them in with an httpOnly cookie and answers /me', async () => {
    const body = validBody({ email: 'New.Person@Example.com' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const me = res.json();
    expect(me).toMatchObject({
      email: 'new.person@example.com', firstName: 'Joanna', lastName: 'Silva', role: 'member', churchId, churchName: 'Grace Chapel',
      phone: '0412345678', suburb: 'Parramatta', gender: 'female', primaryLanguage: 'portuguese', faithLevel: 'opentofaith',
      photoUrl: null, acceptedJesus: false, workEmail: null, linkedinUrl: null,
    });
    expect(me.referralCode).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const meRes = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sid: cookie!.value } });
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().id).toBe(me.id);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attendedBefore: false, broughtBy: 'Maria Santos', referralSource: 'friend_family', dateOfBirth: body.dateOfBirth, referredById: null });
  });

  it('accepts a phone typed with spaces, dashes, dots, brackets or +61 and stores its digits', async () => {
    for (const typed of ['0412 345 678', '+61 412 345 678', '0412-345.678', '(04) 1234 5678']) {
      const body = validBody({ phone: typed });
      const res = await post(body);
      expect(res.statusCode, typed).toBe(201);
      const [row] = await t.ctx.db.select({ phone: users.phone }).from(users).where(eq(users.email, body.email));
      expect(row?.phone).toBe('0412345678');
    }
    const letters = await post(validBody({ phone: '0412 345 67x' }));
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors[0]).toMatchObject({ field: 'phone', key: 'validation.phoneDigitsOnly' });
    const plusInside = await post(validBody({ phone: '0412+345678' }));
    expect(plusInside.json().errors[0]).toMatchObject({ field: 'phone', key: 'validation.phoneDigitsOnly' });
  });

  it('answers 409 for an email already registered, in any letter case', async () => {
    await buildUser(t.ctx.db, 'member', { email: 'taken@example.com' });
    for (const email of ['taken@example.com', 'TAKEN@Example.COM']) {
      const res = await post(validBody({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'email_taken',
        detail: 'This email is already registered. Please use a different email.',
        errors: [{ field: 'email', key: 'validation.emailTaken' }],
      });
    }
  });

  it('links a valid referral code to whoever invited the member', async () => {
    const referrer = await buildUser(t.ctx.db, 'member', { referralCode: 'INVITE22' });
    const res = await post(validBody({ referralCode: 'invite22' }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.referredById).toBe(referrer.id);
    expect(row!.referralCode).not.toBe('INVITE22');
  });

  it('refuses an unknown referral code on its field', async () => {
    const res = await post(validBody({ referralCode: 'NOSUCH99' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'referralCode', message: 'This referral code is not valid', key: 'validation.referralCodeInvalid' }]);
  });

  it('refuses a church that does not exist', async () => {
    const res = await post(validBody({ churchId: '00000000-0000-4000-8000-000000000000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'churchId', key: 'validation.churchRequired' })]);
  });

  it('refuses anyone under 13', async () => {
    const res = await post(validBody({ dateOfBirth: yearsAgo(13, 1), guardianConsent: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'dateOfBirth', message: 'You must be at least 13 years old to register', key: 'validation.tooYoung' }]);
  });

  it('needs a parent or guardian consent under 18, and accepts it', async () => {
    const without = await post(validBody({ dateOfBirth: yearsAgo(15) }));
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual([expect.objectContaining({ field: 'guardianConsent', key: 'validation.guardianConsentRequired' })]);
    const withConsent = await post(validBody({ dateOfBirth: yearsAgo(15), guardianConsent: true }));
    expect(withConsent.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, withConsent.json().id));
    expect(row!.guardianConsent).toBe(true);
  });

  it('replaces a session cookie the browser already had', async () => {
    const first = await post(validBody());
    const oldSid = first.cookies.find((c) => c.name === 'sid')!.value;
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: validBody(), cookies: { sid: oldSid } });
    expect(again.statusCode).toBe(201);
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sid: oldSid } });
    expect(stale.statusCode).toBe(401);
  });
});
