import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody } from './auth';
import { EMAIL_PATTERN, loginIssueKeys } from './login-check';

/** The first issue per field, as the web forms read a zod schema (apps/web/src/lib/zod-form.ts). */
function zodKeys(input: unknown): Record<string, string> {
  const result = loginBody.safeParse(input);
  const keys: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) keys[String(issue.path[0])] ??= issue.message;
  return keys;
}

describe('the sign-in check without zod', () => {
  const emails = ['', '   ', 'maria@example.com', ' Maria@Example.COM ', 'maria', 'maria@', '@example.com', 'maria@example', 'ma..ria@example.com',
    '.maria@example.com', 'maria.@example.com', "o'brien@example.com.au", 'maria+church@example.org', 'maria@exa_mple.com', `${'a'.repeat(250)}@x.co`, 'maria@-example.com', 'ma ria@example.com'];
  const passwords = ['', ' ', 'demo1234', 'x'.repeat(200), 'x'.repeat(201)];

  it('uses the email pattern zod uses by default', () => {
    expect(String(EMAIL_PATTERN)).toBe(String(z.regexes.email));
  });

  it('answers what loginBody answers, field by field', () => {
    for (const email of emails) {
      for (const password of passwords) {
        expect(loginIssueKeys({ email, password }), JSON.stringify({ email, password })).toEqual(zodKeys({ email, password }));
      }
    }
  });
});
