import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../test/helpers/cast-app';
import { TEST_PASSWORD } from '../../test/helpers/factories';
import { cookieJar } from '../../test/helpers/totp';
import { ConfigError, loadConfig } from '../config';
import { clientAddress, parseTrustProxy } from './client-address';

/** A Socket.IO handshake's request as `socket.request` gives it: headers and the connection. */
const handshake = (remoteAddress: string, forwarded?: string) =>
  ({ headers: forwarded ? { 'x-forwarded-for': forwarded } : {}, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('TRUST_PROXY and the client address (decision 051)', () => {
  it('believes X-Forwarded-For only from the proxy the operator names', () => {
    expect(clientAddress({}, handshake('127.0.0.1', '6.6.6.6'))).toBe('127.0.0.1');
    expect(clientAddress({ TRUST_PROXY: '10.0.0.0/8' }, handshake('127.0.0.1', '6.6.6.6'))).toBe('127.0.0.1');
    expect(clientAddress({ TRUST_PROXY: 'loopback' }, handshake('127.0.0.1', '6.6.6.6'))).toBe('6.6.6.6');
    expect(clientAddress({ TRUST_PROXY: '172.16.0.0/12, 127.0.0.1' }, handshake('172.18.0.5', '6.6.6.6'))).toBe('6.6.6.6');
    // A client that writes its own header in front of the proxy's entry gains nothing.
    expect(clientAddress({ TRUST_PROXY: 'loopback' }, handshake('127.0.0.1', '6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    // A hop count trusts that many proxies nearest the server, whatever their address.
    expect(clientAddress({ TRUST_PROXY: '1' }, handshake('192.0.2.1', '6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress({ TRUST_PROXY: '2' }, handshake('192.0.2.1', '6.6.6.6, 203.0.113.9'))).toBe('6.6.6.6');
    expect(clientAddress({ TRUST_PROXY: '0' }, handshake('192.0.2.1', '6.6.6.6'))).toBe('192.0.2.1');
  });

  it('refuses a setting that names no proxy at start', () => {
    expect(() => parseTrustProxy('caddy')).toThrow();
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '172.16.0.0/12,127.0.0.1' }).TRUST_PROXY).toBe('172.16.0.0/12,127.0.0.1');
  });
});

describe('with no TRUST_PROXY', () => {
  const app = useCastApp();

  it('counts one engine-call limit per church and address across its routes, whatever X-Forwarded-For says', async () => {
    const { cast } = app;
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const headers = { cookie: cast.churchAdmin.cookie, 'x-forwarded-for': `6.6.6.${i}` };
      // Voice Save, translation Test connection and a caption feed in turn: one counter for them all.
      const [method, path, payload] = [
        ['PUT', 'voice-engines/primary', { kind: 'espeak', saveUntested: true }],
        ['POST', 'translation-engines/test', {}],
        ['POST', 'livestream/feeds', {}],
      ][i % 3] as ['PUT' | 'POST', string, object];
      codes.push((await app.t.app.inject({ method, url: `/api/v1/churches/${cast.church.id}/${path}`, headers, payload })).statusCode);
    }
    expect(codes.slice(0, 20)).not.toContain(429);
    expect(codes[20]).toBe(429);
    // Another church (its own administrator, the same address) has its own count.
    const other = await app.call('POST', `/churches/${cast.otherChurch.id}/translation-engines/test`, cast.otherAdmin.cookie, {});
    expect(other.statusCode).toBe(400);
  });

  it('records the connection’s address for a session signed in with a forged X-Forwarded-For', async () => {
    const jar = cookieJar();
    const res = await app.t.app.inject({
      method: 'POST', url: '/api/v1/auth/login', headers: { 'x-forwarded-for': '6.6.6.6' },
      payload: { email: app.cast.member.user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await app.call('GET', '/me/sessions', jar.take(res).header)).json().items as Array<{ ipAddress: string | null; current: boolean }>;
    expect(list.find((s) => s.current)?.ipAddress).toBe('127.0.0.1');
    expect(list.map((s) => s.ipAddress)).not.toContain('6.6.6.6');
  });
});

describe('with TRUST_PROXY naming loopback', () => {
  const app = useCastApp({ TRUST_PROXY: 'loopback' });

  it('keys limits and sessions on the address the proxy forwards', async () => {
    const { cast } = app;
    const call = (address: string) => app.t.app.inject({
      method: 'POST', url: `/api/v1/churches/${cast.church.id}/translation-engines/test`, headers: { cookie: cast.churchAdmin.cookie, 'x-forwarded-for': address }, payload: {},
    });
    for (let i = 0; i < 20; i++) expect((await call('203.0.113.1')).statusCode).toBe(400);
    expect((await call('203.0.113.1')).statusCode).toBe(429);
    expect((await call('203.0.113.2')).statusCode).toBe(400);

    const jar = cookieJar();
    const res = await app.t.app.inject({
      method: 'POST', url: '/api/v1/auth/login', headers: { 'x-forwarded-for': '198.51.100.4' },
      payload: { email: cast.member.user.email, password: TEST_PASSWORD },
    });
    const list = (await app.call('GET', '/me/sessions', jar.take(res).header)).json().items as Array<{ ipAddress: string | null; current: boolean }>;
    expect(list.find((s) => s.current)?.ipAddress).toBe('198.51.100.4');
  });
});
