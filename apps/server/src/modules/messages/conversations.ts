import { and, count, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { chatEvents, type conversationListQuery, type ConversationSummary, type CreateConversationBody } from '@app/shared';
import type { AppContext } from '../../context';
import { conversationMembers, conversations, messages } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { listPage, type ListSource, type Page } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { chatHubFor } from '../../live/chat/chat-hub';
import { mayStartDirect, peopleByIds, reachable, type PersonRow } from './people';
import { summarize, unreadCounts, type ConversationRow } from './summaries';

export const chatNotFound = () => notFound('Conversation');

/** Who makes groups and adds people to them (decision record 021). */
const runsGroups = (actor: Actor) => actor.role === 'church_admin' || actor.role === 'platform_admin';

/** Everyone in the conversation: whom its live events go to. */
export async function memberIds(ctx: AppContext, conversationId: string): Promise<string[]> {
  return (await ctx.db.select({ id: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId))).map((r) => r.id);
}

/** Throws unless each of `ids` is a person of `churchId` the actor can reach. */
function assertPeopleOfChurch(actor: Actor, people: Map<string, PersonRow>, ids: string[], churchId: string | null): void {
  for (const id of ids) {
    const p = people.get(id);
    // Another church's person reads as a person who does not exist (never 403).
    if (!p || !reachable(actor, p) || p.churchId !== churchId) throw notFound('Person');
  }
}

/** The conversation and the actor's membership; anyone else's (another church's too) answers 404. */
export async function membership(ctx: AppContext, actor: Actor, id: string): Promise<{ conversation: ConversationRow; readSeq: number }> {
  const [row] = await ctx.db.select({ conversation: conversations, readSeq: conversationMembers.readSeq }).from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, actor.id))).limit(1);
  if (!row) throw chatNotFound();
  return row;
}

const selectMemberships = (ctx: AppContext) => ctx.db.select({ conversation: conversations, readSeq: conversationMembers.readSeq }).from(conversationMembers)
  .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId)).$dynamic();

const source = (ctx: AppContext): ListSource<ReturnType<typeof selectMemberships>, { conversation: ConversationRow; readSeq: number }> => ({
  rows: () => selectMemberships(ctx),
  count: () => ctx.db.select({ n: count() }).from(conversationMembers).$dynamic(),
  sortable: { lastMessageAt: sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})` },
  defaultSort: '-lastMessageAt',
  tiebreak: conversations.id,
  toItem: (row) => row,
});

/** GET /conversations: the actor's conversations, newest activity first. */
export async function listConversations(ctx: AppContext, actor: Actor, q: z.output<typeof conversationListQuery>): Promise<Page<ConversationSummary>> {
  const page = await listPage(source(ctx), q, eq(conversationMembers.userId, actor.id));
  return { ...page, items: await summarize(ctx, actor, page.items, q.lang) };
}

export async function getConversation(ctx: AppContext, actor: Actor, id: string, lang?: string): Promise<ConversationSummary> {
  const [summary] = await summarize(ctx, actor, [await membership(ctx, actor, id)], lang);
  return summary!;
}

/** GET /conversations/unread: the header's count. */
export async function unreadTotal(ctx: AppContext, userId: string): Promise<number> {
  return (await unreadCounts(ctx, userId)).reduce((sum, r) => sum + Number(r.n), 0);
}

/** POST /conversations with `{ userId }`: the pair's one direct conversation, created if needed. */
async function startDirect(ctx: AppContext, actor: Actor, userId: string): Promise<{ id: string; created: boolean }> {
  const directKey = [actor.id, userId].sort().join(':');
  const [existing] = await ctx.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.directKey, directKey)).limit(1);
  if (existing) return { id: existing.id, created: false };
  const person = (await peopleByIds(ctx.db, [userId])).get(userId);
  if (!person || !reachable(actor, person) || person.id === actor.id) throw notFound('Person');
  if (!mayStartDirect(actor, person)) throw forbidden('Members may write to the church\'s staff and administrators');
  const churchId = person.churchId ?? actor.churchId;
  if (!churchId) throw notFound('Person');
  const id = await ctx.db.transaction(async (tx) => {
    const [made] = await tx.insert(conversations).values({ churchId, kind: 'direct', directKey, createdById: actor.id })
      .onConflictDoNothing().returning({ id: conversations.id });
    if (!made) {
      // Both people started it at the same moment: the other request's conversation is the one.
      const [other] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.directKey, directKey));
      return other!.id;
    }
    await tx.insert(conversationMembers).values([{ conversationId: made.id, userId: actor.id }, { conversationId: made.id, userId }]);
    return made.id;
  });
  return { id, created: true };
}

/** POST /conversations with `{ name, memberIds, kind }`: church administrators (platform admins too). */
async function createGroup(ctx: AppContext, actor: Actor, body: { name: string; memberIds: string[]; kind: 'group' | 'announcements' }) {
  if (!runsGroups(actor)) throw forbidden('Only administrators create groups');
  const people = await peopleByIds(ctx.db, body.memberIds);
  const churchId = actor.churchId ?? people.get(body.memberIds[0]!)?.churchId ?? null;
  assertPeopleOfChurch(actor, people, body.memberIds, churchId);
  if (!churchId) throw notFound('Person');
  const memberIds = [...new Set([actor.id, ...body.memberIds])];
  const id = await ctx.db.transaction(async (tx) => {
    const [made] = await tx.insert(conversations).values({ churchId, kind: body.kind, name: body.name, createdById: actor.id }).returning({ id: conversations.id });
    await tx.insert(conversationMembers).values(memberIds.map((userId) => ({ conversationId: made!.id, userId })));
    await writeAudit(tx, actor, { action: 'conversation.created', targetType: 'conversation', targetId: made!.id, churchId, details: { kind: body.kind, name: body.name, members: memberIds.length } });
    return made!.id;
  });
  chatHubFor(ctx).toUsers(memberIds, chatEvents.conversation, { conversationId: id });
  return id;
}

export async function createConversation(ctx: AppContext, actor: Actor, body: CreateConversationBody): Promise<{ summary: ConversationSummary; created: boolean }> {
  if ('userId' in body) {
    const { id, created } = await startDirect(ctx, actor, body.userId);
    return { summary: await getConversation(ctx, actor, id), created };
  }
  const id = await createGroup(ctx, actor, { name: body.name, memberIds: body.memberIds, kind: body.kind ?? 'group' });
  return { summary: await getConversation(ctx, actor, id), created: true };
}

/** POST /conversations/:id/members: church administrators (platform admins too) who are in the group. */
export async function addMembers(ctx: AppContext, actor: Actor, id: string, ids: string[]): Promise<ConversationSummary> {
  const { conversation } = await membership(ctx, actor, id);
  if (conversation.kind === 'direct') throw new AppError('conflict', 409, 'People cannot be added to a direct conversation');
  if (!runsGroups(actor)) throw forbidden('Only administrators add people to a group');
  assertPeopleOfChurch(actor, await peopleByIds(ctx.db, ids), ids, conversation.churchId);
  const added = await ctx.db.transaction(async (tx) => {
    // Newcomers start read (and mailed) up to the last message: the history is there to scroll, but
    // it is not news to them, so it neither counts as unread, nor goes out in the digest mail, nor
    // takes everyone's "seen" marks back (those are the lowest read mark of the other members).
    const [last] = await tx.select({ seq: max(messages.seq) }).from(messages).where(eq(messages.conversationId, id));
    const mark = Number(last?.seq ?? 0);
    const rows = await tx.insert(conversationMembers)
      .values([...new Set(ids)].map((userId) => ({ conversationId: id, userId, readSeq: mark, mailedSeq: mark })))
      .onConflictDoNothing().returning({ userId: conversationMembers.userId });
    if (rows.length > 0) await writeAudit(tx, actor, { action: 'conversation.members_added', targetType: 'conversation', targetId: id, churchId: conversation.churchId, details: { count: rows.length, memberIds: rows.map((r) => r.userId) } });
    return rows.length;
  });
  // The newcomers see the conversation appear; the others' member counts change.
  if (added > 0) chatHubFor(ctx).toUsers(await memberIds(ctx, id), chatEvents.conversation, { conversationId: id });
  return getConversation(ctx, actor, id);
}
