import { bigint, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EngineSlot, TranslationEngineKind } from '@app/shared';
import { churches } from './schema';

/**
 * A church's translation engines (decision 033): its first engine and an optional second one used
 * when the first fails. Keys are AES-GCM boxes (lib/crypto.ts). The older Azure columns on
 * `churches` (translator_key_enc, translator_location, translator_endpoint) were copied here; they
 * are still read as the first engine of a church that has no row here, and cleared when it saves one.
 */
export const churchTranslationEngines = pgTable('church_translation_engines', {
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  slot: text('slot').$type<EngineSlot>().notNull(),
  kind: text('kind').$type<TranslationEngineKind>().notNull(),
  /** Azure's custom endpoint, LibreTranslate's or the model server's address. */
  url: text('url'),
  region: text('region'),
  model: text('model'),
  keyEnc: text('key_enc'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.churchId, t.slot] })]);

/**
 * What each engine was sent, per church per week (its Monday in the church's time zone) per
 * purpose: characters (every target counted, as engines bill) or, for a model, tokens. Written as
 * sums by the usage meter every few seconds, never one row per caption.
 */
export const translationUsage = pgTable('translation_usage', {
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  weekStart: date('week_start', { mode: 'string' }).notNull(),
  engine: text('engine').$type<TranslationEngineKind>().notNull(),
  purpose: text('purpose').$type<'partial' | 'final'>().notNull(),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  requests: integer('requests').notNull().default(0),
  failures: integer('failures').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.churchId, t.weekStart, t.engine, t.purpose] })]);

/** How each of a church's engines has been doing lately, shared by every server process. */
export const translationEngineHealth = pgTable('translation_engine_health', {
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  slot: text('slot').$type<EngineSlot>().notNull(),
  kind: text('kind').$type<TranslationEngineKind>().notNull(),
  /** Median of the last successful calls one process saw, at its last report. */
  latencyMs: integer('latency_ms'),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.churchId, t.slot, t.kind] })]);
