import { describe, expect, it } from 'vitest';
import { loginBody, signupBody } from '@app/shared';
import { z } from 'zod';
import { ApiError } from './api-client';
import { serverFieldErrors, zodFormValidate, zodIssueKeys } from './zod-form';

const t = (key: string) => `T(${key})`;

describe('zodFormValidate', () => {
  it('gives one translated message per broken field from the shared schema', () => {
    const errors = zodFormValidate(loginBody, t)({ email: 'not-an-email', password: '' });
    expect(errors).toEqual({ email: 'T(validation.emailInvalid)', password: 'T(validation.passwordRequired)' });
  });

  it('answers nothing when the values are valid', () => {
    expect(zodFormValidate(loginBody, t)({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('reports only the fields it is asked about', () => {
    const errors = zodFormValidate(signupBody, t, { fields: ['firstName', 'email'] })({ firstName: 'Al1', email: '' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName']);
    expect(errors.firstName).toBe('T(validation.nameChars)');
  });

  it('maps form values to the schema input first', () => {
    const validate = zodFormValidate(z.object({ n: z.number({ error: 'validation.required' }) }), t, {
      toInput: (v: { n: string }) => ({ n: v.n === '' ? undefined : Number(v.n) }),
    });
    expect(validate({ n: '' })).toEqual({ n: 'T(validation.required)' });
    expect(validate({ n: '4' })).toEqual({});
  });

  it('never shows a message that is not a translation key', () => {
    expect(zodFormValidate(z.object({ n: z.string() }), t)({ n: 3 })).toEqual({ n: 'T(errors.invalidValue)' });
  });

  it('keeps the first issue of each field', () => {
    expect(zodIssueKeys(loginBody, { email: '', password: '' }).email).toBe('validation.emailRequired');
  });
});

describe('serverFieldErrors', () => {
  it('translates each field error of a 400 by its key', () => {
    const err = new ApiError(400, 'validation', 'bad', [
      { field: 'phone', message: 'Phone number is required', key: 'validation.phoneRequired' },
      { field: 'currentPassword', message: 'Wrong', key: 'errors.invalid_credentials' },
      { field: 'other', message: 'English only' },
    ]);
    expect(serverFieldErrors(err, t)).toEqual({
      phone: 'T(validation.phoneRequired)',
      currentPassword: 'T(errors.invalid_credentials)',
      other: 'T(errors.invalidValue)',
    });
  });

  it('has nothing to say about failures that are not API errors', () => {
    expect(serverFieldErrors(new Error('boom'), t)).toEqual({});
  });
});
