import { randomInt } from 'node:crypto';

// No 0/O/1/I/L: codes are read aloud and typed from screens.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A random code from an unambiguous alphabet (referral codes, broadcast ids). */
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A broadcast id: 10 characters of 31 symbols is ~49 bits, unguessable for share links. */
export const newBroadcastId = () => randomCode(10);
export const newReferralCode = () => randomCode(8);
