import { and, eq } from 'drizzle-orm';
import type { DeletionRequest, deletionRequestListQuery } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deletionRequests, serverSessions, users } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { listAll, listPage } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { requestApprovedMail, requestRejectedMail } from './mail';
import { recordDeletions } from '../backups/ledger';
import { formatDate, mailPerson } from './notify';
import { deleteByOf, requestById, requestSource, requestWhere, toDeletionRequest } from './request-source';

type RequestQuery = z.output<typeof deletionRequestListQuery>;

export const listDeletionRequests = (ctx: AppContext, actor: Actor, q: RequestQuery) =>
  listPage(requestSource(ctx.db), q, requestWhere(churchFilter(actor, 'deletion-requests:review'), q));
export const allDeletionRequests = (ctx: AppContext, actor: Actor, q: RequestQuery) =>
  listAll(requestSource(ctx.db), q.sort, requestWhere(churchFilter(actor, 'deletion-requests:review'), q));

/** A request the reviewer may act on: another church's answers 404, one's own 403, a decided one 409. */
async function pendingFor(ctx: AppContext, actor: Actor, id: string) {
  const [row] = await requestById(ctx.db, id);
  if (!row || !canReachChurch(actor, 'deletion-requests:review', row.row.churchId)) throw notFound('Deletion request');
  if (row.row.userId === actor.id) throw new AppError('self_change', 403, 'Another administrator must review your own request');
  if (row.row.status !== 'pending') throw new AppError('conflict', 409, 'This request has already been decided');
  return row.row;
}

async function personOf(ctx: AppContext, userId: string | null) {
  if (!userId) return undefined;
  const [p] = await ctx.db.select({ email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage }).from(users).where(eq(users.id, userId)).limit(1);
  return p;
}

/**
 * POST /deletion-requests/:id/approve (spec section 4): the account is disabled and every session
 * ends in the same transaction, so the person's open tabs stop working at once; the hourly purge
 * then empties the personal data (decision 016).
 */
export async function approveDeletionRequest(ctx: AppContext, actor: Actor, id: string): Promise<DeletionRequest> {
  const request = await pendingFor(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx.update(deletionRequests).set({ status: 'approved', reviewedAt: new Date(), reviewedById: actor.id })
      .where(and(eq(deletionRequests.id, id), eq(deletionRequests.status, 'pending'))).returning({ id: deletionRequests.id });
    if (!done) throw new AppError('conflict', 409, 'This request has already been decided');
    if (request.userId) {
      await tx.update(users).set({ accountStatus: 'disabled', updatedAt: new Date() }).where(eq(users.id, request.userId));
      await tx.delete(serverSessions).where(eq(serverSessions.userId, request.userId));
    }
    await writeAudit(tx, actor, { action: 'deletion_request.approved', targetType: 'user', targetId: request.userId, churchId: request.churchId, details: { requestId: id } });
  });
  // Beside the backups at once, before the hourly purge: a restore of an older backup forgets them (decision 032).
  await recordDeletions(ctx, [request.userId]);
  const person = await personOf(ctx, request.userId);
  if (person) {
    const deleteBy = deleteByOf(request.requestedAt);
    await mailPerson(ctx, person, requestApprovedMail, (lang) => ({ firstName: person.firstName, deleteBy: formatDate(deleteBy, lang) }));
  }
  return toDeletionRequest((await requestById(ctx.db, id))[0]!);
}

/** POST /deletion-requests/:id/reject: needs a reason, which is mailed to the person. */
export async function rejectDeletionRequest(ctx: AppContext, actor: Actor, id: string, reason: string): Promise<DeletionRequest> {
  const request = await pendingFor(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx.update(deletionRequests).set({ status: 'rejected', reviewedAt: new Date(), reviewedById: actor.id, rejectionReason: reason })
      .where(and(eq(deletionRequests.id, id), eq(deletionRequests.status, 'pending'))).returning({ id: deletionRequests.id });
    if (!done) throw new AppError('conflict', 409, 'This request has already been decided');
    await writeAudit(tx, actor, { action: 'deletion_request.rejected', targetType: 'user', targetId: request.userId, churchId: request.churchId, details: { requestId: id } });
  });
  const person = await personOf(ctx, request.userId);
  if (person) await mailPerson(ctx, person, requestRejectedMail, () => ({ firstName: person.firstName, reason }));
  return toDeletionRequest((await requestById(ctx.db, id))[0]!);
}
