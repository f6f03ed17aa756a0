import { z } from 'zod';
import { ADULT_AGE, MIN_AGE, PASSWORD_MAX, RESET_CODE_LENGTH } from './constants';
import { faithLevels, genders, referralSources } from './enums';
import { primaryLanguages } from './languages';
import { roles } from './roles';
import { ageOn } from './age';
import {
  dateOfBirthField,
  emailField,
  firstNameField,
  lastNameLettersField,
  msg,
  passwordField,
  phoneAtLeast10Field,
  suburbField,
} from './validation';

/** POST /api/v1/auth/signup. Every rule of spec section 5 lives here, for the screen and the server. */
export const signupFields = z.object({
  firstName: firstNameField,
  lastName: lastNameLettersField.default(''),
  email: emailField,
  phone: phoneAtLeast10Field,
  suburb: suburbField,
  // A missing date answers with the rule's own message rather than zod's type error.
  dateOfBirth: z.string({ error: msg('dateOfBirthInvalid') }).pipe(dateOfBirthField),
  gender: z.enum(genders, { error: msg('invalidChoice') }).optional(),
  churchId: z.string({ error: msg('churchRequired') }).uuid(msg('churchRequired')),
  primaryLanguage: z.enum(primaryLanguages, { error: msg('invalidChoice') }).optional(),
  faithLevel: z.enum(faithLevels, { error: msg('invalidChoice') }).optional(),
  attendedBefore: z.boolean({ error: msg('invalidChoice') }).optional(),
  broughtBy: z
    .string()
    .trim()
    .max(80, msg('tooLong'))
    .refine((v) => v === '' || /^[\p{L}]+(?:[ '.-][\p{L}]+)*\.?$/u.test(v), msg('broughtByInvalid'))
    .optional(),
  referralSource: z.enum(referralSources, { error: msg('invalidChoice') }).optional(),
  // Empty means "nobody referred me"; anything else must look like a code (the server then checks it exists).
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z0-9]{4,20}$/.test(v), msg('referralCodeInvalid'))
    .optional(),
  password: passwordField,
  confirmPassword: z.string({ error: msg('confirmPasswordRequired') }).min(1, msg('confirmPasswordRequired')),
  termsAccepted: z.literal(true, { error: msg('termsRequired') }),
  guardianConsent: z.boolean().optional(),
});

// Cross-field rules run even when other fields are broken, so one answer lists every problem.
const whenFieldsValid = (fields: string[]) => ({
  when: (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    !payload.issues.some((i) => fields.includes(String(i.path?.[0]))),
});

export const signupBody = signupFields
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('passwordsDoNotMatch'),
    ...whenFieldsValid(['confirmPassword']),
  })
  .refine((v) => ageOn(v.dateOfBirth) >= MIN_AGE, {
    path: ['dateOfBirth'],
    message: msg('tooYoung'),
    ...whenFieldsValid(['dateOfBirth']),
  })
  .refine((v) => ageOn(v.dateOfBirth) < MIN_AGE || ageOn(v.dateOfBirth) >= ADULT_AGE || v.guardianConsent === true, {
    path: ['guardianConsent'],
    message: msg('guardianConsentRequired'),
    ...whenFieldsValid(['dateOfBirth', 'guardianConsent']),
  });
export type SignupBody = z.input<typeof signupBody>;

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: msg('passwordRequired') }).min(1, msg('passwordRequired')).max(PASSWORD_MAX, msg('tooLong')),
});
export type LoginBody = z.input<typeof loginBody>;

export const resetRequestBody = z.object({ email: emailField });
export const resetCodeField = z
  .string({ error: msg('codeInvalid') })
  .trim()
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), msg('codeInvalid'));
export const resetVerifyBody = z.object({ email: emailField, code: resetCodeField });
export const resetConfirmBody = z
  .object({
    email: emailField,
    code: resetCodeField,
    password: passwordField,
    confirmPassword: z.string({ error: msg('confirmPasswordRequired') }).min(1, msg('confirmPasswordRequired')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('passwordsDoNotMatch'),
    ...whenFieldsValid(['confirmPassword']),
  });

/** GET /api/v1/me and the body of a successful sign-in or signup. */
export const meResponse = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  churchId: z.string().uuid().nullable(),
  churchName: z.string().nullable(),
  phone: z.string(),
  suburb: z.string(),
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  primaryLanguage: z.enum(primaryLanguages).nullable(),
  faithLevel: z.enum(faithLevels).nullable(),
  referralCode: z.string(),
  photoUrl: z.string().nullable(),
  acceptedJesus: z.boolean(),
  acceptedJesusAt: z.string().nullable(),
  /** Staff only (staff, church and platform admins): their work email and LinkedIn. */
  workEmail: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
});
export type Me = z.infer<typeof meResponse>;

/** 202 body of POST /auth/password-reset: the same whether or not the email is registered. */
export const resetRequestResponse = z.object({ message: z.string() });
/** 200 body of POST /auth/password-reset/verify (a wrong code answers 400 `invalid_reset_code`). */
export const resetVerifyResponse = z.object({ valid: z.literal(true) });
