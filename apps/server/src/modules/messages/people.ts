import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ChatPerson } from '@app/shared';
import type { AppContext } from '../../context';
import { userBlocks, users } from '../../db/schema';
import type { DbOrTx } from '../../lib/audit';
import { searchMatches } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { fileUrl } from '../../providers/storage/image-store';

/** What a message or conversation shows of a person. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  photoPath: users.photoPath,
  churchId: users.churchId,
  purgedAt: users.purgedAt,
};
export type PersonRow = { id: string; firstName: string; lastName: string; role: string; photoPath: string | null; churchId: string | null; purgedAt: Date | null };

export const toChatPerson = (p: PersonRow): ChatPerson => ({
  id: p.id,
  name: `${p.firstName} ${p.lastName}`.trim(),
  role: p.role,
  photoUrl: p.photoPath && !p.purgedAt ? fileUrl(p.photoPath) : null,
});

export async function peopleByIds(db: DbOrTx, ids: string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A person the actor can reach at all (same church; any church for platform admins). */
export const reachable = (actor: Actor, person: Pick<PersonRow, 'churchId' | 'purgedAt'>) =>
  !person.purgedAt && (actor.role === 'platform_admin' || (person.churchId !== null && person.churchId === actor.churchId));

/**
 * Whom the actor may start a direct conversation with (decision record 021): members write to
 * their church's staff and administrators; staff and administrators to anyone of their church;
 * platform administrators to anyone.
 */
export function mayStartDirect(actor: Actor, person: PersonRow): boolean {
  if (person.id === actor.id || !reachable(actor, person)) return false;
  if (actor.role === 'member') return person.role === 'staff' || person.role === 'church_admin';
  return true;
}

/** GET /conversations/contacts: people the actor may write to, by name (at most 30). */
export async function contacts(ctx: AppContext, actor: Actor, q: string | undefined): Promise<ChatPerson[]> {
  const conditions = [ne(users.id, actor.id), isNull(users.purgedAt), ne(users.accountStatus, 'disabled'), searchMatches(users.searchText, q)];
  if (actor.role !== 'platform_admin') conditions.push(actor.churchId ? eq(users.churchId, actor.churchId) : sql`false`);
  if (actor.role === 'member') conditions.push(or(eq(users.role, 'staff'), eq(users.role, 'church_admin')));
  const rows = await ctx.db.select(personColumns).from(users).where(and(...conditions))
    .orderBy(sql`f_unaccent(lower(${users.firstName}))`, users.id).limit(30);
  return rows.map(toChatPerson);
}

/** Whether `blocker` has blocked `blocked`. */
export async function hasBlocked(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db.select({ id: userBlocks.blockerId }).from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))).limit(1);
  return Boolean(row);
}
