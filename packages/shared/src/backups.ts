import { z } from 'zod';

/**
 * Backups (decision 032): one encrypted file per run holding every table and the files kept in the
 * database, made daily, on "Back up now" or by `npm run backup`, kept in a folder or a bucket.
 */
export const backupStates = ['running', 'good', 'failed'] as const;
export type BackupState = (typeof backupStates)[number];
export const backupTriggers = ['schedule', 'manual', 'command'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];
export const backupPlaces = ['folder', 'bucket'] as const;
export type BackupPlace = (typeof backupPlaces)[number];

/** No backup is kept longer than this (spec section 1: data deleted within 30 days of a request). */
export const BACKUP_MAX_AGE_DAYS = 30;
/** BACKUP_KEEP's default and its upper bound (one backup a day for at most the 30 days). */
export const BACKUP_KEEP_DEFAULT = 14;
export const BACKUP_KEEP_MAX = 30;
export const BACKUP_TIME_DEFAULT = '02:00 Australia/Sydney';

/** Why a backup failed, as the Backups screen explains it: the place's permissions, its space, a bucket out of reach, or something else. */
export const backupErrorKinds = ['permission', 'space', 'unreachable', 'other'] as const;

/** The kind of a failure from the system's words (EACCES, ENOSPC, a bucket's errors). */
export function backupErrorKind(error: string | null): (typeof backupErrorKinds)[number] | null {
  if (!error) return null;
  if (/EACCES|EPERM|permission denied|AccessDenied|Forbidden/i.test(error)) return 'permission';
  if (/ENOSPC|EDQUOT|no space|quota/i.test(error)) return 'space';
  if (/ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|getaddrinfo|NoSuchBucket|socket hang up/i.test(error)) return 'unreachable';
  return 'other';
}

/** One backup as the Backups screen lists it: a file in the place, or a run in progress or failed. */
export const backupEntrySchema = z.object({
  /** The file's name for a good backup (what Download names), the run's id otherwise. */
  id: z.string(),
  state: z.enum(backupStates),
  /** When the backup was taken (the run's start; for a file, the time in its name). */
  at: z.string(),
  finishedAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  place: z.enum(backupPlaces),
  /** Where the file is: its path on the server, or s3://bucket/key. */
  location: z.string().nullable(),
  trigger: z.enum(backupTriggers).nullable(),
  /**
   * A scheduled backup taken when the server started after its daily time (its first start, or
   * after it was stopped over that time), not at the time itself: the list says so.
   */
  catchUp: z.boolean().default(false),
  /** 0 to 100 while running. */
  progress: z.number().int(),
  /** Why a run failed, in the system's English words (for the operator; the screen folds it away). */
  error: z.string().nullable(),
  /** What kind of failure, so the screen says what went wrong and what to do in the reader's language. */
  errorKind: z.enum(backupErrorKinds).nullable().default(null),
  /** Who pressed "Back up now" (their name), null for the schedule and the command. */
  startedBy: z.string().nullable().default(null),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

export const backupListResponse = z.object({
  items: z.array(backupEntrySchema),
  /** The settings the list was made under, for the screen's explanation. */
  schedule: z.object({ time: z.string(), keep: z.number().int(), place: z.enum(backupPlaces), location: z.string() }),
});
export type BackupList = z.infer<typeof backupListResponse>;

/** The platform dashboard's warning: the last finished run failed and no good one came after it. */
export const backupStatusResponse = z.object({
  lastGoodAt: z.string().nullable(),
  failed: z.object({ at: z.string(), error: z.string().nullable() }).nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusResponse>;

/** POST /backups/:id/download answers a link valid for a minute, for this person only. */
export const backupDownloadResponse = z.object({ url: z.string() });
