import { z } from 'zod';
import { pageOf } from './api';
import { accountStatuses, faithLevels, genders, referralSources } from './enums';
import { primaryLanguages } from './languages';
import { booleanFilter, listQueryFor } from './lists';
import { roles } from './roles';
import {
  dateOfBirthField,
  emailField,
  firstNameField,
  lastNameStrictField,
  msg,
  optionalTextField,
  passwordField,
  phoneExactly10Field,
  suburbField,
} from './validation';

/** Users form: suburb letters (and spaces) only (spec section 5, "letters only on the user form"). */
export const suburbLettersField = suburbField.regex(/^[\p{L}]+(?:[ '.-][\p{L}]+)*$/u, msg('suburbLettersOnly'));

const churchIdField = z.string({ error: msg('churchRequired') }).uuid(msg('churchRequired'));

/** A person as lists and detail pages show them; the JSON names are the signup's plus role and churchId. */
export const personSchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  suburb: z.string(),
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  role: z.enum(roles),
  status: z.enum(accountStatuses),
  churchId: z.string().uuid().nullable(),
  churchName: z.string().nullable(),
  primaryLanguage: z.enum(primaryLanguages).nullable(),
  faithLevel: z.enum(faithLevels).nullable(),
  attendedBefore: z.boolean().nullable(),
  broughtBy: z.string().nullable(),
  referralSource: z.enum(referralSources).nullable(),
  referralCode: z.string(),
  referredById: z.string().uuid().nullable(),
  referredByName: z.string().nullable(),
  acceptedJesus: z.boolean(),
  acceptedJesusAt: z.string().nullable(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** When a people import created the person: no join date of theirs is known (decision 052). */
  importedAt: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** Signup calls the referrer's code `referralCode`; on these forms it is `referredByCode`. */
function referralCodeAlias(v: unknown) {
  if (v && typeof v === 'object' && !Array.isArray(v) && 'referralCode' in v && !('referredByCode' in v)) {
    const { referralCode, ...rest } = v as Record<string, unknown>;
    return { ...rest, referredByCode: referralCode };
  }
  return v;
}

/** Roles a person can be given from the users list: promoting to staff is a church admin's call. */
export const userRoles = ['member', 'staff'] as const;

/**
 * Fields of a person an admin or staff member edits (spec section 3 user, section 5 users rules).
 * One schema for the form and the server.
 */
export const personFields = z.object({
  firstName: firstNameField,
  lastName: lastNameStrictField,
  email: emailField,
  phone: phoneExactly10Field,
  suburb: suburbLettersField,
  churchId: churchIdField,
  address: optionalTextField(200),
  dateOfBirth: z.union([z.literal(''), dateOfBirthField], { error: msg('dateOfBirthInvalid') }).nullable().optional(),
  gender: z.enum(genders, { error: msg('invalidChoice') }).nullable().optional(),
  primaryLanguage: z.enum(primaryLanguages, { error: msg('invalidChoice') }).nullable().optional(),
  faithLevel: z.enum(faithLevels, { error: msg('invalidChoice') }).nullable().optional(),
  attendedBefore: z.boolean({ error: msg('invalidChoice') }).nullable().optional(),
  broughtBy: z
    .string()
    .trim()
    .max(80, msg('tooLong'))
    .refine((v) => v === '' || /^[\p{L}]+(?:[ '.-][\p{L}]+)*\.?$/u.test(v), msg('broughtByInvalid'))
    .nullable()
    .optional(),
  referralSource: z.enum(referralSources, { error: msg('invalidChoice') }).nullable().optional(),
  /**
   * The referral code of whoever referred this person; '' or null clears it. Also accepted as
   * `referralCode`, the name signup uses for the same thing.
   */
  referredByCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z0-9]{4,20}$/.test(v), msg('referralCodeInvalid'))
    .nullable()
    .optional(),
  acceptedJesus: z.boolean({ error: msg('invalidChoice') }).optional(),
  /** YYYY-MM-DD or an ISO date-time; kept only while acceptedJesus is true. */
  acceptedJesusAt: z
    .union([z.literal(''), z.iso.date({ error: msg('dateInvalid') }), z.iso.datetime({ offset: true, error: msg('dateInvalid') })], { error: msg('dateInvalid') })
    .nullable()
    .optional(),
});

/**
 * POST /api/v1/users: a password (at least 6), or `invite: true` to email the person a link to
 * set their own (in their primary language). `role` staff is for church and platform admins only.
 */
export const createUserBody = z.preprocess(referralCodeAlias, personFields
  .extend({
    role: z.enum(userRoles, { error: msg('invalidChoice') }).default('member'),
    password: passwordField.optional(),
    confirmPassword: z.string().optional(),
    invite: z.boolean().optional(),
  })
  .refine((v) => v.invite === true || v.password !== undefined, {
    path: ['password'],
    message: msg('passwordRequired'),
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'password'),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: msg('passwordsDoNotMatch'),
    when: (payload) => !payload.issues.some((i) => ['password', 'confirmPassword'].includes(String(i.path?.[0]))),
  }));
export type CreateUserBody = z.input<typeof createUserBody>;

/**
 * PATCH /api/v1/users/:id: any field of the add form except the password; only what is sent changes.
 * The email may be '' or null only for a person who has none (status 'no_account', decision 036):
 * the server refuses to take an email away, which is someone's sign-in.
 */
const updateFields = personFields.partial().extend({ role: z.enum(userRoles, { error: msg('invalidChoice') }).optional() });
export const updateUserBody = z.preprocess(referralCodeAlias, updateFields.extend({
  email: z.preprocess((v) => (v === '' ? null : v), emailField.nullable()).optional(),
}));
/** The edit form of a person with an account: their email stays required (it is their sign-in). */
export const updateAccountHolderBody = z.preprocess(referralCodeAlias, updateFields);
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userSortable = ['firstName', 'lastName', 'email', 'phone', 'suburb', 'churchName', 'role', 'createdAt'] as const;

/** GET /api/v1/users: `churchId` (platform admins), `role`, `status` (account state). */
export const userListQuery = listQueryFor(userSortable, {
  churchId: z.string().uuid(msg('invalidChoice')).optional(),
  role: z.enum(roles, { error: msg('invalidChoice') }).optional(),
  status: z.enum(accountStatuses, { error: msg('invalidChoice') }).optional(),
  acceptedJesus: booleanFilter,
});
export type UserListQuery = z.input<typeof userListQuery>;
export const personList = pageOf(personSchema);

/** POST /api/v1/auth/invitation: the person sets their own password from the emailed link. */
export const acceptInvitationBody = z
  .object({
    token: z.string({ error: msg('required') }).min(20, msg('required')).max(200, msg('tooLong')),
    password: passwordField,
    confirmPassword: z.string({ error: msg('confirmPasswordRequired') }).min(1, msg('confirmPasswordRequired')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('passwordsDoNotMatch'),
    when: (payload) => !payload.issues.some((i) => ['password', 'confirmPassword'].includes(String(i.path?.[0]))),
  });
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;
