import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, listenerStatusEnum, sermonStatusEnum, updatedAt } from './schema-base';
import { churches, users } from './schema';

// Events, sermons, their lines and translations, listening and its rollups (decision record 015).

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
