import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { MESSAGE_UNREAD_CAP, type ConversationSummary } from '@app/shared';
import type { AppContext } from '../../context';
import { conversationMembers, conversations, messages, userBlocks } from '../../db/schema';
import type { Actor } from '../../lib/session';
import { toChatMessage, type MessageRow } from './message-rows';
import { peopleByIds, toChatPerson } from './people';
import { translationsFor } from './translate';

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * Conversations as the actor's list shows them: a handful of grouped queries for the whole page
 * (never one per conversation, never one row per member of a large group).
 */
export async function summarize(ctx: AppContext, actor: Actor, rows: Array<{ conversation: ConversationRow; readSeq: number }>, lang?: string): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.conversation.id);
  const directIds = rows.filter((r) => r.conversation.kind === 'direct').map((r) => r.conversation.id);
  const [unread, last, members, others] = await Promise.all([
    unreadCounts(ctx, actor.id, ids),
    lastMessages(ctx, ids),
    ctx.db.select({
      id: conversationMembers.conversationId,
      n: sql<number>`count(*)::int`,
      othersRead: sql<number>`coalesce(min(${conversationMembers.readSeq}) filter (where ${conversationMembers.userId} <> ${actor.id}), 0)`,
    }).from(conversationMembers).where(inArray(conversationMembers.conversationId, ids)).groupBy(conversationMembers.conversationId),
    directIds.length === 0 ? [] : ctx.db.select({ id: conversationMembers.conversationId, userId: conversationMembers.userId }).from(conversationMembers)
      .where(and(inArray(conversationMembers.conversationId, directIds), ne(conversationMembers.userId, actor.id))),
  ]);
  const otherOf = new Map(others.map((o) => [o.id, o.userId]));
  const people = await peopleByIds(ctx.db, [...others.map((o) => o.userId), ...last.flatMap((m) => (m.senderId ? [m.senderId] : []))]);
  const blocks = await blocksBetween(ctx, actor.id, [...otherOf.values()]);
  const blocked = new Set(blocks.map((r) => (r.blockerId === actor.id ? r.blockedId : r.blockerId)));
  const blockedByYou = new Set(blocks.filter((r) => r.blockerId === actor.id).map((r) => r.blockedId));
  const translations = new Map<string, string>();
  for (const churchId of new Set(rows.map((r) => r.conversation.churchId))) {
    const ofChurch = last.filter((m) => rows.find((r) => r.conversation.id === m.conversationId)?.conversation.churchId === churchId);
    for (const [k, v] of await translationsFor(ctx, churchId, ofChurch, lang)) translations.set(k, v);
  }
  const unreadOf = new Map(unread.map((u) => [u.id, Number(u.n)]));
  const lastOf = new Map(last.map((m) => [m.conversationId, m]));
  const membersOf = new Map(members.map((m) => [m.id, m]));
  return rows.map(({ conversation: c }) => {
    const otherId = otherOf.get(c.id);
    const other = otherId ? people.get(otherId) : undefined;
    const lastRow = lastOf.get(c.id);
    const canPost = c.kind === 'announcements' ? actor.role !== 'member'
      : c.kind === 'direct' ? Boolean(other && !other.purgedAt) && !blocked.has(otherId!) : true;
    return {
      id: c.id,
      kind: c.kind,
      name: c.kind === 'direct' ? (other && !other.purgedAt ? toChatPerson(other).name : '') : c.name ?? '',
      other: other && !other.purgedAt ? toChatPerson(other) : null,
      memberCount: membersOf.get(c.id)?.n ?? 0,
      canPost,
      blockedByYou: otherId ? blockedByYou.has(otherId) : false,
      lastMessage: lastRow ? toChatMessage(lastRow, people, translations.get(lastRow.id), lang) : null,
      unread: unreadOf.get(c.id) ?? 0,
      othersReadUpTo: Number(membersOf.get(c.id)?.othersRead ?? 0),
      lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    };
  });
}

/**
 * The newest message of each conversation: one index probe each (a lateral LIMIT 1), never a scan of
 * a busy group's whole history as DISTINCT ON over the conversations would be.
 */
async function lastMessages(ctx: AppContext, ids: string[]): Promise<MessageRow[]> {
  const found = rowsOf<{ id: string }>(await ctx.db.execute(sql`
    select m.id from unnest(array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]) as c(id)
    cross join lateral (select id from ${messages} where conversation_id = c.id order by seq desc limit 1) m`));
  if (found.length === 0) return [];
  return ctx.db.select().from(messages).where(inArray(messages.id, found.map((r) => r.id)));
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Unread messages per conversation of the person (someone else's, still shown, above their read
 * mark), each count stopping at MESSAGE_UNREAD_CAP: a member who never opens a busy group costs a
 * bounded index range per conversation, not a count of its whole history (the screen shows "99+").
 */
export async function unreadCounts(ctx: AppContext, userId: string, conversationIds?: string[]): Promise<Array<{ id: string; n: number }>> {
  const only = conversationIds ? sql`and cm.conversation_id in (${sql.join(conversationIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  return rowsOf<{ id: string; n: number }>(await ctx.db.execute(sql`
    select cm.conversation_id as id, u.n from ${conversationMembers} cm
    cross join lateral (
      select count(*)::int as n from (
        select 1 from ${messages} m
        where m.conversation_id = cm.conversation_id and m.seq > cm.read_seq and m.state = 'normal'
          and (m.sender_id is null or m.sender_id <> cm.user_id)
        order by m.seq limit ${MESSAGE_UNREAD_CAP}
      ) x
    ) u
    where cm.user_id = ${userId} ${only}`));
}

/** Blocks between the actor and any of `others`, either way: no direct messages either way. */
async function blocksBetween(ctx: AppContext, actorId: string, others: string[]) {
  if (others.length === 0) return [];
  return ctx.db.select().from(userBlocks).where(or(
    and(eq(userBlocks.blockerId, actorId), inArray(userBlocks.blockedId, others)),
    and(eq(userBlocks.blockedId, actorId), inArray(userBlocks.blockerId, others)),
  ));
}

/** Whether the actor may write in the conversation (the same rule as a summary's `canPost`, without the rest of it). */
export async function mayPost(ctx: AppContext, actor: Actor, c: ConversationRow): Promise<boolean> {
  if (c.kind === 'announcements') return actor.role !== 'member';
  if (c.kind !== 'direct') return true;
  const [other] = await ctx.db.select({ userId: conversationMembers.userId }).from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, c.id), ne(conversationMembers.userId, actor.id))).limit(1);
  const person = other ? (await peopleByIds(ctx.db, [other.userId])).get(other.userId) : undefined;
  return Boolean(person && !person.purgedAt) && (await blocksBetween(ctx, actor.id, [other!.userId])).length === 0;
}
