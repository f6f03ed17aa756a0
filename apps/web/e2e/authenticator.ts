import { Secret, TOTP } from 'otpauth';

/** The authenticator app: a code for the next 30-second step each time (a code counts only once). */
export function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  let step = 0;
  return { next: () => totp.generate({ timestamp: Date.now() + 30_000 * step++ }) };
}
