import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { BackupHead } from '../../db/backup/format';
import { readBackupHead } from '../../db/backup/load';
import { SealedReader } from '../../db/backup/sealed-file';
import type { Db } from '../../db/client';
import { deletionRequests, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { PgBlobStore } from '../../providers/storage/blob-store';
import { ImageStore } from '../../providers/storage/image-store';
import { forgetPersonRows } from '../privacy/privacy-jobs';
import { peopleInLedger } from './ledger';
import type { BackupPlace } from './place';

/**
 * Everyone whose deletion the places know was approved after the backup being restored was taken:
 * the privacy ledger's notes (written when a deletion is approved or carried out) and the heads of
 * every newer backup there (decision 032). Answers them and how many notes or backups could not be
 * read with this key (made under another one).
 */
export async function deletedPeopleKnownTo(places: BackupPlace[], key: Buffer, head: BackupHead): Promise<{ people: Set<string>; unreadable: number }> {
  const people = new Set<string>();
  let unreadable = 0;
  const takenAt = new Date(head.createdAt).getTime();
  for (const place of places) {
    const ledger = await peopleInLedger(place, key).catch(() => ({ people: new Set<string>(), unreadable: 1 }));
    for (const id of ledger.people) people.add(id);
    unreadable += ledger.unreadable;
    for (const backup of await place.list().catch(() => [])) {
      if (backup.at.getTime() <= takenAt) continue;
      const source = await place.source(backup.name);
      if (!source) continue;
      try {
        for (const id of (await readBackupHead(await SealedReader.open(source, key))).deletedPeople) people.add(id);
      } catch {
        unreadable++;
      } finally {
        await source.close();
      }
    }
  }
  return { people, unreadable };
}

/**
 * Forgets, in the restore's transaction, each of `people` the restored rows still hold un-purged
 * and whose deletion they do not already show approved (those the server's hourly purge carries out,
 * with its mail to the person). Their deletion requests are marked approved and carried out, and
 * the audit log says why. Answers how many were forgotten.
 */
export async function forgetAfterRestore(db: Db, people: Set<string>, now: Date): Promise<number> {
  const ids = [...people];
  if (ids.length === 0) return 0;
  let forgotten = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const present = await db.select({ id: users.id, churchId: users.churchId }).from(users).where(and(inArray(users.id, batch), isNull(users.purgedAt)));
    const approved = new Set((await db.select({ userId: deletionRequests.userId }).from(deletionRequests)
      .where(and(inArray(deletionRequests.userId, batch), eq(deletionRequests.status, 'approved'), isNotNull(deletionRequests.userId))))
      .map((r) => r.userId));
    for (const person of present) {
      if (approved.has(person.id)) continue;
      const rows = await forgetPersonRows(db, person.id);
      if (!rows) continue;
      // Files in the database go in this transaction; files in a bucket went when the purge first ran.
      const images = new ImageStore(new PgBlobStore(db));
      for (const name of rows.images) await images.remove(name);
      await db.update(deletionRequests)
        .set({ status: 'approved', reviewedAt: now, purgedAt: now })
        .where(and(eq(deletionRequests.userId, person.id), or(eq(deletionRequests.status, 'pending'), eq(deletionRequests.status, 'approved'))));
      await writeAudit(db, null, { action: 'person.purged', targetType: 'user', targetId: person.id, churchId: person.churchId, details: { reason: 'restore of an older backup' } });
      forgotten++;
    }
  }
  return forgotten;
}
