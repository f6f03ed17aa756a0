import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, permissions, roles, type AccessRule, type Role } from '@app/shared';
import { canReachChurch, churchFilter, registerAccess, requireActor, routesWithAccess, type DeclaredRoute } from '../src/lib/access';
import { registerErrorHandling } from '../src/lib/errors';
import { buildCast } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The one access mechanism: every /api/v1 route declares what it needs, the
 * permission table decides, another church's records are 404, foreign Origins cannot mutate.
 * Each module tests its own "may" cases with real payloads; this file sweeps every route for the
 * "may not" cases and covers the accounts routes in full.
 */
let t: TestApp;
let cast: Awaited<ReturnType<typeof buildCast>>;
let cookieByRole: Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t.ctx.db);
  cookieByRole = {
    platform_admin: cast.platformAdmin.cookie,
    church_admin: cast.churchAdmin.cookie,
    staff: cast.staff.cookie,
    member: cast.member.cookie,
  };
});
afterAll(async () => { await t.close(); });

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';
/** A concrete URL for a route pattern: every path parameter becomes an id-like value. */
const urlOf = (route: DeclaredRoute) => route.url.replace(/:\w+/g, SAMPLE_ID).replace(/\*$/, 'x');
const apiRoutes = () => routesWithAccess(t.app).filter((r) => r.method !== 'HEAD');
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const validRules = new Set<AccessRule>([...permissions, 'signed-in', 'public', 'metrics-token']);

describe('every /api/v1 route', () => {
  it('declares a known access rule', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) expect(validRules.has(r.requires), `${r.method} ${r.url}: ${r.requires}`).toBe(true);
  });

  it('cannot be registered without an access rule', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(fastifyCookie);
    registerAccess(bare, t.ctx.db, {});
    expect(() => bare.get('/api/v1/forgotten', async () => ({ ok: true }))).toThrow(/declares no access rule/);
    await bare.close();
  });

  it('answers 401 to a signed-out caller unless public', async () => {
    // /metrics takes a token, not a session (modules/metrics/metrics.test.ts).
    const closed = apiRoutes().filter((r) => r.requires !== 'public' && r.requires !== 'metrics-token');
    expect(closed.length).toBeGreaterThan(5);
    for (const r of closed) {
      const res = await t.app.inject({ method: r.method as 'GET', url: urlOf(r) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });

  it('answers 403 to every role the permission table does not grant', async () => {
    let checked = 0;
    for (const r of apiRoutes()) {
      if (r.requires === 'public' || r.requires === 'signed-in' || r.requires === 'metrics-token') continue;
      for (const role of roles) {
        if (can(role, r.requires)) continue;
        const res = await t.app.inject({ method: r.method as 'GET', url: urlOf(r), headers: { cookie: cookieByRole[role] } });
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('refuses a mutating request from a foreign Origin, signed in or not', async () => {
    for (const r of apiRoutes().filter((route) => MUTATING.has(route.method))) {
      for (const cookie of [undefined, cookieByRole.platform_admin]) {
        const res = await t.app.inject({
          method: r.method as 'POST', url: urlOf(r), headers: { origin: 'https://evil.example', ...(cookie ? { cookie } : {}) }, payload: {},
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('foreign_origin');
      }
    }
  });
});

describe('Origin check', () => {
  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });

  it('lets the same origin through, also behind a proxy', async () => {
    expect((await logout({ host: 'church.example', origin: 'https://church.example' })).statusCode).toBe(204);
    expect((await logout({ host: '10.0.0.5:3000', 'x-forwarded-host': 'church.example', origin: 'https://church.example' })).statusCode).toBe(204);
    expect((await logout({})).statusCode).toBe(204);
  });

  it('refuses a look-alike or malformed origin', async () => {
    for (const origin of ['https://church.example.evil.example', 'null', 'not a url']) {
      const res = await logout({ host: 'church.example', origin });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it('lets reads from another origin through (they cannot change anything)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { origin: 'https://evil.example', cookie: cookieByRole.member } });
    expect(res.statusCode).toBe(200);
  });

  it('accepts the configured PUBLIC_URL as an origin', async () => {
    const withUrl = await createTestApp({ PUBLIC_URL: 'https://app.church.example' });
    try {
      const ok = await withUrl.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { host: 'internal:3000', origin: 'https://app.church.example' } });
      expect(ok.statusCode).toBe(204);
    } finally {
      await withUrl.close();
    }
  });
});

describe('accounts routes (auth and me)', () => {
  interface Row { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; requires: AccessRule; payload?: object; ok: number }
  // What each route declares and what a permitted caller gets with a harmless request.
  const table: Row[] = [
    { method: 'GET', url: '/api/v1/me', requires: 'signed-in', ok: 200 },
    { method: 'PATCH', url: '/api/v1/me', requires: 'signed-in', payload: { suburb: 'Glebe' }, ok: 200 },
    { method: 'POST', url: '/api/v1/me/password', requires: 'signed-in', payload: { currentPassword: 'x', newPassword: 'newpass1', confirmPassword: 'newpass1' }, ok: 400 },
    { method: 'DELETE', url: '/api/v1/me/photo', requires: 'signed-in', ok: 204 },
    { method: 'PUT', url: '/api/v1/me/photo', requires: 'signed-in', ok: 415 },
    { method: 'POST', url: '/api/v1/auth/signup', requires: 'public', payload: {}, ok: 400 },
    { method: 'POST', url: '/api/v1/auth/login', requires: 'public', payload: { email: 'nobody@example.com', password: 'x' }, ok: 401 },
    { method: 'POST', url: '/api/v1/auth/logout', requires: 'public', ok: 204 },
    { method: 'POST', url: '/api/v1/auth/password-reset', requires: 'public', payload: { email: 'nobody@example.com' }, ok: 202 },
    { method: 'POST', url: '/api/v1/auth/password-reset/verify', requires: 'public', payload: { email: 'nobody@example.com', code: '1234' }, ok: 400 },
    { method: 'POST', url: '/api/v1/auth/password-reset/confirm', requires: 'public', payload: { email: 'nobody@example.com', code: '1234', password: 'abcdef', confirmPassword: 'abcdef' }, ok: 400 },
    { method: 'GET', url: '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA.webp', requires: 'public', ok: 404 },
  ];

  it('declare the rules in the table', () => {
    const declared = apiRoutes();
    for (const row of table) {
      const pattern = row.url.replace('AAAAAAAAAAAAAAAAAAAAAA.webp', ':name');
      const route = declared.find((r) => r.method === row.method && r.url === pattern);
      expect(route?.requires, `${row.method} ${row.url}`).toBe(row.requires);
    }
  });

  for (const row of table) {
    it(`${row.method} ${row.url}: ${row.requires === 'public' ? 'anyone' : 'every role, signed-out 401'}`, async () => {
      const signedOut = await t.app.inject({ method: row.method, url: row.url, payload: row.payload });
      expect(signedOut.statusCode).toBe(row.requires === 'public' ? row.ok : 401);
      for (const role of roles) {
        // Logout would end the shared session; give it a throwaway one.
        const cookie = row.url.endsWith('/logout') ? '' : cookieByRole[role];
        const res = await t.app.inject({ method: row.method, url: row.url, payload: row.payload, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, role).toBe(row.ok);
      }
    });
  }

  it('/me answers each person only about themselves', async () => {
    for (const who of [cast.platformAdmin, cast.churchAdmin, cast.staff, cast.member, cast.otherMember]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: who.cookie } });
      expect(res.json()).toMatchObject({ id: who.user.id, role: who.user.role, churchId: who.user.churchId });
    }
  });
});

describe('the mechanism on a church-scoped route', () => {
  // A probe app on the same database: one route per kind of rule, answering what the mechanism decided.
  const probe = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandling(probe);
    await probe.register(fastifyCookie);
    registerAccess(probe, t.ctx.db, {});
    probe.get<{ Params: { churchId: string } }>('/api/v1/probe/churches/:churchId', { config: { requires: 'church:edit' } }, async (req) => {
      const actor = requireActor(req);
      if (!canReachChurch(actor, 'church:edit', req.params.churchId)) throw Object.assign(new Error('gone'), { statusCode: 404 });
      return { ok: true, scope: req.scope };
    });
    probe.get('/api/v1/probe/users', { config: { requires: 'users:read' } }, async (req) => ({ church: churchFilter(requireActor(req), 'users:read') }));
    await probe.ready();
  });
  afterAll(async () => { await probe.close(); });

  const get = (url: string, cookie?: string) => probe.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lets a platform admin reach any church and a church admin only their own (another church is 404)', async () => {
    const own = `/api/v1/probe/churches/${cast.church.id}`;
    const other = `/api/v1/probe/churches/${cast.otherChurch.id}`;
    expect((await get(own, cast.platformAdmin.cookie)).json()).toEqual({ ok: true, scope: 'any' });
    expect((await get(other, cast.platformAdmin.cookie)).statusCode).toBe(200);
    expect((await get(own, cast.churchAdmin.cookie)).json()).toEqual({ ok: true, scope: 'own' });
    expect((await get(other, cast.churchAdmin.cookie)).statusCode).toBe(404);
    expect((await get(own, cast.otherAdmin.cookie)).statusCode).toBe(404);
    expect((await get(own, cast.staff.cookie)).statusCode).toBe(403);
    expect((await get(own, cast.member.cookie)).statusCode).toBe(403);
    expect((await get(own)).statusCode).toBe(401);
  });

  it('filters church-scoped lists by the actor’s church unless platform admin', async () => {
    expect((await get('/api/v1/probe/users', cast.platformAdmin.cookie)).json()).toEqual({ church: null });
    expect((await get('/api/v1/probe/users', cast.churchAdmin.cookie)).json()).toEqual({ church: cast.church.id });
    expect((await get('/api/v1/probe/users', cast.staff.cookie)).json()).toEqual({ church: cast.church.id });
    expect((await get('/api/v1/probe/users', cast.otherStaff.cookie)).json()).toEqual({ church: cast.otherChurch.id });
  });

  it('treats an unknown or expired session as signed out', async () => {
    expect((await get('/api/v1/probe/users', 'sid=forged-token')).statusCode).toBe(401);
  });
});
