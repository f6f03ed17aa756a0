import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../../test/helpers/cast-app';
import { buildUser, sessionCookie, TEST_PASSWORD } from '../../../test/helpers/factories';
import { cookieJar } from '../../../test/helpers/totp';
import { outboxFor } from '../auth/test-outbox';

// Behind a proxy on loopback that names the client (decision 051); client-address.test.ts tries it without.
const app = useCastApp({ TRUST_PROXY: 'loopback' });
const { call } = app;

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(email: string, userAgent: string, jar = cookieJar()) {
  const res = await app.t.app.inject({
    method: 'POST', url: '/api/v1/auth/login', headers: { cookie: jar.header, 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.7' },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return jar.take(res);
}

describe('signed-in devices', () => {
  it('lists browser, system, address and this device; signs one out at once, then all others', async () => {
    const user = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id });
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, SAFARI);
    const third = await signIn(user.email, FIREFOX);
    const list = (await call('GET', '/me/sessions', laptop.header)).json().items;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const mine = list.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ browser: 'Firefox', system: 'Windows 10', ipAddress: '203.0.113.7' });
    const iphone = list.find((s: { browser: string }) => s.browser === 'Safari');
    expect(iphone.system).toMatch(/^iOS/);

    expect((await call('DELETE', `/me/sessions/${iphone.id}`, laptop.header)).statusCode).toBe(204);
    expect((await call('GET', '/me', phone.header)).statusCode).toBe(401);
    // Someone else's session is not found, and not touched.
    const other = (await call('GET', '/me/sessions', app.cast.member.cookie)).json().items[0];
    expect((await call('DELETE', `/me/sessions/${other.id}`, laptop.header)).statusCode).toBe(404);
    expect((await call('GET', '/me', app.cast.member.cookie)).statusCode).toBe(200);

    expect((await call('DELETE', '/me/sessions?others=true', laptop.header)).statusCode).toBe(204);
    expect((await call('GET', '/me', third.header)).statusCode).toBe(401);
    expect((await call('GET', '/me', laptop.header)).statusCode).toBe(200);
    expect((await call('GET', '/me/sessions', laptop.header)).json().items).toHaveLength(1);
  });

  it('needs a signed-in person', async () => {
    expect((await call('GET', '/me/sessions', '')).statusCode).toBe(401);
    expect((await call('DELETE', '/me/sessions?others=true', '')).statusCode).toBe(401);
  });

  it('mails the person, in their language, when a browser they never used signs in', async () => {
    const user = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id, primaryLanguage: 'portuguese' });
    const laptop = await signIn(user.email, FIREFOX);
    // The first browser ever is no news; the same browser again is none either.
    await signIn(user.email, FIREFOX, laptop);
    expect(await outboxFor(app.t.config.DATA_DIR, user.email, 1, 300)).toEqual([]);
    await signIn(user.email, SAFARI);
    const [mail] = await outboxFor(app.t.config.DATA_DIR, user.email);
    expect(mail!.subject).toBe('Novo acesso à sua conta');
    expect(mail!.text).toContain('Safari');
    expect(mail!.text).toContain('203.0.113.7');
    expect(mail!.text).toContain('/profile#devices');
  });

  it('a session made without the sign-in route still lists', async () => {
    const user = await buildUser(app.t.ctx.db, 'staff', { churchId: app.cast.church.id });
    const items = (await call('GET', '/me/sessions', await sessionCookie(app.t.ctx.db, user.id))).json().items;
    expect(items).toEqual([expect.objectContaining({ browser: null, current: true })]);
  });
});
