import { and, eq } from 'drizzle-orm';
import type { createDeletionRequestBody, DeletionRequest, InterfaceLanguage } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deletionRequests, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { requestCancelledMail, requestReceivedMail } from './mail';
import { formatDate, mailPerson, type MailRecipient } from './notify';
import { deleteByOf, latestRequestOf, toDeletionRequest } from './request-source';

const alreadyOpen = () => new AppError('deletion_request_open', 409, 'You already have a deletion request waiting for review');

async function recipientOf(ctx: AppContext, userId: string, requestLanguage: InterfaceLanguage | null): Promise<MailRecipient> {
  const [person] = await ctx.db.select({ email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage }).from(users).where(eq(users.id, userId)).limit(1);
  if (!person) throw notFound('User');
  return { ...person, requestLanguage };
}

/** GET /me/deletion-request: the latest request, so the screen shows a pending, rejected or cancelled one. */
export async function myDeletionRequest(ctx: AppContext, actor: Actor): Promise<DeletionRequest | null> {
  const [row] = await latestRequestOf(ctx.db, actor.id);
  return row ? toDeletionRequest(row) : null;
}

/** POST /me/deletion-request: one open request at a time (409), mailed to the person. */
export async function createDeletionRequest(ctx: AppContext, actor: Actor, input: z.output<typeof createDeletionRequestBody>, requestLanguage: InterfaceLanguage | null = null): Promise<DeletionRequest> {
  await ctx.db.transaction(async (tx) => {
    const [open] = await tx.select({ id: deletionRequests.id }).from(deletionRequests)
      .where(and(eq(deletionRequests.userId, actor.id), eq(deletionRequests.status, 'pending'))).limit(1);
    if (open) throw alreadyOpen();
    const [row] = await tx.insert(deletionRequests).values({
      userId: actor.id,
      churchId: actor.churchId,
      reason: input.reason,
      details: input.reason === 'other' || input.details ? (input.details ?? null) : null,
    }).returning({ id: deletionRequests.id, requestedAt: deletionRequests.requestedAt });
    await writeAudit(tx, actor, { action: 'deletion_request.created', targetType: 'user', targetId: actor.id, churchId: actor.churchId, details: { requestId: row!.id, reason: input.reason } });
  }).catch((err: unknown) => {
    // Two requests sent at once: the partial unique index keeps one.
    throw isUniqueViolation(err) ? alreadyOpen() : err;
  });
  const request = (await myDeletionRequest(ctx, actor))!;
  const deleteBy = deleteByOf(new Date(request.requestedAt));
  await mailPerson(ctx, await recipientOf(ctx, actor.id, requestLanguage), requestReceivedMail, (lang) => ({ firstName: actor.firstName, deleteBy: formatDate(deleteBy, lang) }));
  return request;
}

/** DELETE /me/deletion-request: withdraws the pending request; nothing else can be withdrawn. */
export async function cancelDeletionRequest(ctx: AppContext, actor: Actor, requestLanguage: InterfaceLanguage | null = null): Promise<DeletionRequest> {
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(deletionRequests).set({ status: 'cancelled', reviewedAt: new Date() })
      .where(and(eq(deletionRequests.userId, actor.id), eq(deletionRequests.status, 'pending')))
      .returning({ id: deletionRequests.id });
    if (!row) return null;
    await writeAudit(tx, actor, { action: 'deletion_request.cancelled', targetType: 'user', targetId: actor.id, churchId: actor.churchId, details: { requestId: row.id } });
    return row;
  });
  if (!cancelled) throw notFound('Pending deletion request');
  await mailPerson(ctx, await recipientOf(ctx, actor.id, requestLanguage), requestCancelledMail, () => ({ firstName: actor.firstName }));
  return (await myDeletionRequest(ctx, actor))!;
}
