import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildCast, buildUser, sessionCookie, TEST_PASSWORD } from '../../../test/helpers/factories';
import { authenticator, cookieJar } from '../../../test/helpers/totp';
import { auditLog, knownDevices } from '../../db/schema';
import { outboxFor } from '../auth/test-outbox';

let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let staffId: string;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  t = await createTestApp({ ADMIN_TWO_STEP: 'required' });
  cast = await buildCast(t.ctx.db);
  staffId = cast.staff.user.id;
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Enrols the person whose session is `cookie`; answers their authenticator and recovery codes. */
async function enrol(cookie: string) {
  const start = await call('POST', '/me/two-step', cookie);
  expect(start.statusCode).toBe(200);
  const { secret, otpauthUrl } = start.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const app = authenticator(secret);
  const confirm = await call('POST', '/me/two-step/confirm', cookie, { code: app.nextCode() });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { app, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

const signIn = async (email: string, jar = cookieJar()) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { cookie: jar.header }, payload: { email, password: TEST_PASSWORD } });
  jar.take(res);
  return { res, jar };
};
const giveCode = async (jar: ReturnType<typeof cookieJar>, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/two-step', headers: { cookie: jar.header }, payload });
  jar.take(res);
  return res;
};

describe('enrolling and signing in with a code', () => {
  it('confirms with a code, shows ten recovery codes once, then asks for a code after the password', async () => {
    const user = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    const cookie = await sessionCookie(t.ctx.db, user.id);
    const wrong = await call('POST', '/me/two-step', cookie);
    const early = await call('POST', '/me/two-step/confirm', cookie, { code: authenticator(wrong.json().secret).wrongCode() });
    expect(early.json()).toMatchObject({ code: 'two_step_code_invalid', errors: [{ field: 'code', key: 'validation.twoStepCodeWrong' }] });
    const { app, recoveryCodes } = await enrol(cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/me/two-step', cookie)).json()).toEqual({ enabled: true, mustEnrol: false, recoveryCodesLeft: 10 });
    // Recovery codes are stored hashed: not one appears in the database.
    const stored = JSON.stringify(await t.ctx.db.execute('select * from two_step_recovery_codes'));
    for (const code of recoveryCodes) expect(stored).not.toContain(code);

    const { res, jar } = await signIn(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ twoStep: 'code' });
    // The half session signs nobody in.
    expect((await call('GET', '/me', jar.header)).statusCode).toBe(401);
    const code = app.nextCode();
    const done = await giveCode(jar, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().email).toBe(user.email);
    expect((await call('GET', '/me', jar.header)).statusCode).toBe(200);
    // The same code does not count twice.
    const again = await signIn(user.email);
    expect((await giveCode(again.jar, { code })).json().code).toBe('two_step_code_invalid');
  });

  it('five wrong codes end the half session: sign-in starts again from the password', async () => {
    const user = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    const { app } = await enrol(await sessionCookie(t.ctx.db, user.id));
    const { jar } = await signIn(user.email);
    for (let i = 1; i <= 4; i++) expect((await giveCode(jar, { code: app.wrongCode() })).json().code).toBe('two_step_code_invalid');
    const fifth = await giveCode(jar, { code: app.wrongCode() });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('two_step_restart');
    // Even the right code is now too late for that half session.
    expect((await giveCode(jar, { code: app.nextCode() })).json().code).toBe('two_step_restart');
  });

  it('a recovery code works once', async () => {
    const user = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    const { recoveryCodes } = await enrol(await sessionCookie(t.ctx.db, user.id));
    const first = await signIn(user.email);
    expect((await giveCode(first.jar, { recoveryCode: recoveryCodes[3]!.toUpperCase() })).statusCode).toBe(200);
    const second = await signIn(user.email);
    expect((await giveCode(second.jar, { recoveryCode: recoveryCodes[3] })).json().code).toBe('two_step_code_invalid');
    expect((await call('GET', '/me/two-step', first.jar.header)).json().recoveryCodesLeft).toBe(9);
  });

  it('a remembered browser skips the code for 30 days; turning two-step off needs a code', async () => {
    const user = await buildUser(t.ctx.db, 'member', { churchId: cast.church.id });
    const { app } = await enrol(await sessionCookie(t.ctx.db, user.id));
    const { jar } = await signIn(user.email);
    expect((await giveCode(jar, { code: app.nextCode(), rememberDevice: true })).statusCode).toBe(200);
    expect(jar.has('did')).toBe(true);
    expect((await signIn(user.email, jar)).res.statusCode).toBe(200);
    // Thirty days on (moved in the database: the fake clock would also end every other test's session).
    await t.ctx.db.update(knownDevices).set({ trustedUntil: new Date(Date.now() - 1000) }).where(eq(knownDevices.userId, user.id));
    expect((await signIn(user.email, jar)).res.statusCode).toBe(202);
    const cookie = await sessionCookie(t.ctx.db, user.id);
    expect((await call('DELETE', '/me/two-step', cookie, { code: app.wrongCode() })).statusCode).toBe(400);
    expect((await call('DELETE', '/me/two-step', cookie, { code: app.nextCode() })).statusCode).toBe(204);
    expect((await signIn(user.email)).res.statusCode).toBe(200);
  });
});

describe('ADMIN_TWO_STEP=required and pay data', () => {
  it('an administrator without two-step gets 403 two_step_required on payroll and is told to enrol', async () => {
    expect((await call('GET', '/me/two-step', cast.churchAdmin.cookie)).json()).toMatchObject({ enabled: false, mustEnrol: true });
    expect((await call('GET', '/me/two-step', cast.member.cookie)).json()).toMatchObject({ mustEnrol: false });
    for (const [method, url] of [['POST', `/staff/${staffId}/payroll/reveal`], ['POST', `/staff/${staffId}/reveal`], ['GET', `/staff/${staffId}/payroll`]] as const) {
      const res = await call(method, url, cast.churchAdmin.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('two_step_required');
    }
  });

  it('with two-step on, a reveal needs a code given in the last five minutes', async () => {
    const admin = await buildUser(t.ctx.db, 'church_admin', { churchId: cast.church.id });
    const cookie = await sessionCookie(t.ctx.db, admin.id);
    const { app } = await enrol(cookie);
    // The confirming code was minutes ago at most: the reveal goes through.
    const fresh = await call('POST', `/staff/${staffId}/payroll/reveal`, cookie);
    expect(fresh.statusCode, fresh.body).toBe(200);
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await call('POST', `/staff/${staffId}/payroll/reveal`, cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('two_step_code_needed');
    expect((await call('POST', `/staff/${staffId}/payroll/reveal`, cookie, { code: app.wrongCode() })).json().code).toBe('two_step_code_invalid');
    expect((await call('POST', `/staff/${staffId}/payroll/reveal`, cookie, { code: app.nextCode() })).statusCode).toBe(200);
    // Another church's staff member is still not found.
    expect((await call('POST', `/staff/${cast.otherStaff.user.id}/payroll/reveal`, cookie)).statusCode).toBe(404);
  });
});

describe('DELETE /users/{id}/two-step', () => {
  it('a platform administrator resets it, audited and mailed; nobody else may', async () => {
    const user = await buildUser(t.ctx.db, 'staff', { churchId: cast.church.id, primaryLanguage: 'spanish' });
    await enrol(await sessionCookie(t.ctx.db, user.id));
    for (const who of [cast.churchAdmin, cast.staff, cast.member]) {
      expect((await call('DELETE', `/users/${user.id}/two-step`, who.cookie)).statusCode).toBe(403);
    }
    expect((await call('DELETE', `/users/00000000-0000-4000-8000-000000000000/two-step`, cast.platformAdmin.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/users/${user.id}/two-step`, cast.platformAdmin.cookie)).statusCode).toBe(204);
    expect((await signIn(user.email)).res.statusCode).toBe(200);
    const mails = await outboxFor(t.config.DATA_DIR, user.email);
    expect(mails.map((m) => m.subject)).toContain('Se restableció tu verificación en dos pasos');
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((a) => a.action)).toContain('person.two_step_reset');
  });
});
