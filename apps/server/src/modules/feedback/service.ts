import { eq } from 'drizzle-orm';
import type { createFeedbackBody, Feedback, feedbackListQuery } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { feedback, sermons } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { listAll, listPage } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { feedbackById, feedbackSource, feedbackWhere, toFeedback } from './feedback-source';

type FeedbackQuery = z.output<typeof feedbackListQuery>;

/**
 * POST /feedback (spec section 3 Feedback): recorded with the person and their church. A sermon given
 * from the listener screen must exist; the feedback then belongs to the sermon's church.
 */
export async function createFeedback(ctx: AppContext, actor: Actor, input: z.output<typeof createFeedbackBody>): Promise<Feedback> {
  let churchId = actor.churchId;
  if (input.sermonId) {
    const [sermon] = await ctx.db.select({ churchId: sermons.churchId }).from(sermons).where(eq(sermons.id, input.sermonId)).limit(1);
    if (!sermon) throw badRequest('This sermon does not exist', [{ field: 'sermonId', message: 'Please choose one of the options', key: 'validation.invalidChoice' }]);
    churchId = sermon.churchId;
  }
  const [row] = await ctx.db.insert(feedback).values({
    userId: actor.id,
    churchId,
    type: input.type,
    audioQuality: input.audioQuality ?? null,
    comment: input.comment,
    sermonId: input.sermonId ?? null,
    language: input.language || null,
  }).returning({ id: feedback.id });
  return getFeedbackRow(ctx, row!.id);
}

async function getFeedbackRow(ctx: AppContext, id: string): Promise<Feedback> {
  const [row] = await feedbackById(ctx.db, id);
  if (!row) throw notFound('Feedback');
  return toFeedback(row);
}

export const listFeedback = (ctx: AppContext, actor: Actor, q: FeedbackQuery) =>
  listPage(feedbackSource(ctx.db), q, feedbackWhere(churchFilter(actor, 'feedback:read'), q));
export const allFeedback = (ctx: AppContext, actor: Actor, q: FeedbackQuery) =>
  listAll(feedbackSource(ctx.db), q.sort, feedbackWhere(churchFilter(actor, 'feedback:read'), q));

/** GET /feedback/:id: another church's feedback answers 404. */
export async function getFeedback(ctx: AppContext, actor: Actor, id: string): Promise<Feedback> {
  const item = await getFeedbackRow(ctx, id);
  if (!canReachChurch(actor, 'feedback:read', item.churchId)) throw notFound('Feedback');
  return item;
}

/** DELETE /feedback/:id, audited without the comment (it may hold personal words). */
export async function deleteFeedback(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const item = await getFeedbackRow(ctx, id);
  if (!canReachChurch(actor, 'feedback:delete', item.churchId)) throw notFound('Feedback');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(feedback).where(eq(feedback.id, id));
    await writeAudit(tx, actor, { action: 'feedback.deleted', targetType: 'feedback', targetId: id, churchId: item.churchId, details: { type: item.type } });
  });
}
