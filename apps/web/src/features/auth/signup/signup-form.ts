import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { ADULT_AGE, MIN_AGE, ageOn } from '@app/shared';

/**
 * What the inputs hold: strings, booleans, and null for a select with nothing chosen (so it shows no
 * clear button); `toSignupInput` turns them into the API's shape.
 */
export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string | null;
  suburb: string;
  churchId: string | null;
  primaryLanguage: string | null;
  faithLevel: string | null;
  /** 'yes' | 'no' | '' (not answered). */
  attendedBefore: string;
  broughtBy: string;
  referralSource: string | null;
  referralCode: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
  guardianConsent: boolean;
}

/** What the steps that depend on the person's age are given; `age` is null until the birth date is a valid one. */
export interface SignupStepProps {
  form: UseFormReturnType<SignupValues>;
  age: number | null;
}

export function emptySignupValues(referralCode = ''): SignupValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    dateOfBirth: '',
    gender: null,
    suburb: '',
    churchId: null,
    primaryLanguage: null,
    faithLevel: null,
    attendedBefore: '',
    broughtBy: '',
    referralSource: null,
    referralCode,
    password: '',
    confirmPassword: '',
    termsAccepted: false,
    guardianConsent: false,
  };
}

/** The three steps of the screen and the fields each one asks for, in the order they show. */
export const signupSteps = [
  ['firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'gender', 'suburb'],
  ['churchId', 'primaryLanguage', 'faithLevel', 'attendedBefore', 'broughtBy', 'referralSource', 'referralCode'],
  ['password', 'confirmPassword', 'termsAccepted', 'guardianConsent'],
] as const;

/** The step that asks for `field`; unknown fields (a server error about the whole body) land on the last. */
export function stepOfField(field: string): number {
  const i = signupSteps.findIndex((fields) => (fields as readonly string[]).includes(field));
  return i === -1 ? signupSteps.length - 1 : i;
}

/** The earliest step showing one of these errors, or null when there are none. */
export function firstStepWithError(errors: FormErrors): number | null {
  const steps = Object.keys(errors).map(stepOfField);
  return steps.length ? Math.min(...steps) : null;
}

const optional = (v: string | null) => (v === null || v.trim() === '' ? undefined : v);

/** Form values → the signup body (unanswered optional choices are left out, not sent empty). */
export function toSignupInput(v: SignupValues): Record<string, unknown> {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    dateOfBirth: v.dateOfBirth,
    gender: optional(v.gender),
    suburb: v.suburb,
    churchId: v.churchId ?? '',
    primaryLanguage: optional(v.primaryLanguage),
    faithLevel: optional(v.faithLevel),
    attendedBefore: v.attendedBefore === '' ? undefined : v.attendedBefore === 'yes',
    broughtBy: optional(v.broughtBy),
    referralSource: optional(v.referralSource),
    referralCode: optional(v.referralCode),
    password: v.password,
    confirmPassword: v.confirmPassword,
    termsAccepted: v.termsAccepted,
    guardianConsent: v.guardianConsent,
  };
}

/** Age in whole years from a complete YYYY-MM-DD, or null while the date is not (yet) valid. */
export function ageFromDateOfBirth(dateOfBirth: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) || Number.isNaN(Date.parse(`${dateOfBirth}T00:00:00Z`))) return null;
  return ageOn(dateOfBirth);
}

export const isTooYoung = (age: number | null) => age !== null && age < MIN_AGE;
export const needsGuardian = (age: number | null) => age !== null && age >= MIN_AGE && age < ADULT_AGE;
