import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceLanguages } from '@app/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { buildUser, sessionCookie, TEST_PASSWORD } from '../../../test/helpers/factories';
import { loginFailures, passwordResetCodes } from '../../db/schema';
import { resetCodeMail } from './reset-mail';
import { codeIn, outboxFor } from './test-outbox';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/auth/password-reset${url}`, payload });
const requestCode = (email: string) => post('', { email });
const verify = (email: string, code: string) => post('/verify', { email, code });
const confirm = (email: string, code: string, password = 'brand-new-1') => post('/confirm', { email, code, password, confirmPassword: password });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function freshCode(email: string, expected = 1): Promise<string> {
  expect((await requestCode(email)).statusCode).toBe(202);
  const mail = await outboxFor(t.config.DATA_DIR, email, expected);
  expect(mail).toHaveLength(expected);
  return codeIn(mail.at(-1));
}

describe('password reset', () => {
  it('answers the same for registered and unknown emails, and mails a 4-digit code only to the registered one', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const known = await requestCode(user.email.toUpperCase());
    const unknown = await requestCode('nobody@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const [mail] = await outboxFor(t.config.DATA_DIR, user.email);
    expect(mail).toMatchObject({ to: user.email, subject: 'Your password reset code' });
    expect(codeIn(mail)).toMatch(/^\d{4}$/);
    expect(await outboxFor(t.config.DATA_DIR, 'nobody@example.com', 1, 200)).toHaveLength(0);
  });

  it("writes the code in the person's language, else the language the request came in", async () => {
    const lucia = await buildUser(t.ctx.db, 'member', { firstName: 'Lúcia', primaryLanguage: 'portuguese' });
    const noLanguage = await buildUser(t.ctx.db, 'member', { firstName: 'Inés', primaryLanguage: null });
    const ask = (email: string, acceptLanguage: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, headers: { 'accept-language': acceptLanguage } });
    // Her profile's language wins over a browser that asks for English.
    expect((await ask(lucia.email, 'en-AU,en;q=0.9')).statusCode).toBe(202);
    const [pt] = await outboxFor(t.config.DATA_DIR, lucia.email);
    expect(pt).toMatchObject({ subject: 'Seu código para redefinir a senha' });
    expect(pt!.text).toContain('Olá Lúcia');
    expect(pt!.text).toMatch(/Seu código para redefinir a senha é \d{4}\./);
    expect((await verify(lucia.email, codeIn(pt))).statusCode).toBe(200);
    // No primary language on the profile: the language the page asked in.
    expect((await ask(noLanguage.email, 'es-ES,es;q=0.9,en;q=0.8')).statusCode).toBe(202);
    const [es] = await outboxFor(t.config.DATA_DIR, noLanguage.email);
    expect(es).toMatchObject({ subject: 'Tu código para restablecer la contraseña' });
    expect(es!.text).toContain('Hola Inés');
  });

  it('has the code and its life in each of the five languages', () => {
    for (const language of interfaceLanguages) {
      const mail = resetCodeMail[language]({ firstName: 'Ana', code: '0427', minutes: 15 });
      expect(mail.text, language).toContain('Ana');
      expect(mail.text, language).toContain('0427');
      expect(mail.text, language).toContain('15');
      if (language !== 'en') expect(mail.subject, language).not.toBe('Your password reset code');
    }
  });

  it('stores the code hashed with a 15-minute expiry', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const code = await freshCode(user.email);
    const [row] = await t.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('verifies the right code and refuses a wrong one with the spec message', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const code = await freshCode(user.email);
    const right = await verify(user.email, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ valid: true });
    const wrong = await verify(user.email, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_reset_code', detail: 'Invalid code or request' });
    expect((await verify('nobody@example.com', code)).json().code).toBe('invalid_reset_code');
  });

  it('refuses a badly formed code on its field', async () => {
    const res = await verify('someone@example.com', '12a');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'code', message: 'Please enter the 4-digit code', key: 'validation.codeInvalid' }]);
  });

  it('voids the code after 5 wrong tries, even for the right code; a fresh code then works', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const code = await freshCode(user.email);
    for (let i = 0; i < 5; i++) expect((await verify(user.email, wrongCodeFor(code))).statusCode).toBe(400);
    expect((await verify(user.email, code)).statusCode).toBe(400);
    expect((await confirm(user.email, code)).statusCode).toBe(400);

    const fresh = await freshCode(user.email, 2);
    expect((await verify(user.email, fresh)).statusCode).toBe(200);
    expect((await confirm(user.email, fresh)).statusCode).toBe(204);
    expect((await login(user.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('counts wrong tries at the confirm step too', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const code = await freshCode(user.email);
    for (let i = 0; i < 5; i++) expect((await confirm(user.email, wrongCodeFor(code))).statusCode).toBe(400);
    expect((await confirm(user.email, code)).statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a right verify does not use up a try', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const code = await freshCode(user.email);
    for (let i = 0; i < 4; i++) await verify(user.email, wrongCodeFor(code));
    for (let i = 0; i < 3; i++) expect((await verify(user.email, code)).statusCode).toBe(200);
    expect((await confirm(user.email, code)).statusCode).toBe(204);
  });

  it('sets the new password, uses the code once and signs the person out everywhere', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const cookie = await sessionCookie(t.ctx.db, user.id);
    await t.ctx.db.insert(loginFailures).values({ email: user.email });
    const code = await freshCode(user.email);
    expect((await confirm(user.email, code, 'another-pass')).statusCode).toBe(204);
    expect((await confirm(user.email, code, 'third-pass')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'another-pass')).statusCode).toBe(200);
  });

  it('checks the new password and its confirmation', async () => {
    const res = await post('/confirm', { email: 'a@example.com', code: '1234', password: '123', confirmPassword: '456' });
    expect(res.statusCode).toBe(400);
    // Both problems at once: a short password and a confirmation that does not match it.
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'password', key: 'validation.passwordMin' }),
      expect.objectContaining({ field: 'confirmPassword', key: 'validation.passwordsDoNotMatch' }),
    ]);
    const mismatch = await post('/confirm', { email: 'a@example.com', code: '1234', password: '123456', confirmPassword: '654321' });
    expect(mismatch.json().errors).toEqual([expect.objectContaining({ field: 'confirmPassword', key: 'validation.passwordsDoNotMatch' })]);
  });

  it('voids earlier codes when a new one is issued', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const first = await freshCode(user.email);
    const second = await freshCode(user.email, 2);
    if (first !== second) expect((await verify(user.email, first)).statusCode).toBe(400);
    expect((await verify(user.email, second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    const code = await freshCode(user.email);
    await t.ctx.db.update(passwordResetCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetCodes.userId, user.id));
    expect((await verify(user.email, code)).statusCode).toBe(400);
  });

  it('issues at most 3 codes per email in 15 minutes, answering the same', async () => {
    const user = await buildUser(t.ctx.db, 'member');
    for (let i = 0; i < 5; i++) expect((await requestCode(user.email)).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxFor(t.config.DATA_DIR, user.email, 4, 300)).toHaveLength(3);
    expect(await t.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))).toHaveLength(3);
  });
});
