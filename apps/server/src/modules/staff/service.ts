import { eq } from 'drizzle-orm';
import type { createStaffBody, StaffDetail, staffListQuery, updateStaffBody } from '@app/shared';
import { payrollFieldNames } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { staffDetails, users } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { listAll, listPage } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { createUser, deleteUser, updateUser } from '../users/service';
import { decryptPayroll, encryptPayroll, maskPayroll } from './payroll';
import { selectStaff, staffSource, staffWhere, toStaffItem } from './staff-source';

type ListQuery = z.output<typeof staffListQuery>;
type CreateStaff = z.output<typeof createStaffBody>;
type UpdateStaff = z.output<typeof updateStaffBody>;

export const listStaff = (ctx: AppContext, actor: Actor, q: ListQuery) =>
  listPage(staffSource(ctx.db), q, staffWhere(churchFilter(actor, 'staff:manage'), q));
export const allStaff = (ctx: AppContext, actor: Actor, q: ListQuery) =>
  listAll(staffSource(ctx.db), q.sort, staffWhere(churchFilter(actor, 'staff:manage'), q));

const recordKeys = [
  'jobTitle', 'department', 'employmentType', 'workLocation', 'startDate', 'endDate', 'workEmail', 'countryOfOrigin',
  'systemAccessLevel', 'assignedTeams', 'educationLevel', 'certifications', 'skills', 'languagesSpoken', 'employeeId',
  'linkedinUrl', 'notes',
] as const;

/** The staff_details columns for the fields sent ('' clears), payroll encrypted. */
function staffColumns(ctx: AppContext, input: Partial<UpdateStaff>): Partial<typeof staffDetails.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const key of recordKeys) {
    const v = input[key];
    if (v !== undefined) out[key] = v === '' ? null : v;
  }
  return { ...out, ...encryptPayroll(ctx.secrets, input) } as Partial<typeof staffDetails.$inferInsert>;
}

const payrollSent = (input: Partial<UpdateStaff>) => payrollFieldNames.some((k) => input[k] !== undefined);

/**
 * A staff member's page. Their own record is shown whole to them; church admins (own church) and
 * platform admins see it with pay masked until they reveal it; anyone else is refused.
 */
export async function getStaff(ctx: AppContext, actor: Actor, id: string, opts: { reveal?: boolean } = {}): Promise<StaffDetail> {
  const [row] = await selectStaff(ctx.db).where(eq(users.id, id)).limit(1);
  if (!row || row.user.role !== 'staff') throw notFound('Staff member');
  const isSelf = actor.id === id;
  if (!isSelf && !canReachChurch(actor, 'staff:manage', row.user.churchId)) {
    // A colleague of the same church learns nothing of pay; another church's staff do not exist.
    if (actor.churchId && actor.churchId === row.user.churchId) throw forbidden('Only church administrators see staff records');
    throw notFound('Staff member');
  }
  const payroll = decryptPayroll(ctx.secrets, row.staff);
  const showWhole = isSelf || opts.reveal === true;
  return { ...toStaffItem(row), payroll: showWhole ? payroll : maskPayroll(payroll), payrollMasked: !showWhole };
}

/** POST /staff/:id/payroll/reveal: one record's pay in clear, written to the audit log (decision 011). */
export async function revealPayroll(ctx: AppContext, actor: Actor, id: string): Promise<StaffDetail> {
  const [target] = await ctx.db.select({ churchId: users.churchId, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!target || target.role !== 'staff' || !canReachChurch(actor, 'staff:reveal-payroll', target.churchId)) throw notFound('Staff member');
  await writeAudit(ctx.db, actor, { action: 'staff.payroll_revealed', targetType: 'user', targetId: id, churchId: target.churchId });
  return getStaff(ctx, actor, id, { reveal: true });
}

/** POST /staff: the person (role staff) and their staff record in one transaction. */
export async function createStaff(ctx: AppContext, actor: Actor, input: CreateStaff): Promise<StaffDetail> {
  if (!canReachChurch(actor, 'staff:manage', input.churchId)) throw forbidden('Only church administrators can add staff');
  const person = await createUser(ctx, actor, { ...input, role: 'staff', acceptedJesus: undefined, acceptedJesusAt: undefined }, async (tx, userId) => {
    await tx.update(staffDetails).set({ ...staffColumns(ctx, input), updatedAt: new Date() }).where(eq(staffDetails.userId, userId));
  });
  return getStaff(ctx, actor, person.id);
}

/** PATCH /staff/:id: person fields through the users rules, staff fields and payroll here. */
export async function updateStaff(ctx: AppContext, actor: Actor, id: string, input: UpdateStaff): Promise<StaffDetail> {
  const detail = await getStaff(ctx, actor, id);
  if (actor.id === id && actor.role === 'staff' && payrollSent(input)) throw forbidden('Ask a church administrator to change your pay details');
  await updateUser(ctx, actor, id, { ...input, role: undefined });
  const columns = staffColumns(ctx, input);
  if (Object.keys(columns).length > 0) {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(staffDetails).values({ userId: id, ...columns }).onConflictDoUpdate({ target: staffDetails.userId, set: { ...columns, updatedAt: new Date() } });
      // Field names only: the audit log never holds a payroll value.
      await writeAudit(tx, actor, { action: 'staff.updated', targetType: 'user', targetId: id, churchId: detail.churchId, details: { fields: Object.keys(columns) } });
    });
  }
  return getStaff(ctx, actor, id);
}

export async function deleteStaff(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const [target] = await ctx.db.select({ role: users.role, churchId: users.churchId }).from(users).where(eq(users.id, id)).limit(1);
  if (!target || target.role !== 'staff' || !canReachChurch(actor, 'staff:manage', target.churchId)) throw notFound('Staff member');
  await deleteUser(ctx, actor, id);
}
