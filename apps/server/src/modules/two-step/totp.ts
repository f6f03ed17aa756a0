import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../../lib/crypto';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps (decision 023). */
const PERIOD = 30;
const ISSUER = 'Sermon Translate';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (base32, as typed into an app) and the otpauth:// URL its QR code holds. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, label).toString() };
}

/**
 * The time step a code belongs to when it is right within one step either way (a phone's clock
 * a little off), else null. The caller refuses a step not after the last one used: a code counts once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Recovery codes: ten of "xxxxx-xxxxx" from an alphabet without look-alike characters. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are kept as sha256 of their normal form (case, spaces and dashes ignored). */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
