import { BACKUP_MAX_AGE_DAYS } from '@app/shared';
import type { BackupPlace } from './place';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Keeps the newest `keep` backups and none older than 30 days (spec section 1: a deleted person's data
 * is gone within 30 days, backups included), and the privacy ledger's notes for as long as a backup
 * older than them can exist (a day's margin). Answers the backups removed.
 */
export async function applyRetention(place: BackupPlace, keep: number, now: Date = new Date()): Promise<string[]> {
  const oldest = now.getTime() - BACKUP_MAX_AGE_DAYS * DAY_MS;
  const removed: string[] = [];
  const backups = await place.list();
  for (const [i, backup] of backups.entries()) {
    if (i < keep && backup.at.getTime() >= oldest) continue;
    await place.remove(backup.name);
    removed.push(backup.name);
  }
  for (const note of await place.ledger.list()) {
    if (note.at.getTime() < oldest - DAY_MS) await place.ledger.remove(note.name);
  }
  return removed;
}
