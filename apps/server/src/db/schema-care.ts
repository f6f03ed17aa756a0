import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audioQualityEnum, createdAt, deletionReasonEnum, deletionStatusEnum, feedbackTypeEnum, followUpStatusEnum, updatedAt } from './schema-base';
import { churches, sermons, users } from './schema';

// Deletion requests, feedback, and salvations with their follow-ups (decision 014).

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
