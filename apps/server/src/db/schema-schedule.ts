import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { churches, users } from './schema';

/** A service a church plans to stream (docs/decisions/019); the lobby counts down to the next one. */
export const scheduledSermons = pgTable('scheduled_sermons', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  sourceLanguage: text('source_language').notNull(),
  speakerId: uuid('speaker_id').references(() => users.id, { onDelete: 'set null' }),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('scheduled_sermons_church_starts_idx').on(t.churchId, t.startsAt, t.id)]);
