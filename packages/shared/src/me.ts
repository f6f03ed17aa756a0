import { z } from 'zod';
import { MIN_AGE, PASSWORD_MAX } from './constants';
import { faithLevels, genders } from './enums';
import { primaryLanguages } from './languages';
import { ageOn } from './age';
import {
  dateOfBirthField,
  emailField,
  firstNameField,
  linkedinField,
  msg,
  optionalTextField,
  passwordField,
  PERSON_NAME,
  phoneAtLeast10Field,
  suburbField,
  workEmailField,
} from './validation';

/** Profile: first and last name required (spec section 5, profile). */
const profileLastNameField = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(60, msg('tooLong'))
  .regex(PERSON_NAME, msg('nameChars'));


/**
 * PATCH /api/v1/me: every field optional; only the fields sent change. `''` or null clears an
 * optional field. workEmail and linkedinUrl are kept for staff roles only (staff, church and platform
 * admins) and ignored for members. Answers `meResponse`; a taken email answers 409 `email_taken`.
 * Phone follows the signup rule (digits only, at least 10) so a member's own signup phone stays valid.
 */
export const updateMeBody = z.object({
  firstName: firstNameField.optional(),
  lastName: profileLastNameField.optional(),
  email: emailField.optional(),
  phone: phoneAtLeast10Field.optional(),
  suburb: suburbField.optional(),
  address: optionalTextField(200),
  dateOfBirth: z
    .union([z.literal(''), dateOfBirthField.refine((v) => ageOn(v) >= MIN_AGE, msg('tooYoung'))], { error: msg('dateOfBirthInvalid') })
    .nullable()
    .optional(),
  gender: z.enum(genders, { error: msg('invalidChoice') }).nullable().optional(),
  primaryLanguage: z.enum(primaryLanguages, { error: msg('invalidChoice') }).nullable().optional(),
  faithLevel: z.enum(faithLevels, { error: msg('invalidChoice') }).nullable().optional(),
  workEmail: workEmailField.nullable().optional(),
  linkedinUrl: linkedinField.nullable().optional(),
});
export type UpdateMeBody = z.input<typeof updateMeBody>;

/**
 * POST /api/v1/me/password → 204. A wrong current password answers 400 code `invalid_credentials`
 * with a field error on `currentPassword`. Other sessions of the person are signed out.
 */
export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: msg('passwordRequired') }).min(1, msg('passwordRequired')).max(PASSWORD_MAX, msg('tooLong')),
    newPassword: passwordField,
    confirmPassword: z.string({ error: msg('confirmPasswordRequired') }).min(1, msg('confirmPasswordRequired')),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('passwordsDoNotMatch'),
    when: (payload) => !payload.issues.some((i) => ['newPassword', 'confirmPassword'].includes(String(i.path?.[0]))),
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/**
 * PUT /api/v1/me/photo: multipart/form-data with one file in field `file` (JPG or PNG, checked from
 * its bytes, at most IMAGE_MAX_BYTES). Answers `meResponse` with the new `photoUrl`; 415 code
 * `unsupported_media_type` for another type, 413 `payload_too_large` over 5 MB.
 * DELETE /api/v1/me/photo → 204.
 */
export const PHOTO_FIELD = 'file';
export const profilePhotoTypes = ['image/jpeg', 'image/png'] as const;
