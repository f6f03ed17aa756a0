import { bigint, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backupStates, backupTriggers } from '@app/shared';
import { users } from './schema';

export const backupStateEnum = pgEnum('backup_state', backupStates);
export const backupTriggerEnum = pgEnum('backup_trigger', backupTriggers);

/**
 * One run of a backup (decision 032): the daily schedule, "Back up now" or `npm run backup`. A
 * scheduled run names the local day it is for (unique: one process claims each day). A run whose
 * heartbeat stopped was cut short (its process died) and shows as failed. Backups leave this table
 * out: it describes backup files, not church data.
 */
export const backupRuns = pgTable('backup_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  trigger: backupTriggerEnum('trigger').notNull(),
  scheduledFor: date('scheduled_for'),
  state: backupStateEnum('state').notNull().default('running'),
  /** 'folder' (DATA_DIR/backups or BACKUP_DIR) or 'bucket' (BACKUP_BUCKET). */
  place: text('place').notNull(),
  fileName: text('file_name'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  /** 0 to 100, for "Back up now". */
  progress: integer('progress').notNull().default(0),
  error: text('error'),
  startedById: uuid('started_by_id').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('backup_runs_scheduled_for_uq').on(t.scheduledFor),
  index('backup_runs_started_at_idx').on(t.startedAt),
]);
