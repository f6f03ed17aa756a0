import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MESSAGE_DIGEST_AFTER_MS } from '@app/shared';
import type { AppContext } from '../../context';
import { conversationMembers, conversations, users } from '../../db/schema';
import { mailPerson } from '../deletion-requests/notify';
import { publicUrlOf } from '../users/invitations';
import { messageDigestMail } from './digest-mail';
import { rowsOf } from './message-rows';

// One number for every process sharing the database (as the privacy jobs' lock, decision 017).
const DIGEST_LOCK = 7_120_021;
export const DIGEST_EVERY_MS = 5 * 60_000;


/**
 * Mails each person one digest of their messages unread for more than 15 minutes (decision record
 * 022): each message at most once (`mailed_seq` moves past it in the same statement), only to
 * people who kept the digest on, under an advisory lock so several processes mail once.
 */
export async function runMessageDigest(ctx: AppContext, now: Date = new Date()): Promise<{ ran: boolean; mailed: number }> {
  const cutoff = new Date(now.getTime() - MESSAGE_DIGEST_AFTER_MS);
  const due = await ctx.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${DIGEST_LOCK}) as locked`));
    if (!lock?.locked) return null;
    return rowsOf<{ user_id: string; conversation_id: string; n: number }>(await tx.execute(sql`
      with due as (
        select cm.conversation_id, cm.user_id, max(m.seq) as upto, count(*)::int as n
        from conversation_members cm
        join users u on u.id = cm.user_id and u.message_digest and u.purged_at is null and u.account_status = 'active'
        join messages m on m.conversation_id = cm.conversation_id
          and m.seq > greatest(cm.read_seq, cm.mailed_seq)
          and m.state = 'normal' and (m.sender_id is null or m.sender_id <> cm.user_id)
          and m.created_at <= ${cutoff.toISOString()}::timestamptz
        group by cm.conversation_id, cm.user_id
      )
      update conversation_members cm set mailed_seq = due.upto from due
      where cm.conversation_id = due.conversation_id and cm.user_id = due.user_id
      returning cm.user_id, cm.conversation_id, due.n`));
  });
  if (!due) return { ran: false, mailed: 0 };
  const byUser = new Map<string, Array<{ conversationId: string; n: number }>>();
  for (const r of due) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), { conversationId: r.conversation_id, n: Number(r.n) }]);
  if (byUser.size === 0) return { ran: true, mailed: 0 };
  const people = await ctx.db.select({ id: users.id, email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage })
    .from(users).where(inArray(users.id, [...byUser.keys()]));
  const names = await conversationNames(ctx, due.map((r) => r.conversation_id));
  const link = `${publicUrlOf(ctx).replace(/\/$/, '')}/messages`;
  for (const person of people) {
    const items = byUser.get(person.id)!;
    await mailPerson(ctx, person, messageDigestMail, () => ({
      firstName: person.firstName,
      count: items.reduce((sum, i) => sum + i.n, 0),
      conversations: items.map((i) => names.get(`${i.conversationId}:${person.id}`) ?? names.get(i.conversationId) ?? ''),
      link,
    }));
  }
  return { ran: true, mailed: people.length };
}

/** A group's name, or for a direct conversation the other person's name (keyed `conversation:reader`). */
async function conversationNames(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, string>();
  const rows = await ctx.db.select({ id: conversations.id, kind: conversations.kind, name: conversations.name }).from(conversations).where(inArray(conversations.id, unique));
  for (const r of rows) if (r.kind !== 'direct') names.set(r.id, r.name ?? '');
  const direct = rows.filter((r) => r.kind === 'direct').map((r) => r.id);
  if (direct.length === 0) return names;
  const members = await ctx.db.select({ conversationId: conversationMembers.conversationId, userId: conversationMembers.userId, firstName: users.firstName, lastName: users.lastName })
    .from(conversationMembers).innerJoin(users, eq(users.id, conversationMembers.userId)).where(inArray(conversationMembers.conversationId, direct));
  for (const m of members) {
    const other = members.find((o) => o.conversationId === m.conversationId && o.userId !== m.userId);
    if (other) names.set(`${m.conversationId}:${m.userId}`, `${other.firstName} ${other.lastName}`.trim());
  }
  return names;
}

/** GET/PUT /me/message-settings: the digest switch of Manage Profile. */
export async function digestSetting(ctx: AppContext, userId: string): Promise<{ digest: boolean }> {
  const [row] = await ctx.db.select({ digest: users.messageDigest }).from(users).where(eq(users.id, userId)).limit(1);
  return { digest: row?.digest ?? true };
}

export async function setDigest(ctx: AppContext, userId: string, digest: boolean): Promise<{ digest: boolean }> {
  await ctx.db.update(users).set({ messageDigest: digest }).where(and(eq(users.id, userId), ne(users.accountStatus, 'disabled')));
  return { digest };
}
