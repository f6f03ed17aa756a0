import { eq } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';

export interface Target {
  id: string;
  role: Role;
  churchId: string | null;
}

/**
 * The person `id` if the actor may see them under `users:read`: platform admins anyone, church
 * admins and staff their church's people (not platform admins), members only themselves. Anything
 * else answers 404, never revealing that the person exists (ARCHITECTURE.md section 4).
 */
export async function reachablePerson(db: Db, actor: Actor, id: string): Promise<Target> {
  const [target] = await db.select({ id: users.id, role: users.role, churchId: users.churchId }).from(users).where(eq(users.id, id)).limit(1);
  if (!target) throw notFound('Person');
  if (target.id === actor.id) return target;
  if (actor.role === 'member') throw notFound('Person');
  if (target.role === 'platform_admin' && actor.role !== 'platform_admin') throw notFound('Person');
  if (!canReachChurch(actor, 'users:read', target.churchId)) throw notFound('Person');
  return target;
}

/**
 * Who may edit whom through the users screens: staff edit members of their church,
 * church admins members and staff, platform admins everyone but other platform admins (those are
 * managed on the administrators screen). Anyone may edit themselves.
 */
export function assertMayEdit(actor: Actor, target: Target): void {
  if (target.id === actor.id) return;
  const editable: Record<Role, Role[]> = {
    platform_admin: ['member', 'staff', 'church_admin'],
    church_admin: ['member', 'staff'],
    staff: ['member'],
    member: [],
  };
  if (!editable[actor.role].includes(target.role)) throw forbidden('You cannot change this person');
}
