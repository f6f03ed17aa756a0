import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from '../../context';
import { SESSION_COOKIE } from '../../lib/session';

/**
 * A listener's device (decision 048): a random id the server signs (HMAC under SECRETS_KEY) and the
 * phone keeps as a cookie, so that the limits on voice streams and live connections count phones,
 * not the church's one Wi-Fi address. A cookie, because a voice stream is an `<audio>` element's
 * request, which carries the page's cookies but no header of its own. It is given on the phone's
 * first live connection (every listener's page, the lobby's and the projector's open one before any
 * voice stream), never stored, never logged, and names nobody.
 */
export const DEVICE_COOKIE = 'listener_device';
/** A month: a congregation's phones keep theirs from one Sunday to the next. */
const DEVICE_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const MINT_WINDOW_MS = 60_000;
const minted = Symbol('listenerDeviceMinted');

type HandshakeRequest = IncomingMessage & { [minted]?: { id: string; cookie: string }; _query?: Record<string, string> };

export interface ListenerDevices {
  /** The device a cookie header names, or null when it has none or its signature does not hold. */
  fromCookies(header: string | undefined): string | null;
  /** The device of a live connection's handshake: its cookie's, or the one given it at the handshake. */
  ofHandshake(req: IncomingMessage): string | null;
  /**
   * At the first request of a live connection (engine.io's `allowRequest`): a phone without a
   * device is given one, unless its address was given its minute's share already (it is then
   * counted by address, under the ceiling).
   */
  admit(req: IncomingMessage, address: string): Promise<void>;
  /** The Set-Cookie of a device given at this handshake (engine.io's `initial_headers`). */
  setCookieOf(req: IncomingMessage): string | null;
}

const devices = new WeakMap<AppContext, ListenerDevices>();

export function listenerDevicesOf(ctx: AppContext): ListenerDevices {
  let d = devices.get(ctx);
  if (!d) devices.set(ctx, (d = makeDevices(ctx)));
  return d;
}

function makeDevices(ctx: AppContext): ListenerDevices {
  const sign = (id: string) => ctx.secrets.mac('listener-device', id);
  const secure = ctx.config.PUBLIC_URL?.startsWith('https:') ?? false;
  const mints = new MintCounter(ctx);

  const fromCookies = (header: string | undefined): string | null => {
    const value = header ? fastifyCookie.parse(header)[DEVICE_COOKIE] : undefined;
    const [id, mac] = value?.split('.') ?? [];
    if (!id || !mac || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  return {
    fromCookies,
    ofHandshake: (req) => fromCookies(req.headers.cookie) ?? (req as HandshakeRequest)[minted]?.id ?? null,
    async admit(req, address) {
      const r = req as HandshakeRequest;
      // Only a connection's first request (no engine.io session yet) is given a device.
      // A signed-in person is counted by account.
      if (r._query?.sid || fromCookies(req.headers.cookie) || fastifyCookie.parse(req.headers.cookie ?? '')[SESSION_COOKIE]) return;
      if (!(await mints.take(address))) return;
      const id = randomBytes(16).toString('base64url');
      const cookie = fastifyCookie.serialize(DEVICE_COOKIE, `${id}.${sign(id)}`, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_COOKIE_MAX_AGE_S });
      r[minted] = { id, cookie };
    },
    setCookieOf: (req) => (req as HandshakeRequest)[minted]?.cookie ?? null,
  };
}

/** Devices given per address in the current minute: one count for the cluster with Redis. */
class MintCounter {
  private readonly local = new Map<string, { count: number; until: number }>();

  constructor(private readonly ctx: AppContext) {}

  async take(address: string): Promise<boolean> {
    const max = this.ctx.config.LISTEN_DEVICES_PER_MINUTE;
    const redis = this.ctx.redis;
    if (redis) {
      try {
        const name = `device-mints:${address}`;
        const [count] = await redis.multi().incr(name).pExpire(name, MINT_WINDOW_MS, 'NX').exec();
        return Number(count) <= max;
      } catch (err) {
        this.ctx.log.warn({ err }, 'could not count device mints in redis');
      }
    }
    const now = Date.now();
    if (this.local.size > 10_000) for (const [k, v] of this.local) if (v.until <= now) this.local.delete(k);
    let window = this.local.get(address);
    if (!window || window.until <= now) this.local.set(address, (window = { count: 0, until: now + MINT_WINDOW_MS }));
    window.count++;
    return window.count <= max;
  }
}
