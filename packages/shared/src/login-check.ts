import { EMAIL_MAX, PASSWORD_MAX } from './constants';

/**
 * The sign-in form's rules (`loginBody` in auth.ts) without zod: the sign-in page is the first page
 * every phone opens, and zod is a quarter of what it would otherwise download (decision 029). The
 * server still parses with `loginBody`; login-check.test.ts holds the two to the same answers.
 */

/**
 * What counts as an email address: zod's own default (`z.regexes.email`), which `emailField` is also
 * given (validation.ts), written out here so this module needs no zod.
 */
// Zod's source text exactly (a test compares them), hence a string and not a literal.
export const EMAIL_PATTERN = new RegExp(String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`);


/** The first broken rule of each field as a `validation.*` key, as `loginBody` reports it. */
export function loginIssueKeys(values: { email: string; password: string }): Record<string, string> {
  const keys: Record<string, string> = {};
  const email = values.email.trim();
  if (email.length === 0) keys.email = 'validation.emailRequired';
  else if (email.length > EMAIL_MAX) keys.email = 'validation.tooLong';
  else if (!EMAIL_PATTERN.test(email)) keys.email = 'validation.emailInvalid';
  if (values.password.length === 0) keys.password = 'validation.passwordRequired';
  else if (values.password.length > PASSWORD_MAX) keys.password = 'validation.tooLong';
  return keys;
}
