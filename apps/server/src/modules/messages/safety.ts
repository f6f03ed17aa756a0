import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatPerson, MessageReport, reportListQuery } from '@app/shared';
import type { AppContext } from '../../context';
import { conversations, messageReports, messages, userBlocks } from '../../db/schema';
import { churchFilter, canReachChurch } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { listPage, searchMatches, type ListSource, type Page } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { ImageStore } from '../../providers/storage/image-store';
import { membership } from './conversations';
import { peopleByIds, reachable, toChatPerson } from './people';
import { announceChange, present } from './service';
import { forgetTranslations } from './translate';

/** PUT /me/blocks/:id: the person can no longer write to the actor directly (nor the actor to them). */
export async function block(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  const person = (await peopleByIds(ctx.db, [userId])).get(userId);
  if (!person || person.id === actor.id || !reachable(actor, person)) throw notFound('Person');
  await ctx.db.insert(userBlocks).values({ blockerId: actor.id, blockedId: userId }).onConflictDoNothing();
}

export async function unblock(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  await ctx.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, actor.id), eq(userBlocks.blockedId, userId)));
}

export async function blockedPeople(ctx: AppContext, actor: Actor): Promise<ChatPerson[]> {
  const ids = (await ctx.db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, actor.id))).map((r) => r.id);
  return [...(await peopleByIds(ctx.db, ids)).values()].map(toChatPerson);
}

/** POST /messages/:id/report: a member of the conversation reports a message once. */
export async function report(ctx: AppContext, actor: Actor, messageId: string, reason: string): Promise<void> {
  const [row] = await ctx.db.select({ conversationId: messages.conversationId }).from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!row) throw notFound('Message');
  const { conversation } = await membership(ctx, actor, row.conversationId).catch(() => { throw notFound('Message'); });
  await ctx.db.insert(messageReports).values({ messageId, churchId: conversation.churchId, reporterId: actor.id, reason }).onConflictDoNothing();
}

const selectReports = (ctx: AppContext) => ctx.db.select().from(messageReports).$dynamic();
const reportSource = (ctx: AppContext): ListSource<ReturnType<typeof selectReports>, typeof messageReports.$inferSelect> => ({
  rows: () => selectReports(ctx),
  count: () => ctx.db.select({ n: count() }).from(messageReports).$dynamic(),
  sortable: { createdAt: messageReports.createdAt },
  defaultSort: '-createdAt',
  tiebreak: messageReports.id,
  toItem: (row) => row,
});

/** GET /message-reports: the church's reports, newest first, each with the message. */
export async function listReports(ctx: AppContext, actor: Actor, q: z.output<typeof reportListQuery>): Promise<Page<MessageReport>> {
  const church = churchFilter(actor, 'messages:moderate');
  const where = and(church ? eq(messageReports.churchId, church) : undefined, searchMatches(sql`f_unaccent(lower(${messageReports.reason}))`, q.q));
  const page = await listPage(reportSource(ctx), q, where);
  const rows = page.items.length === 0 ? [] : await ctx.db.select().from(messages).where(inArray(messages.id, page.items.map((r) => r.messageId)));
  const reporters = await peopleByIds(ctx.db, page.items.flatMap((r) => (r.reporterId ? [r.reporterId] : [])));
  const shown = new Map<string, Awaited<ReturnType<typeof present>>[number]>();
  for (const r of page.items) {
    const row = rows.find((m) => m.id === r.messageId);
    if (row && !shown.has(row.id)) shown.set(row.id, (await present(ctx, r.churchId, [row]))[0]!);
  }
  return {
    ...page,
    items: page.items.map((r) => {
      const reporter = r.reporterId ? reporters.get(r.reporterId) : undefined;
      return {
        id: r.id, messageId: r.messageId, conversationId: shown.get(r.messageId)!.conversationId, reason: r.reason,
        reporter: reporter ? toChatPerson(reporter) : null, message: shown.get(r.messageId)!,
        createdAt: r.createdAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** POST /messages/:id/remove: an administrator of the church removes a message; audited, reports resolved. */
export async function removeMessage(ctx: AppContext, actor: Actor, messageId: string): Promise<void> {
  const [row] = await ctx.db.select({ message: messages, churchId: conversations.churchId }).from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId)).where(eq(messages.id, messageId)).limit(1);
  if (!row || !canReachChurch(actor, 'messages:moderate', row.churchId)) throw notFound('Message');
  const updated = await ctx.db.transaction(async (tx) => {
    const [done] = await tx.update(messages).set({ text: null, imagePath: null, state: 'removed' }).where(eq(messages.id, messageId)).returning();
    await tx.update(messageReports).set({ resolvedAt: new Date() }).where(eq(messageReports.messageId, messageId));
    await writeAudit(tx, actor, { action: 'message.removed', targetType: 'message', targetId: messageId, churchId: row.churchId, details: { conversationId: row.message.conversationId, senderId: row.message.senderId } });
    return done!;
  });
  await forgetTranslations(ctx, messageId);
  await new ImageStore(ctx.blobs).remove(row.message.imagePath);
  await announceChange(ctx, row.churchId, updated);
}
