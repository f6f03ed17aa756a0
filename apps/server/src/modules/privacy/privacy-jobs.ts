import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { DELETION_DAYS, DELETION_ESCALATE_DAYS } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, deletionRequests, serverSessions, users } from '../../db/schema';
import { writeAudit, type DbOrTx } from '../../lib/audit';
import { ImageStore } from '../../providers/storage/image-store';
import { dataDeletedMail, requestEscalatedMail } from '../deletion-requests/mail';
import { formatDate, mailPerson, type MailRecipient } from '../deletion-requests/notify';
import { deleteByOf } from '../deletion-requests/request-source';
import { publicUrlOf } from '../users/invitations';
import { messageImagesOf } from '../messages/images';
import { purgeSteps } from './purge-steps';
import { publicAnswersChanged } from '../../live/live-service';
import { recordDeletions } from '../backups/ledger';

const DAY_MS = 24 * 60 * 60_000;
/**
 * An unreviewed request is carried out this long before its 30th day, so that even a run that is
 * missed (a restart, a slow hour) still leaves the data gone within 30 days of the request.
 */
export const CARRY_OUT_MARGIN_MS = 3 * 60 * 60_000;
// One number for every process sharing the database: pg_try_advisory_xact_lock takes it (decision 017).
const PRIVACY_JOB_LOCK = 7_120_012;

export interface PrivacyRunResult {
  /** False when another process held the lock: it is doing this run. */
  ran: boolean;
  escalated: number;
  carriedOut: number;
  purged: number;
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
type Mail = () => Promise<void>;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Escalation, carrying out and purging (decision 017), as one transaction under a
 * transaction-level advisory lock: with several server processes exactly one does the work, the
 * others skip, and the lock is released with the commit on the same connection. Mail and photo
 * files are dealt with after the commit, so a rolled-back run leaves nothing half done.
 */
export async function runPrivacyJobs(ctx: AppContext, now: Date = new Date()): Promise<PrivacyRunResult> {
  const afterCommit: Mail[] = [];
  const photos: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${PRIVACY_JOB_LOCK}) as locked`));
    if (!lock?.locked) return { ran: false, escalated: 0, carriedOut: 0, purged: 0, forgotten: [] };
    const escalated = await escalate(ctx, tx, now, afterCommit);
    const carriedOut = await carryOutUnreviewed(tx, now);
    const forgotten = await purgeApproved(ctx, tx, now, afterCommit, photos);
    return { ran: true, escalated, carriedOut: carriedOut.length, purged: forgotten.length, forgotten: [...carriedOut, ...forgotten] };
  });
  const store = new ImageStore(ctx.blobs);
  for (const photo of photos) await store.remove(photo);
  for (const send of afterCommit) await send();
  // Beside the backups: a restore of an older one forgets these people again (decision 032).
  await recordDeletions(ctx, result.forgotten);
  return { ran: result.ran, escalated: result.escalated, carriedOut: result.carriedOut, purged: result.purged };
}

/** Pending for 14 days and not yet raised: every platform admin is mailed, once. */
async function escalate(ctx: AppContext, tx: Tx, now: Date, afterCommit: Mail[]): Promise<number> {
  const due = await tx
    .update(deletionRequests)
    .set({ escalatedAt: now })
    .where(and(
      eq(deletionRequests.status, 'pending'),
      isNull(deletionRequests.escalatedAt),
      lte(deletionRequests.requestedAt, new Date(now.getTime() - DELETION_ESCALATE_DAYS * DAY_MS)),
    ))
    .returning({ id: deletionRequests.id, churchId: deletionRequests.churchId, userId: deletionRequests.userId, requestedAt: deletionRequests.requestedAt });
  if (due.length === 0) return 0;
  const admins: MailRecipient[] = await tx
    .select({ email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage })
    .from(users)
    .where(and(eq(users.role, 'platform_admin'), eq(users.accountStatus, 'active')));
  for (const request of due) {
    await writeAudit(tx, null, { action: 'deletion_request.escalated', targetType: 'user', targetId: request.userId, churchId: request.churchId, details: { requestId: request.id } });
    const [church] = request.churchId ? await tx.select({ name: churches.name }).from(churches).where(eq(churches.id, request.churchId)).limit(1) : [];
    for (const admin of admins) {
      afterCommit.push(() => mailPerson(ctx, admin, requestEscalatedMail, (lang) => ({
        firstName: admin.firstName,
        churchName: church?.name ?? '—',
        requestedOn: formatDate(request.requestedAt, lang),
        deleteBy: formatDate(deleteByOf(request.requestedAt), lang),
        reviewUrl: `${publicUrlOf(ctx)}/deletion-requests?status=pending`,
      })));
    }
  }
  return due.length;
}

/** Still pending near its 30th day: approved by the schedule, because the data must be gone by then. Answers the people. */
async function carryOutUnreviewed(tx: Tx, now: Date): Promise<Array<string | null>> {
  const cutoff = new Date(now.getTime() - DELETION_DAYS * DAY_MS + CARRY_OUT_MARGIN_MS);
  const due = await tx
    .update(deletionRequests)
    .set({ status: 'approved', approvedAutomatically: true, reviewedAt: now })
    .where(and(eq(deletionRequests.status, 'pending'), lte(deletionRequests.requestedAt, cutoff)))
    .returning({ id: deletionRequests.id, userId: deletionRequests.userId, churchId: deletionRequests.churchId });
  for (const request of due) {
    if (request.userId) {
      await tx.update(users).set({ accountStatus: 'disabled', updatedAt: now }).where(eq(users.id, request.userId));
      await tx.delete(serverSessions).where(eq(serverSessions.userId, request.userId));
    }
    await writeAudit(tx, null, { action: 'deletion_request.auto_approved', targetType: 'user', targetId: request.userId, churchId: request.churchId, details: { requestId: request.id, days: DELETION_DAYS } });
  }
  return due.map((r) => r.userId);
}

/** Every approved request not yet purged: each purge step runs for the person, then a final mail. Answers the people. */
async function purgeApproved(ctx: AppContext, tx: Tx, now: Date, afterCommit: Mail[], photos: string[]): Promise<Array<string | null>> {
  const due = await tx
    .select({ id: deletionRequests.id, userId: deletionRequests.userId, churchId: deletionRequests.churchId })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.status, 'approved'), isNull(deletionRequests.purgedAt)));
  for (const request of due) {
    if (request.userId) await forgetPerson(ctx, tx, request.userId, afterCommit, photos);
    await tx.update(deletionRequests).set({ purgedAt: now }).where(eq(deletionRequests.id, request.id));
    await writeAudit(tx, null, { action: 'person.purged', targetType: 'user', targetId: request.userId, churchId: request.churchId, details: { requestId: request.id } });
  }
  return due.map((r) => r.userId);
}

async function forgetPerson(ctx: AppContext, tx: DbOrTx, userId: string, afterCommit: Mail[], photos: string[]) {
  const forgotten = await forgetPersonRows(tx, userId);
  if (!forgotten) return;
  photos.push(...forgotten.images);
  const { person } = forgotten;
  // A sermon's share link named them as its host: no process may answer it from memory any more.
  afterCommit.push(async () => publicAnswersChanged(ctx, null));
  // The address is gone from the database; this last message is built from what was read above.
  afterCommit.push(() => mailPerson(ctx, person, dataDeletedMail, () => ({ firstName: person.firstName })));
  // Handed over, the mail leaves nothing behind: the development outbox forgets them too (decision 016).
  if (person.email) {
    const address = person.email;
    afterCommit.push(() => ctx.mailer.forget(address).catch((err: unknown) => ctx.log.error({ err, userId }, 'the outbox could not forget a purged person')));
  }
}

/**
 * Runs every purge step for one person (decision 016) and answers what was read before (for the
 * last mail) and the images to remove once the transaction commits; null when there is no such
 * person or they were purged already. A restore of an older backup uses it too (decision 032).
 */
export async function forgetPersonRows(tx: DbOrTx, userId: string): Promise<{ person: MailRecipient; images: string[] } | null> {
  const [person] = await tx
    .select({ email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage, photoPath: users.photoPath, purgedAt: users.purgedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!person || person.purgedAt) return null;
  // Photos the person sent in church messages go with their profile photo.
  const images = await messageImagesOf(tx, userId);
  for (const step of purgeSteps) await step(tx, userId);
  if (person.photoPath) images.push(person.photoPath);
  return { person, images };
}
