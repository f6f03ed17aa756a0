import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Two-step sign-in (decision 023): the TOTP secret encrypted with SECRETS_KEY (`pendingSecretEnc`
 * until a first code confirms it) and the last time step accepted, so one code counts once.
 */
export const twoStepSettings = pgTable('two_step_settings', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc'),
  pendingSecretEnc: text('pending_secret_enc'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten one-time recovery codes, kept as sha256 (they are long and random). */
export const twoStepRecoveryCodes = pgTable('two_step_recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('two_step_recovery_codes_user_idx').on(t.userId)]);

/** A browser a person signed in from (a random cookie, kept as its hash); trusted ones skip the code. */
export const knownDevices = pgTable('known_devices', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  userAgent: text('user_agent'),
  trustedUntil: timestamp('trusted_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('known_devices_user_token_uq').on(t.userId, t.tokenHash)]);
