import { date, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EngineSlot, RecognitionEngineKind, VoiceEngineKind } from '@app/shared';
import { churches, sermons } from './schema';

/**
 * A church's speech recognition engines (decision 038): a first and an optional second one the
 * sermon moves to when the first fails. Keys are AES-GCM boxes (lib/crypto.ts), as the translation
 * engines' (decision 033); Azure has no row fields of its own (it uses the church's speech key).
 * The last success and error are kept here, written by whichever process holds the speaker.
 */
export const churchRecognitionEngines = slotEngineTable<RecognitionEngineKind>('church_recognition_engines');

/**
 * A table of a church's engines in two slots, shared by recognition and voice engines: the kind, the
 * server's address and model where the kind has them, the key as an AES-GCM box, and the engine's
 * last success and error (its health in Manage Church).
 */
export function slotEngineTable<K extends string>(name: string) {
  return pgTable(name, {
    churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
    slot: text('slot').$type<EngineSlot>().notNull(),
    kind: text('kind').$type<K>().notNull(),
    url: text('url'),
    model: text('model'),
    keyEnc: text('key_enc'),
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  }, (t) => [primaryKey({ columns: [t.churchId, t.slot] })]);
}
export type SlotEngineTable = ReturnType<typeof slotEngineTable>;

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

/**
 * A church's voice engines (decision 040), first and second, as its recognition engines; Azure and
 * eSpeak NG have no fields of their own (Azure uses the church's speech key).
 */
export const churchVoiceEngines = slotEngineTable<VoiceEngineKind>('church_voice_engines');

/** Characters each voice engine was sent per sermon (engines bill per character), with its week. */
export const voiceUsage = pgTable('voice_usage', {
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  engine: text('engine').$type<VoiceEngineKind>().notNull(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  weekStart: date('week_start', { mode: 'string' }).notNull(),
  characters: integer('characters').notNull().default(0),
  /** Pieces this engine failed (the other engine, or nothing, said them). */
  failures: integer('failures').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.sermonId, t.engine] }), index('voice_usage_church_week_idx').on(t.churchId, t.weekStart)]);

/**
 * The line a sermon's speaker is saying (decision 044): its seq and when its first words were said,
 * so the process that stores its final after a restart, a crash or a failover keeps that time.
 */
export const sermonLineStarts = pgTable('sermon_line_starts', {
  sermonId: uuid('sermon_id').primaryKey().references(() => sermons.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});
