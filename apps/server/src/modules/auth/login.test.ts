import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MINUTES } from '@app/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildChurch, buildUser, TEST_PASSWORD } from '../../../test/helpers/factories';
import { loginFailures, serverSessions } from '../../db/schema';
import { seedDemoData, demoSignIns, DEMO_PASSWORD } from '../../seed/seed';

let t: TestApp;
// The tests stand for clients behind a proxy on loopback, each address its own (decision 051).
beforeAll(async () => { t = await createTestApp({ TRUST_PROXY: 'loopback' }); });
afterAll(async () => { await t.close(); });

const login = (email: string, password: string, extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, ...extra });
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'sid')?.value;

describe('POST /auth/login', () => {
  it('signs each of the four demo accounts in', async () => {
    await seedDemoData(t.ctx.db);
    for (const { email, role } of demoSignIns) {
      const res = await login(email, DEMO_PASSWORD);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({ email, role, churchName: 'Harbour City Church' });
      expect(sidOf(res)).toBeTruthy();
    }
  });

  it('sets an httpOnly, SameSite=Lax session cookie that is Secure behind https', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const plain = await login(user.email, TEST_PASSWORD);
    const cookie = plain.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const https = await login(user.email, TEST_PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
  });

  it('accepts the email in any letter case and answers the person', async () => {
    const church = await buildChurch(t.ctx.db, { name: 'Hillside Church' });
    const user = await buildUser(t.ctx.db, 'staff', { email: 'case.test@example.com', churchId: church.id });
    const res = await login('Case.Test@EXAMPLE.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'staff', churchId: church.id, churchName: 'Hillside Church' });
  });

  it('answers 401 with the spec message for a wrong password or an unknown email', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    for (const [email, password] of [[user.email, 'wrong-password'], ['nobody@example.com', TEST_PASSWORD]] as const) {
      const res = await login(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_credentials', detail: 'Please enter the correct credentials' });
      expect(sidOf(res)).toBeUndefined();
    }
  });

  it('answers 400 naming the field when email or password is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  it('rotates the session: the cookie presented at sign-in stops working', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const first = sidOf(await login(user.email, TEST_PASSWORD))!;
    const second = await login(user.email, TEST_PASSWORD, { cookies: { sid: first } });
    expect(sidOf(second)).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sid: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sid: sidOf(second)! } })).statusCode).toBe(200);
  });

  it('locks an email for the rest of the window after 5 failures, with Retry-After', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    const locked = await login(user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rate_limited');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_FAILURE_WINDOW_MINUTES * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MINUTES * 60);
    // Another email from the same address is not affected.
    const other = await buildUser(t.ctx.db, 'member');
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('unlocks once the failures are older than the window', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const old = new Date(Date.now() - (LOGIN_FAILURE_WINDOW_MINUTES + 1) * 60_000);
    await t.ctx.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ email: user.email, at: old })));
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the failures of an email on a successful sign-in', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    for (let i = 0; i < 4; i++) await login(user.email, 'wrong-password');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(loginFailures).where(eq(loginFailures.email, user.email))).toHaveLength(0);
  });

  it('keeps per-address limits generous: 60 sign-ins from one address all succeed', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const results = [];
    for (let i = 0; i < 60; i++) results.push((await login(user.email, TEST_PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode);
    expect(results.every((s) => s === 200)).toBe(true);
  });

  it('still caps one address at 300 sign-in requests a minute', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    // Invalid bodies are cheap and count too: the limit runs before the body is read.
    for (let i = 0; i < 300; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {}, headers });
      expect(res.statusCode).toBe(400);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {}, headers });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /auth/logout and GET /me', () => {
  it('GET /me answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('logout ends the session and clears the cookie', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const sid = sidOf(await login(user.email, TEST_PASSWORD))!;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { sid } });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sid } })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(serverSessions).where(eq(serverSessions.userId, user.id))).toHaveLength(0);
  });

  it('logout without a session still answers 204', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(204);
  });
});
