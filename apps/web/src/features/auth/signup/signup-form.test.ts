import { describe, expect, it } from 'vitest';
import {
  ageFromDateOfBirth,
  emptySignupValues,
  firstStepWithError,
  isTooYoung,
  needsGuardian,
  stepOfField,
  toSignupInput,
  type SignupValues,
} from './signup-form';
import { signupValidate } from './signup-validation';

const t = (key: string) => key;

function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

const valid: SignupValues = {
  ...emptySignupValues(),
  firstName: 'Grace',
  lastName: 'Lee',
  email: 'grace@example.com',
  phone: '0412345678',
  dateOfBirth: yearsAgo(30),
  suburb: 'Sydney',
  churchId: '0b4f5e7e-7c1a-4a8e-9a39-0d7f1d2e3c4b',
  password: 'secret1',
  confirmPassword: 'secret1',
  termsAccepted: true,
};

describe('signup form', () => {
  it('accepts a complete, valid signup', () => {
    expect(signupValidate(t)(valid)).toEqual({});
  });

  it('checks on each step only the fields that step asks for', () => {
    const empty = emptySignupValues();
    expect(Object.keys(signupValidate(t, 0)(empty)).sort()).toEqual(['dateOfBirth', 'email', 'firstName', 'phone', 'suburb']);
    expect(Object.keys(signupValidate(t, 1)(empty))).toEqual(['churchId']);
    expect(Object.keys(signupValidate(t, 2)(empty)).sort()).toEqual(['confirmPassword', 'password', 'termsAccepted']);
  });

  it('refuses someone under 13 on the first step', () => {
    expect(signupValidate(t, 0)({ ...valid, dateOfBirth: yearsAgo(12) })).toEqual({ dateOfBirth: 'validation.tooYoung' });
    expect(isTooYoung(ageFromDateOfBirth(yearsAgo(12)))).toBe(true);
    expect(isTooYoung(ageFromDateOfBirth(yearsAgo(13)))).toBe(false);
  });

  it('asks for a guardian between 13 and 17, not at 18', () => {
    const teen = { ...valid, dateOfBirth: yearsAgo(15) };
    expect(needsGuardian(ageFromDateOfBirth(teen.dateOfBirth))).toBe(true);
    expect(signupValidate(t, 2)(teen)).toEqual({ guardianConsent: 'validation.guardianConsentRequired' });
    expect(signupValidate(t, 2)({ ...teen, guardianConsent: true })).toEqual({});
    expect(needsGuardian(ageFromDateOfBirth(yearsAgo(18)))).toBe(false);
    expect(needsGuardian(ageFromDateOfBirth(yearsAgo(17, 360)))).toBe(true);
  });

  it('says when the passwords differ', () => {
    expect(signupValidate(t, 2)({ ...valid, confirmPassword: 'other1' })).toEqual({ confirmPassword: 'validation.passwordsDoNotMatch' });
  });

  it('leaves unanswered choices out and turns attended-before into a yes/no', () => {
    const input = toSignupInput({ ...valid, attendedBefore: 'no', gender: '', referralCode: 'AB12' });
    expect(input).toMatchObject({ attendedBefore: false, gender: undefined, referralCode: 'AB12', faithLevel: undefined });
    expect(toSignupInput({ ...valid, attendedBefore: 'yes' }).attendedBefore).toBe(true);
    expect(toSignupInput(valid).attendedBefore).toBeUndefined();
  });

  it('finds the step of a field and the earliest step with an error', () => {
    expect(stepOfField('email')).toBe(0);
    expect(stepOfField('referralCode')).toBe(1);
    expect(stepOfField('termsAccepted')).toBe(2);
    expect(stepOfField('_')).toBe(2);
    expect(firstStepWithError({ termsAccepted: 'x', churchId: 'y' })).toBe(1);
    expect(firstStepWithError({})).toBeNull();
  });

  it('has no age while the date of birth is incomplete', () => {
    expect(ageFromDateOfBirth('')).toBeNull();
    expect(ageFromDateOfBirth('2001-13-45')).toBeNull();
  });
});
