import { describe, expect, it } from 'vitest';
import { useCastApp } from '../../test/helpers/cast-app';
import { buildUser, sessionCookie, TEST_PASSWORD } from '../../test/helpers/factories';
import { outboxFor } from '../modules/auth/test-outbox';
import { passwordRuleError } from './password-rules';

const app = useCastApp();
const { call } = app;

describe('passwordRuleError', () => {
  it('refuses the 10,000 most common passwords in any letter case', () => {
    expect(passwordRuleError('password123', 'joe@example.com')?.key).toBe('validation.passwordCommon');
    expect(passwordRuleError('QWERTY', 'joe@example.com')?.key).toBe('validation.passwordCommon');
    expect(passwordRuleError('quiet-harbour7', 'joe@example.com')).toBeNull();
  });

  it('refuses a password containing the email’s name part or one of its words', () => {
    expect(passwordRuleError('maria2024', 'maria@example.com')).toMatchObject({ field: 'password', key: 'validation.passwordHasEmailName' });
    expect(passwordRuleError('xxSilva!!', 'maria.silva77@example.com')?.key).toBe('validation.passwordHasEmailName');
    // Words shorter than three letters are too short to mean anything.
    expect(passwordRuleError('harbour-jo7', 'jo.li@example.com')).toBeNull();
    expect(passwordRuleError('maria2024', 'maria@example.com', 'newPassword')?.field).toBe('newPassword');
  });
});

const fieldErrors = (res: { json: () => { errors?: { field: string; key?: string }[] } }) =>
  (res.json().errors ?? []).map((e) => `${e.field}:${e.key}`);

describe('the rules on every way of setting a password', () => {
  it('signup refuses a common password and one with the email’s name, with a field message', async () => {
    const body = {
      firstName: 'Maria', lastName: 'Santos', email: 'maria@example.com', phone: '0412345678', suburb: 'Parramatta',
      churchId: app.cast.church.id, termsAccepted: true, dateOfBirth: '1990-01-01', password: 'password123', confirmPassword: 'password123',
    };
    const common = await call('POST', '/auth/signup', '', body);
    expect(common.statusCode).toBe(400);
    expect(fieldErrors(common)).toEqual(['password:validation.passwordCommon']);
    const named = await call('POST', '/auth/signup', '', { ...body, password: 'maria2024', confirmPassword: 'maria2024' });
    expect(fieldErrors(named)).toEqual(['password:validation.passwordHasEmailName']);
  });

  it('changing a password refuses a common one on newPassword; an old common password still signs in', async () => {
    const user = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id });
    const cookie = await sessionCookie(app.t.ctx.db, user.id);
    const res = await call('POST', '/me/password', cookie, { currentPassword: TEST_PASSWORD, newPassword: 'iloveyou', confirmPassword: 'iloveyou' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual(['newPassword:validation.passwordCommon']);
    // TEST_PASSWORD is itself on the list: passwords chosen before the rule keep working.
    const login = await call('POST', '/auth/login', '', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('a password reset refuses a common password before looking at the code', async () => {
    const user = await buildUser(app.t.ctx.db, 'member', { churchId: app.cast.church.id });
    const res = await call('POST', '/auth/password-reset/confirm', '', { email: user.email, code: '0000', password: 'football', confirmPassword: 'football' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual(['password:validation.passwordCommon']);
  });

  it('an invitation refuses a password with the invited person’s email name; a good one is accepted', async () => {
    const email = `carlos.mendes.${Date.now()}@example.com`;
    const created = await call('POST', '/users', app.cast.churchAdmin.cookie, {
      firstName: 'Carlos', lastName: 'Mendes', email, phone: '0412345678', suburb: 'Parramatta', churchId: app.cast.church.id, invite: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [mail] = await outboxFor(app.t.config.DATA_DIR, email);
    const token = decodeURIComponent(mail!.text.match(/set-password\?token=([^\s]+)/)![1]!);
    const named = await call('POST', '/auth/invitation', '', { token, password: 'Mendes#1', confirmPassword: 'Mendes#1' });
    expect(fieldErrors(named)).toEqual(['password:validation.passwordHasEmailName']);
    // The refused try did not use the link up.
    const ok = await call('POST', '/auth/invitation', '', { token, password: 'quiet-harbour7', confirmPassword: 'quiet-harbour7' });
    expect(ok.statusCode).toBe(204);
  });

  it('an administrator setting someone’s first password meets the same rules', async () => {
    const res = await call('POST', '/users', app.cast.churchAdmin.cookie, {
      firstName: 'Ana', lastName: 'Costa', email: `ana.${Date.now()}@example.com`, phone: '0412345678', suburb: 'Parramatta', churchId: app.cast.church.id, password: 'sunshine',
    });
    expect(fieldErrors(res)).toEqual(['password:validation.passwordCommon']);
  });
});
