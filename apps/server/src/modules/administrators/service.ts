import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { administratorListQuery, createAdministratorBody, Person, updateAdministratorBody } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { churches, staffDetails, users } from '../../db/schema';
import { type DbOrTx, writeAudit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { listAll, listPage, searchMatches } from '../../lib/lists';
import { listStatements } from '../../lib/list-statements';
import { hashPassword } from '../../lib/passwords';
import { assertPasswordAllowed } from '../../lib/password-rules';
import { destroyUserSessions, type Actor } from '../../lib/session';
import { emailTaken, emailTakenError } from '../auth/email';
import { insertPerson } from '../users/insert-person';
import { allOf, personFilters } from '../users/person-source';
import { loadPerson, usersSource } from '../users/service';
import { publicAnswersChanged } from '../../live/live-service';

type ListQuery = z.output<typeof administratorListQuery>;
const adminRoleValues = ['church_admin', 'platform_admin'] as const;

/** The people list's rows, counted, sorted and shown the same way; its own statements by shape. */
const source = (ctx: AppContext) => ({ ...usersSource(ctx), defaultSort: 'lastName', statements: listStatements(ctx.db, 'administrators') });

const adminsWhere = (q: ListQuery) =>
  allOf([
    ...personFilters({ churchScope: null, churchId: q.churchId, role: q.role }),
    inArray(users.role, [...adminRoleValues]),
    searchMatches(users.searchText, q.q),
  ]);

/** Church and platform administrators; platform admins only (spec section 6). */
export const listAdministrators = (ctx: AppContext, q: ListQuery) => listPage(source(ctx), q, adminsWhere(q));
export const allAdministrators = (ctx: AppContext, q: ListQuery) => listAll(source(ctx), q.sort, adminsWhere(q));

async function loadAdmin(ctx: AppContext, id: string) {
  const [target] = await ctx.db.select({ id: users.id, role: users.role, churchId: users.churchId }).from(users).where(eq(users.id, id)).limit(1);
  if (!target || !(adminRoleValues as readonly string[]).includes(target.role)) throw notFound('Administrator');
  return target;
}

export async function getAdministrator(ctx: AppContext, id: string): Promise<Person> {
  await loadAdmin(ctx, id);
  return loadPerson(ctx, id);
}

async function assertChurchExists(ctx: AppContext, churchId: string | null | undefined) {
  if (!churchId) return;
  const [church] = await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!church) throw badRequest('Some fields are not valid', [{ field: 'churchId', message: 'Please choose a church', key: 'validation.churchRequired' }]);
}

const selfChange = () => new AppError('self_change', 403, 'You cannot delete yourself or change your own role');
const lastPlatformAdmin = () => new AppError('last_platform_admin', 409, 'The last platform administrator cannot be removed');

/**
 * Refuses a change that would leave no platform admin. Counted inside the change's transaction
 * under a lock on the platform admins' rows, so two admins removing each other at once cannot both win.
 */
async function assertAnotherPlatformAdmin(tx: DbOrTx, exceptId: string) {
  await tx.execute(sql`select id from users where role = 'platform_admin' for update`);
  const [row] = await tx.select({ n: count() }).from(users).where(and(eq(users.role, 'platform_admin'), ne(users.id, exceptId)));
  if ((row?.n ?? 0) === 0) throw lastPlatformAdmin();
}

export async function createAdministrator(ctx: AppContext, actor: Actor, input: z.output<typeof createAdministratorBody>): Promise<Person> {
  await assertChurchExists(ctx, input.churchId);
  if (await emailTaken(ctx.db, input.email)) throw emailTakenError();
  assertPasswordAllowed(input.password, input.email);
  const passwordHash = await hashPassword(input.password);
  const id = await ctx.db.transaction(async (tx) => {
    const userId = await insertPerson(tx, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      address: input.address || null,
      suburb: input.suburb,
      role: input.role,
      churchId: input.churchId ?? null,
      passwordHash,
    });
    await tx.insert(staffDetails).values({ userId }).onConflictDoNothing();
    await writeAudit(tx, actor, { action: 'administrator.created', targetType: 'user', targetId: userId, churchId: input.churchId ?? null, details: { role: input.role } });
    return userId;
  });
  return loadPerson(ctx, id);
}

export async function updateAdministrator(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof updateAdministratorBody>): Promise<Person> {
  const target = await loadAdmin(ctx, id);
  const role = input.role ?? target.role;
  if (role !== target.role && id === actor.id) throw selfChange();
  const churchId = input.churchId === undefined ? target.churchId : input.churchId;
  if (role === 'church_admin' && !churchId) {
    throw badRequest('Some fields are not valid', [{ field: 'churchId', message: 'A church administrator belongs to exactly one church', key: 'validation.churchAdminNeedsChurch' }]);
  }
  await assertChurchExists(ctx, input.churchId);
  if (input.email !== undefined && (await emailTaken(ctx.db, input.email, id))) throw emailTakenError();
  const changes = Object.fromEntries(
    Object.entries({
      firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone, suburb: input.suburb,
      address: input.address === undefined ? undefined : input.address || null,
      churchId: input.churchId === undefined ? undefined : input.churchId,
      role: input.role,
    }).filter(([, v]) => v !== undefined),
  );
  await ctx.db.transaction(async (tx) => {
    if (target.role === 'platform_admin' && role !== 'platform_admin') await assertAnotherPlatformAdmin(tx, id);
    await tx.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, id));
    await writeAudit(tx, actor, { action: 'administrator.updated', targetType: 'user', targetId: id, churchId, details: { fields: Object.keys(changes) } });
    if (role !== target.role) {
      await writeAudit(tx, actor, { action: 'person.role_changed', targetType: 'user', targetId: id, churchId, details: { from: target.role, to: role } });
    }
  });
  // A demoted admin's open sessions carry the old role's menus; signing them out applies the new one.
  if (role !== target.role) await destroyUserSessions(ctx.db, id);
  // A sermon's share link names its host.
  if (changes.firstName !== undefined || changes.lastName !== undefined) publicAnswersChanged(ctx, null);
  return loadPerson(ctx, id);
}

export async function deleteAdministrator(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const target = await loadAdmin(ctx, id);
  if (id === actor.id) throw selfChange();
  await ctx.db.transaction(async (tx) => {
    if (target.role === 'platform_admin') await assertAnotherPlatformAdmin(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, actor, { action: 'administrator.deleted', targetType: 'user', targetId: id, churchId: target.churchId, details: { role: target.role } });
  });
  publicAnswersChanged(ctx, null);
}
