import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './schema-base';
import { churches, users } from './schema';

// Sessions, password resets, failed sign-ins, the audit log and invitations (decision 023).

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
