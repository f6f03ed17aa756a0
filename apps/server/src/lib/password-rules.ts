import { readFileSync } from 'node:fs';
import path from 'node:path';
import { msg, validationMessages, type FieldError } from '@app/shared';
import { badRequest } from './errors';
import { serverRoot } from '../db/paths';

/**
 * Besides the six characters the shared schema checks, a new password must not be one of the
 * 10,000 most common (resources/common-passwords.txt, source and licence at its top) nor contain
 * the name part of the person's email (decision 023). Checked on the server only: the list stays
 * out of the browser's bundle, and the browser shows the field error the server answers. Passwords
 * chosen before these rules keep signing in: only setting a password is checked.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(serverRoot, 'resources/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim().toLowerCase()),
  );
  return common;
}

/** The parts of an email's name part worth refusing: "maria.silva77@x" gives maria.silva77, maria, silva. */
function emailNameParts(email: string): string[] {
  const local = email.split('@')[0]!.toLowerCase();
  const parts = [local, ...local.split(/[^\p{L}]+/u)];
  return [...new Set(parts)].filter((p) => p.length >= 3);
}

/** The field error for an unacceptable new password, or null. */
export function passwordRuleError(password: string, email: string, field = 'password'): FieldError | null {
  const lower = password.toLowerCase();
  const key = commonPasswords().has(lower)
    ? 'passwordCommon'
    : emailNameParts(email).some((part) => lower.includes(part))
      ? 'passwordHasEmailName'
      : null;
  return key ? { field, message: validationMessages[key], key: msg(key) } : null;
}

/** Throws 400 with the field error when the new password breaks a rule above. */
export function assertPasswordAllowed(password: string, email: string, field = 'password'): void {
  const error = passwordRuleError(password, email, field);
  if (error) throw badRequest('Some fields are not valid', [error]);
}
