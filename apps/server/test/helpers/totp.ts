import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';

/**
 * An authenticator app for tests. A code counts once per 30-second step, so each code moves a fake
 * clock (Date only) on by a step; call `vi.useRealTimers()` in afterAll.
 */
export function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return {
    nextCode(): string {
      vi.setSystemTime(Date.now() + 30_000);
      return totp.generate();
    },
    /** A code that is no code right now (the current one plus one, wrapped). */
    wrongCode(): string {
      return String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    },
  };
}

/** The `cookie` header a browser would send after these responses set cookies. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] }) {
      for (const c of res.cookies) {
        if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < 1000)) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      return this;
    },
    get header() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    has: (name: string) => jar.has(name),
  };
}
