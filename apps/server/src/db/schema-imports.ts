import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportStatus } from '@app/shared';
import { churches, users } from './schema';

/**
 * A people import (decision 036, migration 0013): the uploaded table's `headers` (its rows are in
 * `peopleImportRows` until it is confirmed), then its progress.
 */
export const peopleImports = pgTable('people_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  filename: text('filename').notNull(),
  status: text('status').$type<ImportStatus>().notNull().default('preview'),
  invite: boolean('invite').notNull().default(false),
  headers: jsonb('headers').$type<string[]>().notNull(),
  rowCount: integer('row_count').notNull(),
  toWrite: integer('to_write').notNull().default(0),
  done: integer('done').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
});

/** One row to write: a new person or an update of `userId`, done in the transaction that writes it. */
export const peopleImportItems = pgTable('people_import_items', {
  importId: uuid('import_id').notNull().references(() => peopleImports.id, { onDelete: 'cascade' }),
  rowNo: integer('row_no').notNull(),
  kind: text('kind').$type<'new' | 'update'>().notNull(),
  email: text('email'),
  values: jsonb('values').$type<Record<string, string | null>>().notNull(),
  userId: uuid('user_id'),
  before: jsonb('before').$type<Record<string, string | null> | null>(),
  done: boolean('done').notNull().default(false),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  mailed: boolean('mailed').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.importId, t.rowNo] })]);

/**
 * The uploaded table's rows in pieces (migration 0019), each written and read by its own short
 * statement: the embedded database holds live captions up for as long as one statement runs
 * (decision 036, "Live captions first"). Deleted at the confirm, so a church's file is not kept
 * longer than the import needs it.
 */
export const peopleImportRows = pgTable('people_import_rows', {
  importId: uuid('import_id').notNull().references(() => peopleImports.id, { onDelete: 'cascade' }),
  piece: integer('piece').notNull(),
  rows: jsonb('rows').$type<string[][]>().notNull(),
}, (t) => [primaryKey({ columns: [t.importId, t.piece] })]);
