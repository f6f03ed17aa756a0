import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS } from './constants';
import { ageOn } from './age';
import { EMAIL_PATTERN } from './login-check';
import { normalisePhone, PHONE_TYPED } from './phone';

/**
 * Validation messages are translation keys (`validation.*`). The web app shows t(key); the server
 * answers API clients with the English text below. English here and `validation.*` in the web's
 * en.json must hold the same keys (a web test checks).
 */
export const validationMessages = {
  required: 'This field is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameChars: 'Use letters, spaces, hyphens, apostrophes and dots only',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'This email is already registered. Please use a different email.',
  phoneRequired: 'Phone number is required',
  phoneDigitsOnly: 'Use digits, spaces, dashes, dots, brackets and a leading + only',
  phoneMin10: 'Phone number must have at least 10 digits',
  phoneExactly10: 'Phone number must be exactly 10 digits',
  suburbRequired: 'Suburb is required',
  suburbNoSpecial: 'Suburb must not contain special characters',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordCommon: 'This password is one of the most common ones. Please choose one that is harder to guess',
  twoStepCodeFormat: 'Enter the 6-digit code from your authenticator app',
  twoStepCodeWrong: 'This code is not right or was already used. Try the newest code',
  passwordHasEmailName: 'The password must not contain the name part of your email address',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  churchRequired: 'Please choose a church',
  termsRequired: 'You must accept the terms and privacy policy',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  tooYoung: 'You must be at least 13 years old to register',
  guardianConsentRequired: 'Members under 18 need a parent or guardian to consent',
  broughtByInvalid: 'Please enter a valid name',
  referralCodeInvalid: 'This referral code is not valid',
  codeInvalid: 'Please enter the 4-digit code',
  urlInvalid: 'Please enter a valid web address',
  linkedinInvalid: 'Please enter a valid LinkedIn profile address',
  invalidChoice: 'Please choose one of the options',
  tooLong: 'This is too long',
  // Church glossary (decision 025).
  glossaryTermRequired: 'Enter the term as it is spoken',
  glossaryNoMarkup: 'Use plain words, without < > or &',
  glossaryTermTaken: 'This term is already in the glossary',
  glossaryTranslationRequired: 'Enter the translation for this language',
  glossaryTranslationsRequired: 'A fixed entry needs at least one translation',
  preparedTextRequired: 'Paste the text or choose a file',
  voiceIdInvalid: 'Enter a voice name such as pt-BR-FranciscaNeural (Azure), pt-BR-Standard-A (Google), openai:nova or espeak:pt-br+f3',
  voiceIdRequired: 'A language needs at least one voice ID',
  translatorEndpointInvalid: 'Enter an Azure Translator endpoint, such as https://your-resource.cognitiveservices.azure.com',
  engineUrlInvalid: 'Enter the server address with http:// or https://, such as https://translate.example.org',
  // Decision 041: church-typed addresses reach only the public internet and what the operator allows.
  addressNotAllowed: 'This address is on an internal network, which this server does not call. Ask the server\'s operator to allow it',
  keyForNewAddress: 'Enter the key again for the new address',
  livestreamUrlInvalid: 'Paste the whole caption URL, starting with http:// or https://',
  engineModelInvalid: 'Enter the model name as the server knows it, such as gpt-4o-mini',
  wholeMinutes: 'Enter a whole number of minutes',
  streamLimitRange: 'Enter a number of minutes from 0 to 10080 (one week)',
  keyOrRemove: 'Remove the key or enter a new one, not both',
  dateInvalid: 'Please enter a valid date',
  suburbLettersOnly: 'Suburb must contain letters only',
  tfnAbnInvalid: 'Enter a valid TFN (8 or 9 digits) or ABN (11 digits)',
  bsbInvalid: 'BSB must be exactly 6 digits',
  accountNumberInvalid: 'Account number must be 6 to 10 digits',
  salaryInvalid: 'Enter an amount such as 85000 or 42.50',
  endBeforeStart: 'The end date must be after the start date',
  churchAdminNeedsChurch: 'A church administrator belongs to exactly one church',
  // Spec section 8, feedback and account deletion.
  feedbackTypeRequired: 'Please select feedback type',
  feedbackCommentRequired: 'Please enter your comment',
  deletionReasonRequired: 'Please select a reason',
  deletionDetailsRequired: 'Please tell us a little about your reason',
  rejectionReasonRequired: 'Please give the reason for rejecting this request',
  churchNameRequired: 'Church name is required',
  pastorNameRequired: 'Pastor name is required',
  nameMin3: 'Name must be at least 3 characters',
  churchNameChars: 'Use letters, spaces and dots only, with no dot at the start or end',
  atLeast3: 'Enter at least 3 characters',
  lettersAndSpaces: 'Use letters and spaces only',
  coordinateInvalid: 'Enter a latitude from -90 to 90 and a longitude from -180 to 180',
  coordinatesTogether: 'Enter both latitude and longitude, or neither',
  streamLimitRequired: 'Weekly stream limit is required',
  eventNameRequired: 'Event name is required',
  descriptionRequired: 'Description is required',
  startsAtRequired: 'Start date and time are required',
  consentRequired: 'Please agree to what is kept before we record your decision',
  // The standing join link and scheduled services (docs/decisions/019).
  joinCodeInvalid: 'Use 4 to 8 letters or digits',
  joinCodeTaken: 'Another church already uses this code',
  startsInPast: 'Choose a start in the future',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;

/** The key as a zod message: `validation.<key>`. */
export const msg = (key: ValidationMessageKey) => `validation.${key}`;

/** English for a `validation.*` key, or the text itself when it is not a key. */
export function englishValidationMessage(message: string): string {
  const key = message.startsWith('validation.') ? message.slice('validation.'.length) : '';
  return (validationMessages as Record<string, string>)[key] ?? message;
}

/**
 * A person's name (decision 042): at least one letter of any script, with spaces, hyphens,
 * apostrophes (' and the typographic ’) and dots, as people have them: Li, Ng, Wu, "Li Na",
 * O’Brien, José, 李, محمد, "J. R.". Combining marks count with their letter (NFD text, Devanagari).
 * The specification's three letters and plain-' rule refused common surnames of a congregation.
 */
export const PERSON_NAME = /^(?=[^\p{L}]*\p{L})[\p{L}\p{M} '’.-]+$/u;
export const isPersonName = (value: string) => PERSON_NAME.test(value.trim());

export const emailField = z
  .string({ error: msg('emailRequired') })
  .trim()
  .min(1, msg('emailRequired'))
  .max(EMAIL_MAX, msg('tooLong'))
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: msg('emailInvalid') }))
  .transform((v) => v.toLowerCase());

export const firstNameField = z
  .string({ error: msg('firstNameRequired') })
  .trim()
  .min(1, msg('firstNameRequired'))
  .max(60, msg('tooLong'))
  .regex(PERSON_NAME, msg('nameChars'));

/** Signup: last name as a name, may be empty (spec section 5). */
export const lastNameLettersField = z
  .string()
  .trim()
  .max(60, msg('tooLong'))
  .refine((v) => v === '' || PERSON_NAME.test(v), msg('nameChars'));

/** Users, administrators, staff: last name required, a name (decision 042). */
export const lastNameStrictField = z
  .string({ error: msg('lastNameRequired') })
  .trim()
  .min(1, msg('lastNameRequired'))
  .max(60, msg('tooLong'))
  .regex(PERSON_NAME, msg('nameChars'));

export const passwordField = z
  .string({ error: msg('passwordRequired') })
  .min(1, msg('passwordRequired'))
  .min(PASSWORD_MIN, msg('passwordMin'))
  .max(PASSWORD_MAX, msg('tooLong'));

// A phone is typed as people write it (spaces, dashes, dots, brackets, a leading +) and checked and
// stored as its digits (spec section 5, "digits only"): the schema's output is `normalisePhone`'s.
const typedPhone = z
  .string({ error: msg('phoneRequired') })
  .trim()
  .min(1, msg('phoneRequired'))
  .regex(PHONE_TYPED, msg('phoneDigitsOnly'))
  .transform(normalisePhone);

/** Signup phone: at least 10 digits (spec section 5). */
export const phoneAtLeast10Field = typedPhone.pipe(z.string().min(PHONE_DIGITS, msg('phoneMin10')).max(15, msg('tooLong')));

/** Admin, staff, user and church forms: exactly 10 digits (spec section 9). */
export const phoneExactly10Field = typedPhone.pipe(z.string().length(PHONE_DIGITS, msg('phoneExactly10')));

export const suburbField = z
  .string({ error: msg('suburbRequired') })
  .trim()
  .min(1, msg('suburbRequired'))
  .max(80, msg('tooLong'));

export const suburbNoSpecialField = suburbField.regex(/^[\p{L}\d ]+$/u, msg('suburbNoSpecial'));

export const optionalUrlField = z
  .string()
  .trim()
  .max(300, msg('tooLong'))
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), msg('urlInvalid'));

export const linkedinField = z
  .string()
  .trim()
  .max(300, msg('tooLong'))
  .refine((v) => v === '' || /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/.+/i.test(v), msg('linkedinInvalid'));

export const dateOfBirthField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('dateOfBirthInvalid'))
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && t < Date.now() && ageOn(v) < 130;
  }, msg('dateOfBirthInvalid'));

/** A work email (staff records and staff profiles): optional, '' clears it. */
export const workEmailField = z
  .string()
  .trim()
  .max(EMAIL_MAX, msg('tooLong'))
  .refine((v) => v === '' || z.email().safeParse(v).success, msg('emailInvalid'))
  .transform((v) => v.toLowerCase());

/** Free text a person may leave empty (null), trimmed, at most `max` characters. */
export const optionalTextField = (max: number) => z.string().trim().max(max, msg('tooLong')).nullable().optional();
