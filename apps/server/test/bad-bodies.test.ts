import { describe, expect, it } from 'vitest';
import { routesWithAccess } from '../src/lib/access';
import { sessionCookie } from './helpers/factories';
import { useCastApp } from './helpers/cast-app';

/**
 * A JSON body that is not an object once reached field refinements and answered 500.
 * Every route that takes a JSON body must answer 400 with a problem body instead, for every role.
 */
const app = useCastApp();

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

describe('a JSON body that is not an object', () => {
  it('answers 400 problem+json on every route that takes a body, never 500', async () => {
    // Sign-out reads no body and would end the sessions the rest of the sweep signs in with.
    const routes = routesWithAccess(app.t.app).filter((r) => ['POST', 'PATCH', 'PUT'].includes(r.method) && r.url !== '/api/v1/auth/logout');
    expect(routes.length).toBeGreaterThan(15);
    const cookies = [app.cast.platformAdmin.cookie, app.cast.churchAdmin.cookie, app.cast.staff.cookie, app.cast.member.cookie, ''];
    for (const route of routes) {
      for (const body of ['[]', 'null', '123', '"text"', 'true']) {
        for (const cookie of cookies) {
          const res = await app.t.app.inject({
            method: route.method as 'POST',
            url: route.url.replace(/:\w+/g, SAMPLE_ID),
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            payload: body,
          });
          const where = `${route.method} ${route.url} ${body} ${cookie ? 'signed in' : 'signed out'}`;
          expect(res.statusCode, where).toBeLessThan(500);
          // Routes that read no body (sign-out, end a sermon) may still succeed; any refusal is a problem body.
          if (res.statusCode >= 400) expect(res.headers['content-type'], where).toMatch(/problem\+json/);
        }
      }
    }
  });

  it('names the problem for the signup, reset and password routes that used to fail', async () => {
    for (const url of ['/api/v1/auth/signup', '/api/v1/auth/password-reset/confirm']) {
      const res = await app.t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: 'null' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'validation' });
    }
    // A session of its own, so this test does not depend on what the sweep did to the shared ones.
    const cookie = await sessionCookie(app.t.ctx.db, app.cast.member.user.id);
    const res = await app.t.app.inject({ method: 'POST', url: '/api/v1/me/password', headers: { 'content-type': 'application/json', cookie }, payload: '[]' });
    expect(res.statusCode).toBe(400);
  });
});
