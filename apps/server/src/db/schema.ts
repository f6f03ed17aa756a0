import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, customType, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountStatusEnum, createdAt, employmentTypeEnum, faithLevelEnum, genderEnum, languageListEnum, primaryLanguageEnum, referralSourceEnum, roleEnum, updatedAt, workLocationEnum } from './schema-base';

export const churches = pgTable('churches', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  suburb: text('suburb').notNull(),
  state: text('state').notNull(),
  country: text('country').notNull().default('Australia'),
  contactNumber: text('contact_number').notNull(),
  pastorName: text('pastor_name').notNull(),
  pastorPhone: text('pastor_phone').notNull(),
  // Secrets are AES-256-GCM ciphertexts (lib/crypto); never returned whole.
  speechKeyEnc: text('speech_key_enc'),
  speechLocation: text('speech_location'),
  translatorEndpoint: text('translator_endpoint'),
  translatorKeyEnc: text('translator_key_enc'),
  translatorLocation: text('translator_location'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  weeklyStreamLimitMinutes: integer('weekly_stream_limit_minutes').notNull().default(120),
  timeZone: text('time_zone').notNull().default('Australia/Sydney'),
  guestsMayListen: boolean('guests_may_listen').notNull().default(true),
  imagePath: text('image_path'),
  // The standing join link `/l/{code}` (docs/decisions/019): unique ignoring case, random by default.
  joinCode: text('join_code').notNull().default(sql`upper(substr(md5(gen_random_uuid()::text), 1, 6))`),
  // Lower case, accents stripped: what the churches list searches (migration 0003).
  searchText: text('search_text').generatedAlwaysAs(sql`f_unaccent(lower("name" || ' ' || "suburb" || ' ' || "state"))`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('churches_name_idx').on(t.name),
  index('churches_name_human_idx').on(sql`f_unaccent(lower(${t.name}))`, t.id),
  uniqueIndex('churches_join_code_uq').on(sql`lower(${t.joinCode})`),
]);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Null for a person with no account to sign in with (status 'no_account', decision 036).
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  role: roleEnum('role').notNull().default('member'),
  churchId: uuid('church_id').references(() => churches.id, { onDelete: 'set null' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address: text('address'),
  suburb: text('suburb').notNull().default(''),
  dateOfBirth: date('date_of_birth'),
  gender: genderEnum('gender'),
  photoPath: text('photo_path'),
  primaryLanguage: primaryLanguageEnum('primary_language'),
  faithLevel: faithLevelEnum('faith_level'),
  attendedBefore: boolean('attended_before'),
  broughtBy: text('brought_by'),
  referralSource: referralSourceEnum('referral_source'),
  referralCode: text('referral_code').notNull(),
  referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  acceptedJesus: boolean('accepted_jesus').notNull().default(false),
  acceptedJesusAt: timestamp('accepted_jesus_at', { withTimezone: true }),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  guardianConsent: boolean('guardian_consent').notNull().default(false),
  // 'invited': added by an admin and emailed a link to set their own password. 'no_account': no
  // email, so no sign-in (imported from a church's records, decision 036). 'imported': an email but
  // imported without an invitation, so no password and no mail yet (decision 052).
  accountStatus: accountStatusEnum('account_status').notNull().default('active'),
  // When a people import created the person (migration 0022): not a new member of that day (decision 052).
  importedAt: timestamp('imported_at', { withTimezone: true }),
  // Set when an approved deletion emptied the row (decision 016): kept for the counts only.
  purgedAt: timestamp('purged_at', { withTimezone: true }),
  // Unread church messages mailed as a digest (decision record 022); Manage Profile turns it off.
  messageDigest: boolean('message_digest').notNull().default(true),
  // Lower case, accents stripped: what list search matches (migrations 0001 and 0017, f_unaccent).
  searchText: text('search_text').generatedAlwaysAs(
    sql`f_unaccent(lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || "phone"))`,
  ),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // Emails are unique regardless of letter case; services also store them lower-cased.
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  uniqueIndex('users_referral_code_uq').on(t.referralCode),
  index('users_church_created_idx').on(t.churchId, t.createdAt),
  index('users_role_idx').on(t.role),
  index('users_accepted_jesus_idx').on(t.churchId, t.acceptedJesusAt),
  index('users_last_name_idx').on(sql`f_unaccent(lower(${t.lastName}))`, t.id),
  index('users_church_last_name_idx').on(t.churchId, sql`f_unaccent(lower(${t.lastName}))`, t.id),
  index('users_first_name_idx').on(sql`f_unaccent(lower(${t.firstName}))`, t.id),
  index('users_created_idx').on(t.createdAt, t.id),
  index('users_role_church_created_idx').on(t.role, t.churchId, t.createdAt),
  index('users_created_role_idx').on(t.createdAt, t.role, t.churchId),
  index('users_member_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`role = 'member'`),
  index('users_member_church_created_idx').on(t.churchId, t.createdAt.desc(), t.id.desc()).where(sql`role = 'member'`),
  // A people list's total, counted on the index alone (decision 028).
  index('users_listed_church_idx').on(t.churchId, t.role).where(sql`purged_at is null`),
]);

export const staffDetails = pgTable('staff_details', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  jobTitle: text('job_title'),
  department: text('department'),
  employmentType: employmentTypeEnum('employment_type'),
  workLocation: workLocationEnum('work_location'),
  startDate: date('start_date'),
  endDate: date('end_date'),
  workEmail: text('work_email'),
  countryOfOrigin: text('country_of_origin'),
  systemAccessLevel: text('system_access_level'),
  assignedTeams: text('assigned_teams'),
  educationLevel: text('education_level'),
  certifications: text('certifications'),
  skills: text('skills'),
  languagesSpoken: text('languages_spoken'),
  employeeId: text('employee_id'),
  // Payroll and personal data encrypted at rest (ARCHITECTURE.md section 6, decision 011).
  salaryEnc: text('salary_enc'),
  bankDetailsEnc: text('bank_details_enc'),
  tfnAbnEnc: text('tfn_abn_enc'),
  workVisaStatusEnc: text('work_visa_status_enc'),
  emergencyContactEnc: text('emergency_contact_enc'),
  linkedinUrl: text('linkedin_url'),
  notes: text('notes'),
  updatedAt: updatedAt(),
});

export const churchLanguages = pgTable('church_languages', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  list: languageListEnum('list').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  maleVoiceId: text('male_voice_id'),
  femaleVoiceId: text('female_voice_id'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('church_languages_uq').on(t.churchId, t.list, t.code)]);


const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Images and synthesised voice clips, readable by every server process (decision 006). Keys are
 * paths: `images/<random name>`, `tts/<sermon>/<seq>-<lang>-<voice>.mp3`.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

export { roleEnum, genderEnum, faithLevelEnum, referralSourceEnum, primaryLanguageEnum, employmentTypeEnum, workLocationEnum, languageListEnum, sermonStatusEnum, listenerStatusEnum, deletionReasonEnum, deletionStatusEnum, feedbackTypeEnum, audioQualityEnum, accountStatusEnum, followUpStatusEnum } from './schema-base';
export * from './schema-sermons';
export * from './schema-care';
export * from './schema-sign-in';
export * from './schema-schedule';
export * from './schema-glossary';
export * from './schema-messages';
export * from './schema-accounts';
export * from './schema-backups';
export * from './schema-translation';
export * from './schema-imports';
export * from './schema-livestream';
export * from './schema-recognition';
export * from './schema-costs';
