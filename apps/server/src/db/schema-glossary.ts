import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { churches, sermons } from './schema';
import { scheduledSermons } from './schema-schedule';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The church glossary and, with no church, the starter glossary every church inherits (decision 025). */
export const glossaryEntries = pgTable('glossary_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').references(() => churches.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  term: text('term').notNull(),
  // Lower case, accents stripped, words single-spaced: the duplicate check and the matcher's key.
  termKey: text('term_key').notNull(),
  kind: text('kind').$type<'keep' | 'fixed'>().notNull(),
  translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
  heardAs: jsonb('heard_as').$type<string[]>().notNull().default([]),
  note: text('note').notNull().default(''),
  // Starter book names that are also common words ("Mark", "Acts", "Job") match only before a chapter number.
  beforeNumber: boolean('before_number').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('glossary_entries_term_uq').on(sql`coalesce(${t.churchId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.language, t.termKey),
  index('glossary_entries_church_idx').on(t.churchId, t.language),
]);

/**
 * One row per glossary (a church id, or 'starter'): bumped by every change, so translations cached
 * under an older version are not used again and an edit takes effect on the next line.
 */
export const glossaryVersions = pgTable('glossary_versions', {
  scope: text('scope').primaryKey(),
  version: integer('version').notNull().default(1),
});

/** A listener's "wrong translation" on one caption (decision 025). */
export const translationFlags = pgTable('translation_flags', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  language: text('language').notNull(),
  suggestion: text('suggestion'),
  status: text('status').$type<'open' | 'accepted' | 'dismissed'>().notNull().default('open'),
  createdAt: createdAt(),
}, (t) => [index('translation_flags_church_created_idx').on(t.churchId, t.createdAt)]);

/** Sermon notes, readings or lyrics prepared before the service (decision 026). */
export const preparedTexts = pgTable('prepared_texts', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  // The scheduled service it was prepared for, when given; deleting the service keeps the text.
  scheduledSermonId: uuid('scheduled_sermon_id').references(() => scheduledSermons.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  sourceLanguage: text('source_language').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('prepared_texts_church_idx').on(t.churchId, t.createdAt)]);

export const preparedParagraphs = pgTable('prepared_paragraphs', {
  id: uuid('id').primaryKey().defaultRandom(),
  textId: uuid('text_id').notNull().references(() => preparedTexts.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  text: text('text').notNull(),
  // Made ahead, glossary applied: sent to listeners during the sermon with no translator call.
  translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
  provider: text('provider').notNull().default('demo'),
}, (t) => [index('prepared_paragraphs_text_idx').on(t.textId, t.position)]);
