import { date, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EngineSlot, RecognitionEngineKind } from '@app/shared';
import { churches, sermons } from './schema';

/**
 * A church's speech recognition engines (decision 038): a first and an optional second one the
 * sermon moves to when the first fails. Keys are AES-GCM boxes (lib/crypto.ts), as the translation
 * engines' (decision 033); Azure has no row fields of its own (it uses the church's speech key).
 * The last success and error are kept here, written by whichever process holds the speaker.
 */
export const churchRecognitionEngines = pgTable('church_recognition_engines', {
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  slot: text('slot').$type<EngineSlot>().notNull(),
  kind: text('kind').$type<RecognitionEngineKind>().notNull(),
  /** The realtime transcription server's address. */
  url: text('url'),
  model: text('model'),
  keyEnc: text('key_enc'),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.churchId, t.slot] })]);

/**
 * Audio each engine heard per sermon (engines bill per minute of audio streamed; a replay after a
 * failover is billed again), with the week (its Monday in the church's time zone) for the cost view.
 */
export const recognitionUsage = pgTable('recognition_usage', {
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  engine: text('engine').$type<RecognitionEngineKind>().notNull(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  weekStart: date('week_start', { mode: 'string' }).notNull(),
  seconds: real('seconds').notNull().default(0),
  /** Times the sermon left this engine (a failover or a reopened stream). */
  failures: integer('failures').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.sermonId, t.engine] }), index('recognition_usage_church_week_idx').on(t.churchId, t.weekStart)]);
