import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { MESSAGE_UNREAD_CAP, type ChatMessage, type ConversationSummary } from '@app/shared';
import type { AppContext } from '../../context';
import { conversationMembers, conversations, messageTranslations, messages, userBlocks, users } from '../../db/schema';
import type { Actor } from '../../lib/session';
import { messageFromJson, messageJson, personFromJson, personJson, presentJoined, rowsOf } from './message-rows';
import { peopleByIds, toChatPerson, type PersonRow } from './people';

export type ConversationRow = typeof conversations.$inferSelect;

type SummaryRow = {
  id: string;
  last: Record<string, unknown> | null;
  sender: Record<string, unknown> | null;
  translation: string | null;
  unread: number;
  memberCount: number;
  othersRead: number | string;
  other: Record<string, unknown> | null;
  blocked: boolean;
  blockedByYou: boolean;
};

/**
 * Conversations as the actor's list shows them, in one query for the whole page (decision record
 * 021, "Reading at scale"): per conversation, the newest message by one index probe, its sender and
 * stored translation, the actor's unread count (capped), the member count and others' read mark,
 * and for a direct one the other person and any block between the two. Never one query per
 * conversation, never one row per member of a large group.
 */
export async function summarize(ctx: AppContext, actor: Actor, rows: Array<{ conversation: ConversationRow; readSeq: number }>, lang?: string): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const ids = sql.join(rows.map((r) => sql`${r.conversation.id}::uuid`), sql`, `);
  const found = rowsOf<SummaryRow>(await ctx.db.execute(sql`
    select c.id, ${messageJson('lm')} as last, ${personJson('ls')} as sender, tr.text as translation, u.n as unread,
      mc.n as "memberCount", mc.others_read as "othersRead", ${personJson('op')} as other,
      coalesce(b.blocked, false) as blocked, coalesce(b.by_you, false) as "blockedByYou"
    from ${conversationMembers} me
    join ${conversations} c on c.id = me.conversation_id
    left join lateral (select * from ${messages} where conversation_id = c.id order by seq desc limit 1) lm on true
    left join ${users} ls on ls.id = lm.sender_id
    left join ${messageTranslations} tr on tr.message_id = lm.id and tr.language = ${lang ?? null}
    cross join lateral (
      select count(*)::int as n from (
        select 1 from ${messages} m
        where m.conversation_id = c.id and m.seq > me.read_seq and m.state = 'normal' and (m.sender_id is null or m.sender_id <> me.user_id)
        order by m.seq limit ${MESSAGE_UNREAD_CAP}
      ) x
    ) u
    cross join lateral (
      select count(*)::int as n, coalesce(min(read_seq) filter (where user_id <> me.user_id), 0) as others_read
      from ${conversationMembers} where conversation_id = c.id
    ) mc
    left join lateral (
      select user_id from ${conversationMembers} o where c.kind = 'direct' and o.conversation_id = c.id and o.user_id <> me.user_id limit 1
    ) o on true
    left join ${users} op on op.id = o.user_id
    left join lateral (
      select true as blocked, bool_or(k.blocker_id = me.user_id) as by_you from ${userBlocks} k
      where (k.blocker_id = me.user_id and k.blocked_id = o.user_id) or (k.blocker_id = o.user_id and k.blocked_id = me.user_id)
      having count(*) > 0
    ) b on true
    where me.user_id = ${actor.id} and me.conversation_id in (${ids})`));
  const byId = new Map(found.map((r) => [r.id, r]));
  const people = new Map<string, PersonRow>();
  const stored = new Map<string, string>();
  for (const r of found) {
    if (r.sender) people.set(r.sender.id as string, personFromJson(r.sender));
    if (r.other) people.set(r.other.id as string, personFromJson(r.other));
    if (r.last && r.translation !== null) stored.set(r.last.id as string, r.translation);
  }
  const churchOf = new Map(rows.map((r) => [r.conversation.id, r.conversation.churchId]));
  const lastOf = new Map<string, ChatMessage>();
  // The translator, only for a last message that has no stored translation yet, is the church's own.
  for (const churchId of new Set(churchOf.values())) {
    const ofChurch = found.filter((r) => r.last && churchOf.get(r.id) === churchId);
    const shown = await presentJoined(ctx, churchId, ofChurch.map((r) => messageFromJson(r.last!)), people, stored, lang);
    for (const m of shown) lastOf.set(m.conversationId, m);
  }
  return rows.map(({ conversation: c }) => {
    const r = byId.get(c.id);
    const other = r?.other ? people.get(r.other.id as string) : undefined;
    const canPost = c.kind === 'announcements' ? actor.role !== 'member'
      : c.kind === 'direct' ? Boolean(other && !other.purgedAt) && !r?.blocked : true;
    return {
      id: c.id,
      kind: c.kind,
      name: c.kind === 'direct' ? (other && !other.purgedAt ? toChatPerson(other).name : '') : c.name ?? '',
      other: other && !other.purgedAt ? toChatPerson(other) : null,
      memberCount: r?.memberCount ?? 0,
      canPost,
      blockedByYou: Boolean(r?.blockedByYou),
      lastMessage: lastOf.get(c.id) ?? null,
      unread: Number(r?.unread ?? 0),
      othersReadUpTo: Number(r?.othersRead ?? 0),
      lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    };
  });
}

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
