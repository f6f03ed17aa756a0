import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { chatEvents, MESSAGE_EDIT_WINDOW_MS, type ChatMessage, type messagesQuery, type MessagePage, type SendMessageBody } from '@app/shared';
import type { AppContext } from '../../context';
import { conversationMembers, conversations, messageTranslations, messages, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { chatNotFound, memberIds, membership, unreadTotal } from './conversations';
import { mayPost } from './summaries';
import { chatHubFor } from '../../live/chat/chat-hub';
import { messageFromJson, messageJson, personFromJson, personJson, presentJoined, rowsOf, toChatMessage, type MessageRow } from './message-rows';
import { ImageStore } from '../../providers/storage/image-store';
import { peopleByIds, type PersonRow } from './people';
import { forgetTranslations, translationsFor } from './translate';

/** Messages as `lang`'s reader sees them (stored translations, translated once when missing). */
export async function present(ctx: AppContext, churchId: string, rows: MessageRow[], lang?: string): Promise<ChatMessage[]> {
  const people = await peopleByIds(ctx.db, rows.flatMap((r) => (r.senderId ? [r.senderId] : [])));
  const shown = rows.filter((r) => r.state === 'normal' && r.senderId && !people.get(r.senderId)?.purgedAt);
  const translations = await translationsFor(ctx, churchId, shown, lang);
  return rows.map((r) => toChatMessage(r, people, translations.get(r.id), lang));
}

/**
 * GET /conversations/:id/messages: one page before `before`, oldest first (newest last). One query
 * (decision record 021, "Reading at scale"): the actor's membership (none answers 404, another
 * church's conversation too), the page by the (conversation, seq) index, each sender and the stored
 * translation for `lang`.
 */
export async function messagePage(ctx: AppContext, actor: Actor, id: string, q: z.output<typeof messagesQuery>): Promise<MessagePage> {
  const found = rowsOf<{ churchId: string; message: Record<string, unknown> | null; sender: Record<string, unknown> | null; translation: string | null }>(await ctx.db.execute(sql`
    select c.church_id as "churchId", ${messageJson('m')} as message, ${personJson('p')} as sender, t.text as translation
    from ${conversationMembers} me
    join ${conversations} c on c.id = me.conversation_id
    left join lateral (
      select * from ${messages} where conversation_id = me.conversation_id ${q.before ? sql`and seq < ${q.before}` : sql``}
      order by seq desc limit ${q.limit + 1}
    ) m on true
    left join ${users} p on p.id = m.sender_id
    left join ${messageTranslations} t on t.message_id = m.id and t.language = ${q.lang ?? null}
    where me.conversation_id = ${id} and me.user_id = ${actor.id}
    order by m.seq desc`));
  if (found.length === 0) throw chatNotFound();
  const withMessage = found.filter((r) => r.message);
  const hasMore = withMessage.length > q.limit;
  const page = withMessage.slice(0, q.limit).reverse();
  const people = new Map(page.flatMap((r) => (r.sender ? [[r.sender.id as string, personFromJson(r.sender)] as const] : [])));
  const stored = new Map(page.flatMap((r) => (r.translation !== null ? [[r.message!.id as string, r.translation] as const] : [])));
  return { items: await presentJoined(ctx, found[0]!.churchId, page.map((r) => messageFromJson(r.message!)), people, stored, q.lang), hasMore };
}

/** The message a resend of `clientId` already stored, if any. */
export async function storedResend(ctx: AppContext, actor: Actor, id: string, clientId: string, churchId: string): Promise<ChatMessage | null> {
  const [again] = await ctx.db.select().from(messages).where(and(eq(messages.senderId, actor.id), eq(messages.clientId, clientId))).limit(1);
  if (!again) return null;
  if (again.conversationId !== id) throw new AppError('conflict', 409, 'This client id was used for another conversation');
  return (await present(ctx, churchId, [again]))[0]!;
}

/**
 * The message stored with the conversation's last activity bumped, and what announcing it needs
 * (the sender as a reader sees them, every member's id), in one statement: a post is on the path
 * of every member's delivery, so it costs one round trip, not a transaction's five (decision record
 * 021, "Delivery"). Null when this sender already used `clientId` (a resend).
 */
async function storeMessage(ctx: AppContext, actor: Actor, id: string, body: SendMessageBody): Promise<{ row: MessageRow; sender: PersonRow | null; members: string[] } | null> {
  const [found] = rowsOf<{ message: Record<string, unknown>; sender: Record<string, unknown> | null; members: string[] }>(await ctx.db.execute(sql`
    with saved as (
      insert into ${messages} (conversation_id, sender_id, client_id, text, language)
      values (${id}, ${actor.id}, ${body.clientId}, ${body.text}, ${body.language})
      on conflict do nothing returning *
    ), bumped as (
      update ${conversations} c set last_message_at = saved.created_at from saved where c.id = saved.conversation_id
    )
    select ${messageJson('saved')} as message, ${personJson('p')} as sender,
      (select coalesce(jsonb_agg(user_id), '[]'::jsonb) from ${conversationMembers} where conversation_id = ${id}) as members
    from saved left join ${users} p on p.id = saved.sender_id`));
  if (!found) return null;
  return { row: messageFromJson(found.message), sender: found.sender ? personFromJson(found.sender) : null, members: found.members };
}

/** POST /conversations/:id/messages: a resend with the same clientId answers the stored message. */
export async function sendMessage(ctx: AppContext, actor: Actor, id: string, body: z.output<z.ZodType<SendMessageBody>>): Promise<{ message: ChatMessage; created: boolean }> {
  const { conversation } = await membership(ctx, actor, id);
  if (!(await mayPost(ctx, actor, conversation))) {
    // A message stored before the block still answers its resend (the phone is told it went).
    const again = await storedResend(ctx, actor, id, body.clientId, conversation.churchId);
    if (again) return { message: again, created: false };
    throw forbidden(conversation.kind === 'announcements' ? 'Only staff and administrators post announcements' : 'You cannot write to this person');
  }
  const stored = await storeMessage(ctx, actor, id, body);
  if (!stored) return { message: (await storedResend(ctx, actor, id, body.clientId, conversation.churchId))!, created: false };
  const people = new Map(stored.sender ? [[stored.sender.id, stored.sender] as const] : []);
  const [message] = await presentJoined(ctx, conversation.churchId, [stored.row], people, new Map(), undefined);
  chatHubFor(ctx).toUsers(stored.members, chatEvents.message, message);
  return { message: message!, created: true };
}

async function ownMessage(ctx: AppContext, actor: Actor, messageId: string): Promise<{ row: MessageRow; churchId: string }> {
  const [row] = await ctx.db.select({ message: messages, churchId: conversations.churchId }).from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId)).where(eq(messages.id, messageId)).limit(1);
  // Someone else's message reads as one that does not exist.
  if (!row || row.message.senderId !== actor.id || row.message.state !== 'normal') throw notFound('Message');
  return { row: row.message, churchId: row.churchId };
}

/** Tells every member about a changed message (edit, deletion, removal). */
export async function announceChange(ctx: AppContext, churchId: string, row: MessageRow): Promise<ChatMessage> {
  const [message] = await present(ctx, churchId, [row]);
  chatHubFor(ctx).toUsers(await memberIds(ctx, row.conversationId), chatEvents.changed, message);
  return message!;
}

/** PATCH /messages/:id: own messages, within 15 minutes of sending. */
export async function editMessage(ctx: AppContext, actor: Actor, messageId: string, text: string, now = new Date()): Promise<ChatMessage> {
  const { row, churchId } = await ownMessage(ctx, actor, messageId);
  if (now.getTime() - row.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('conflict', 409, 'Messages can be edited for 15 minutes after sending');
  const [updated] = await ctx.db.update(messages).set({ text, editedAt: now }).where(eq(messages.id, messageId)).returning();
  await forgetTranslations(ctx, messageId);
  return announceChange(ctx, churchId, updated!);
}

/** DELETE /messages/:id: own messages; the text goes, "message deleted" stays in its place. */
export async function deleteMessage(ctx: AppContext, actor: Actor, messageId: string): Promise<void> {
  const { row, churchId } = await ownMessage(ctx, actor, messageId);
  const [updated] = await ctx.db.update(messages).set({ text: null, imagePath: null, state: 'deleted' }).where(eq(messages.id, messageId)).returning();
  await forgetTranslations(ctx, messageId);
  await new ImageStore(ctx.blobs).remove(row.imagePath);
  await announceChange(ctx, churchId, updated!);
}

/** POST /conversations/:id/read: read marks only move forward. */
export async function markRead(ctx: AppContext, actor: Actor, id: string, upTo: number): Promise<{ unread: number }> {
  const { readSeq } = await membership(ctx, actor, id);
  if (upTo > readSeq) {
    await ctx.db.update(conversationMembers).set({ readSeq: sql`greatest(${conversationMembers.readSeq}, ${upTo})` })
      .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, actor.id)));
    chatHubFor(ctx).toUsers(await memberIds(ctx, id), chatEvents.read, { conversationId: id, userId: actor.id, upTo });
  }
  const unread = await unreadTotal(ctx, actor.id);
  chatHubFor(ctx).toUsers([actor.id], chatEvents.unread, { unread });
  return { unread };
}
