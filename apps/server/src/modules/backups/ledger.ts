import { openBuffer, sealBuffer } from '../../db/backup/sealed-file';
import type { AppContext } from '../../context';
import { backupsOf } from './backups-of';
import { ledgerNameAt, type BackupPlace } from './place';

interface LedgerNote {
  at: string;
  /** People whose deletion was approved or carried out. */
  people: string[];
}

/**
 * Writes a note beside the backups that these people's deletion was approved (decision 032): a
 * restore of an older backup from the same place forgets them again, even if the database that
 * knew dies before the next backup. Encrypted with the backup key; only ids, which say nothing
 * about anyone once the person is purged. A note that cannot be written is logged; the next
 * backup's head carries the same people.
 */
export async function recordDeletions(ctx: AppContext, people: Array<string | null>, now: Date = new Date()): Promise<void> {
  const ids = [...new Set(people.filter((p): p is string => !!p))];
  if (ids.length === 0) return;
  try {
    const { place, key } = await backupsOf(ctx);
    const note: LedgerNote = { at: now.toISOString(), people: ids };
    await place.ledger.put(ledgerNameAt(now), await sealBuffer(key, Buffer.from(JSON.stringify(note))));
  } catch (err) {
    ctx.log.error({ err }, 'the privacy note for approved deletions could not be written beside the backups');
  }
}

/** Everyone the place's notes name (notes under another key are skipped and counted). */
export async function peopleInLedger(place: BackupPlace, key: Buffer): Promise<{ people: Set<string>; unreadable: number }> {
  const people = new Set<string>();
  let unreadable = 0;
  for (const entry of await place.ledger.list()) {
    try {
      const note = JSON.parse((await openBuffer(key, await place.ledger.get(entry.name))).toString('utf8')) as LedgerNote;
      for (const id of note.people) people.add(id);
    } catch {
      unreadable++;
    }
  }
  return { people, unreadable };
}
