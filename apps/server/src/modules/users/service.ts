import { randomBytes } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import type { createUserBody, Person, updateUserBody, userListQuery } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { staffDetails, users } from '../../db/schema';
import { churchFilter, canReachChurch } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { listAll, listPage, searchMatches, type ListSource } from '../../lib/lists';
import { listStatements } from '../../lib/list-statements';
import { hashPassword } from '../../lib/passwords';
import { assertPasswordAllowed } from '../../lib/password-rules';
import { destroyUserSessions, type Actor } from '../../lib/session';
import { accountEmail } from '../../lib/sign-in-email';
import { emailTaken, emailTakenError } from '../auth/email';
import { assertMayEdit, reachablePerson } from './access';
import { emailChange } from './email-change';
import { insertPerson } from './insert-person';
import { createInvitation, mailNewAccount } from './invitations';
import { allOf, countPeople, personKeyOf, personKeys, personFilters, personSortable, selectPeople, toPerson, type PersonRow } from './person-source';
import { personValues } from './person-values';
import { publicAnswersChanged } from '../../live/live-service';

type ListQuery = z.output<typeof userListQuery>;

export const usersSource = (ctx: AppContext): ListSource<ReturnType<typeof selectPeopleDynamic>, Person> => ({
  rows: () => selectPeopleDynamic(ctx),
  count: () => countPeople(ctx.db).$dynamic(),
  sortable: personSortable,
  defaultSort: '-createdAt',
  tiebreak: users.id,
  keys: () => personKeys(ctx.db).$dynamic(),
  keyOf: personKeyOf,
  toItem: (row) => toPerson(row as PersonRow),
  statements: listStatements(ctx.db, 'users'),
});
const selectPeopleDynamic = (ctx: AppContext) => selectPeople(ctx.db).$dynamic();

function usersWhere(actor: Actor, q: ListQuery) {
  return allOf([
    ...personFilters({ churchScope: churchFilter(actor, 'users:list'), churchId: q.churchId, role: q.role, status: q.status }),
    // Platform admins are people of no church's list; the administrators screen shows them.
    actor.role === 'platform_admin' && q.role === 'platform_admin' ? undefined : ne(users.role, 'platform_admin'),
    q.acceptedJesus === undefined ? undefined : eq(users.acceptedJesus, q.acceptedJesus),
    searchMatches(users.searchText, q.q),
  ]);
}

/** GET /users: the church's people for its admins and staff, every church's for platform admins. */
export const listUsers = (ctx: AppContext, actor: Actor, q: ListQuery) => listPage(usersSource(ctx), q, usersWhere(actor, q));
export const allUsers = (ctx: AppContext, actor: Actor, q: ListQuery) => listAll(usersSource(ctx), q.sort, usersWhere(actor, q));

export async function loadPerson(ctx: AppContext, id: string): Promise<Person> {
  const [row] = await selectPeople(ctx.db).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Person');
  return toPerson(row);
}

export async function getUser(ctx: AppContext, actor: Actor, id: string): Promise<Person> {
  await reachablePerson(ctx.db, actor, id);
  return loadPerson(ctx, id);
}

type CreateUser = z.output<typeof createUserBody>;

/** An unusable password for an invited person until they choose one from the emailed link. */
const placeholderPassword = () => hashPassword(randomBytes(32).toString('base64url'));

/**
 * Adds a person with a password, or invited to set their own; mails them in
 * their language. Staff add members only; church admins may add staff.
 */
export async function createUser(ctx: AppContext, actor: Actor, input: CreateUser, extra?: (tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], userId: string) => Promise<void>): Promise<Person> {
  if (input.role !== 'member' && !canReachChurch(actor, 'users:set-role', input.churchId)) throw forbidden('Only church administrators can add staff');
  const values = await personValues(ctx.db, actor, input);
  if (await emailTaken(ctx.db, input.email)) throw emailTakenError();
  const invite = input.password === undefined;
  if (!invite) assertPasswordAllowed(input.password!, input.email);
  const passwordHash = invite ? await placeholderPassword() : await hashPassword(input.password!);
  let token: string | undefined;
  const id = await ctx.db.transaction(async (tx) => {
    const userId = await insertPerson(tx, {
      ...(values as Required<Pick<typeof values, 'firstName' | 'email'>> & typeof values),
      passwordHash,
      role: input.role,
      accountStatus: invite ? 'invited' : 'active',
      termsAcceptedAt: null,
    });
    if (input.role === 'staff') await tx.insert(staffDetails).values({ userId }).onConflictDoNothing();
    await extra?.(tx, userId);
    if (invite) token = await createInvitation(tx, userId);
    await writeAudit(tx, actor, { action: 'person.created', targetType: 'user', targetId: userId, churchId: input.churchId, details: { role: input.role, invited: invite } });
    return userId;
  });
  const person = await loadPerson(ctx, id);
  await mailNewAccount(ctx, { ...person, email: accountEmail(person.email), churchName: person.churchName ?? '' }, token);
  return person;
}

type UpdateUser = z.output<typeof updateUserBody>;

/** PATCH /users/:id: only what is sent changes; role changes are for church and platform admins. */
export async function updateUser(ctx: AppContext, actor: Actor, id: string, input: UpdateUser): Promise<Person> {
  const target = await reachablePerson(ctx.db, actor, id);
  assertMayEdit(actor, target);
  const roleChange = input.role !== undefined && input.role !== target.role ? input.role : undefined;
  if (roleChange) {
    if (target.id === actor.id) throw forbidden('You cannot change your own role');
    if (!canReachChurch(actor, 'users:set-role', target.churchId) || !['member', 'staff'].includes(target.role)) {
      throw forbidden('Only church administrators can change roles');
    }
  }
  // No email (null) is only allowed where there is none already (emailChange): nothing to write.
  const values = await personValues(ctx.db, actor, { ...input, email: input.email ?? undefined }, id);
  const account = await emailChange(ctx.db, id, input.email, roleChange);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ ...values, ...account, ...(roleChange ? { role: roleChange } : {}), updatedAt: new Date() }).where(eq(users.id, id)).catch((err: unknown) => {
      throw (err as { cause?: { code?: string } }).cause?.code === '23505' ? emailTakenError() : err;
    });
    if (roleChange === 'staff') await tx.insert(staffDetails).values({ userId: id }).onConflictDoNothing();
    const churchId = values.churchId ?? target.churchId;
    await writeAudit(tx, actor, { action: 'person.updated', targetType: 'user', targetId: id, churchId, details: { fields: Object.keys(values) } });
    if (roleChange) {
      await writeAudit(tx, actor, { action: 'person.role_changed', targetType: 'user', targetId: id, churchId, details: { from: target.role, to: roleChange } });
    }
  });
  // A sermon's share link names its host.
  if (values.firstName !== undefined || values.lastName !== undefined) publicAnswersChanged(ctx, null);
  return loadPerson(ctx, id);
}

/** DELETE /users/:id (church and platform admins): never oneself; administrators go through their own screen. */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const target = await reachablePerson(ctx.db, actor, id);
  if (target.id === actor.id) throw forbidden('You cannot delete yourself');
  if (!canReachChurch(actor, 'users:delete', target.churchId)) throw notFound('Person');
  assertMayEdit(actor, target);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, actor, {
      action: 'person.deleted',
      targetType: 'user',
      targetId: id,
      churchId: target.churchId,
      // No name or email: an audit entry must not keep personal data the deletion removed.
      details: { role: target.role },
    });
  });
  await destroyUserSessions(ctx.db, id);
  // A sermon's share link named them as its host.
  publicAnswersChanged(ctx, null);
}

