import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  accountStatuses,
  audioQualities,
  deletionReasons,
  deletionStatuses,
  employmentTypes,
  faithLevels,
  feedbackTypes,
  followUpStatuses,
  genders,
  languageListKinds,
  listenerStatuses,
  primaryLanguages,
  referralSources,
  roles,
  sermonStatuses,
  workLocations,
} from '@app/shared';


const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', roles);
export const genderEnum = pgEnum('gender', genders);
export const faithLevelEnum = pgEnum('faith_level', faithLevels);
export const referralSourceEnum = pgEnum('referral_source', referralSources);
export const primaryLanguageEnum = pgEnum('primary_language', primaryLanguages);
export const employmentTypeEnum = pgEnum('employment_type', employmentTypes);
export const workLocationEnum = pgEnum('work_location', workLocations);
export const languageListEnum = pgEnum('language_list', languageListKinds);
export const sermonStatusEnum = pgEnum('sermon_status', sermonStatuses);
export const listenerStatusEnum = pgEnum('listener_status', listenerStatuses);
export const deletionReasonEnum = pgEnum('deletion_reason', deletionReasons);
export const deletionStatusEnum = pgEnum('deletion_status', deletionStatuses);
export const feedbackTypeEnum = pgEnum('feedback_type', feedbackTypes);
export const audioQualityEnum = pgEnum('audio_quality', audioQualities);
export const accountStatusEnum = pgEnum('account_status', accountStatuses);

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

export const events = pgTable('events', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  // Optional: without it the event ends when its day ends in the church's time zone.
  endsAt: timestamp('ends_at', { withTimezone: true }),
  location: text('location'),
  isPublic: boolean('is_public').notNull().default(false),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  searchText: text('search_text').generatedAlwaysAs(sql`f_unaccent(lower("name" || ' ' || coalesce("location", '')))`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('events_church_starts_idx').on(t.churchId, t.startsAt),
  index('events_starts_idx').on(t.startsAt),
  index('events_church_public_starts_idx').on(t.churchId, t.startsAt).where(sql`${t.isPublic}`),
]);

export const eventImages = pgTable('event_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  isCover: boolean('is_cover').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index('event_images_event_idx').on(t.eventId),
  uniqueIndex('event_images_cover_uq').on(t.eventId).where(sql`${t.isCover}`),
]);

export const sermons = pgTable('sermons', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Short, unguessable, shareable; separate from the primary key (STYLE.md).
  broadcastId: text('broadcast_id').notNull(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
  sourceLanguage: text('source_language').notNull(),
  status: sermonStatusEnum('status').notNull().default('live'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  durationSeconds: integer('duration_seconds'),
  // Seconds already charged to the church's weekly allowance; advanced as the sermon runs so a
  // crash never leaves minutes uncounted.
  chargedSeconds: integer('charged_seconds').notNull().default(0),
  lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  endReason: text('end_reason'),
  listenersJoined: integer('listeners_joined').notNull().default(0),
  // The scheduled service this sermon is (docs/decisions/019); schema-schedule.ts holds that table.
  scheduledSermonId: uuid('scheduled_sermon_id'),
  createdAt: createdAt(),
}, (t) => [
  index('sermons_scheduled_idx').on(t.scheduledSermonId),
  uniqueIndex('sermons_broadcast_uq').on(t.broadcastId),
  index('sermons_church_started_idx').on(t.churchId, t.startedAt),
  index('sermons_status_idx').on(t.status),
  index('sermons_started_idx').on(t.startedAt.desc(), t.id.desc()),
  index('sermons_status_church_started_idx').on(t.status, t.churchId, t.startedAt),
]);

export const transcriptSegments = pgTable('transcript_segments', {
  id: uuid('id').primaryKey().defaultRandom(),
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  sourceLanguage: text('source_language').notNull(),
  text: text('text').notNull(),
  // The speaker's own id for the line: a resend (after a reconnection, to any process) is recognised.
  clientId: text('client_id'),
  // When the line's first words were heard (its first interim text), for subtitle and livestream
  // cue times (decision 037); null for lines stored before, whose createdAt is when they ended.
  spokenAt: timestamp('spoken_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('transcript_segments_seq_uq').on(t.sermonId, t.seq),
  uniqueIndex('transcript_segments_client_uq').on(t.sermonId, t.clientId),
]);

export const segmentTranslations = pgTable('segment_translations', {
  segmentId: uuid('segment_id').notNull().references(() => transcriptSegments.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  text: text('text').notNull(),
  // 'azure' | 'demo' | 'untranslated': shown to listeners so demo text is never mistaken for real.
  provider: text('provider').notNull(),
}, (t) => [primaryKey({ columns: [t.segmentId, t.language] })]);

export const listenerSessions = pgTable('listener_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  guestName: text('guest_name'),
  language: text('language').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  durationSeconds: integer('duration_seconds'),
  status: listenerStatusEnum('status').notNull().default('active'),
}, (t) => [
  index('listener_sessions_sermon_idx').on(t.sermonId),
  index('listener_sessions_user_started_idx').on(t.userId, t.startedAt),
]);

export const deletionRequests = pgTable('deletion_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  churchId: uuid('church_id').references(() => churches.id, { onDelete: 'set null' }),
  reason: deletionReasonEnum('reason').notNull(),
  details: text('details'),
  status: deletionStatusEnum('status').notNull().default('pending'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
  rejectionReason: text('rejection_reason'),
  escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  approvedAutomatically: boolean('approved_automatically').notNull().default(false),
  purgedAt: timestamp('purged_at', { withTimezone: true }),
}, (t) => [
  index('deletion_requests_church_requested_idx').on(t.churchId, t.requestedAt),
  index('deletion_requests_status_idx').on(t.status),
  uniqueIndex('deletion_requests_one_open_uq').on(t.userId).where(sql`${t.status} = 'pending'`),
  index('deletion_requests_user_idx').on(t.userId, t.requestedAt),
  index('deletion_requests_to_purge_idx').on(t.requestedAt).where(sql`${t.purgedAt} is null`),
]);

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  churchId: uuid('church_id').references(() => churches.id, { onDelete: 'set null' }),
  type: feedbackTypeEnum('type').notNull(),
  audioQuality: audioQualityEnum('audio_quality'),
  comment: text('comment').notNull(),
  // Given from the listener screen when a sermon ends.
  sermonId: uuid('sermon_id').references(() => sermons.id, { onDelete: 'set null' }),
  language: text('language'),
  createdAt: createdAt(),
}, (t) => [
  index('feedback_church_created_idx').on(t.churchId, t.createdAt),
  index('feedback_created_idx').on(t.createdAt, t.id),
  index('feedback_sermon_idx').on(t.sermonId),
]);

export const serverSessions = pgTable('server_sessions', {
  // The sha256 of the cookie value: a leaked table does not yield usable cookies.
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  userAgent: text('user_agent'),
  // Decision 023: the id the list of signed-in devices shows; the address; the half session
  // between password and code, its wrong tries, and when a code was last checked on it.
  id: uuid('id').notNull().defaultRandom(),
  ipAddress: text('ip_address'),
  twoStepPending: boolean('two_step_pending').notNull().default(false),
  twoStepTries: integer('two_step_tries').notNull().default(0),
  twoStepAt: timestamp('two_step_at', { withTimezone: true }),
}, (t) => [
  index('server_sessions_user_idx').on(t.userId),
  index('server_sessions_expires_idx').on(t.expiresAt),
  uniqueIndex('server_sessions_id_uq').on(t.id),
]);

export const passwordResetCodes = pgTable('password_reset_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('password_reset_codes_user_idx').on(t.userId, t.createdAt)]);

export const loginFailures = pgTable('login_failures', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_failures_email_at_idx').on(t.email, t.at)]);

export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  churchId: uuid('church_id').references(() => churches.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id'),
  details: jsonb('details'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('audit_log_church_at_idx').on(t.churchId, t.at),
  index('audit_log_target_idx').on(t.targetType, t.targetId),
  index('audit_log_at_idx').on(t.at),
  index('audit_log_actor_at_idx').on(t.actorId, t.at),
]);

/** A link emailed to a person an admin added, to set their own password. */
export const accountInvitations = pgTable('account_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  // sha256 of the token in the link; the token itself is never stored.
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('account_invitations_token_uq').on(t.tokenHash), index('account_invitations_user_idx').on(t.userId)]);


export const followUpStatusEnum = pgEnum('follow_up_status', followUpStatuses);

/** "I accept Jesus" with consent (decision 014); anonymous once the person is forgotten. */
export const salvations = pgTable('salvations', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  sermonId: uuid('sermon_id').references(() => sermons.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  language: text('language').notNull(),
  // A guest's optional first name and phone or email; null when anonymous or forgotten.
  firstName: text('first_name'),
  contact: text('contact'),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('salvations_church_created_idx').on(t.churchId, t.createdAt.desc(), t.id.desc()),
  index('salvations_created_idx').on(t.createdAt.desc(), t.id.desc()),
  index('salvations_sermon_idx').on(t.sermonId),
  index('salvations_user_idx').on(t.userId),
]);

export const followUps = pgTable('follow_ups', {
  id: uuid('id').primaryKey().defaultRandom(),
  salvationId: uuid('salvation_id').notNull().references(() => salvations.id, { onDelete: 'cascade' }),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
  status: followUpStatusEnum('status').notNull().default('new'),
  notes: text('notes').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('follow_ups_salvation_uq').on(t.salvationId),
  index('follow_ups_church_created_idx').on(t.churchId, t.createdAt.desc(), t.id.desc()),
  index('follow_ups_assignee_created_idx').on(t.assignedToId, t.createdAt.desc(), t.id.desc()),
  index('follow_ups_created_idx').on(t.createdAt.desc(), t.id.desc()),
]);

/** Listening per ended sermon and language (decision record 015). */
export const sermonLanguageStats = pgTable('sermon_language_stats', {
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  listeners: integer('listeners').notNull(),
  listenerSeconds: bigint('listener_seconds', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ name: 'sermon_language_stats_pk', columns: [t.sermonId, t.language] }),
  // Both indexes also INCLUDE language, listeners and listener_seconds (migration 0004): covering.
  index('sermon_language_stats_church_started_idx').on(t.churchId, t.startedAt),
  index('sermon_language_stats_started_idx').on(t.startedAt),
]);

export const sermonRollups = pgTable('sermon_rollups', {
  sermonId: uuid('sermon_id').primaryKey().references(() => sermons.id, { onDelete: 'cascade' }),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
});

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
