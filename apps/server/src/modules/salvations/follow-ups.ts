import { count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { followUpStatuses, msg, type FollowUp, type followUpListQuery, type updateFollowUpBody } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { churches, followUps, salvations, users } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { listAll, listPage, searchMatches, type ListSource } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { all, dateWindow, salvationName, salvationSearch } from '../analytics/sources';

const person = alias(users, 'person');
const assignee = alias(users, 'assignee');

const rows = (db: AppContext['db']) =>
  db
    .select({ f: followUps, s: salvations, name: salvationName, email: person.email, churchName: churches.name, aFirst: assignee.firstName, aLast: assignee.lastName })
    .from(followUps)
    .innerJoin(salvations, eq(salvations.id, followUps.salvationId))
    .leftJoin(person, eq(person.id, salvations.userId))
    .leftJoin(churches, eq(churches.id, followUps.churchId))
    .leftJoin(assignee, eq(assignee.id, followUps.assignedToId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof rows>>[number];

function toFollowUp(r: Row): FollowUp {
  return {
    id: r.f.id,
    salvationId: r.s.id,
    status: r.f.status,
    notes: r.f.notes,
    name: r.name,
    contact: r.s.contact,
    email: r.email,
    language: r.s.language,
    churchId: r.f.churchId,
    churchName: r.churchName,
    assignedToId: r.f.assignedToId,
    assignedToName: r.aFirst === null ? null : [r.aFirst, r.aLast].filter(Boolean).join(' '),
    createdAt: r.f.createdAt.toISOString(),
    updatedAt: r.f.updatedAt.toISOString(),
  };
}

const source = (db: AppContext['db']): ListSource<ReturnType<typeof rows>, FollowUp> => ({
  rows: () => rows(db),
  count: () => db.select({ n: count() }).from(followUps).innerJoin(salvations, eq(salvations.id, followUps.salvationId)).leftJoin(person, eq(person.id, salvations.userId)).$dynamic(),
  sortable: { createdAt: followUps.createdAt, status: followUps.status, language: salvations.language },
  defaultSort: '-createdAt',
  tiebreak: followUps.id,
  toItem: toFollowUp,
});

type Query = z.output<typeof followUpListQuery>;

/** Staff see the follow-ups assigned to them; church admins their church's; platform admins all. */
function where(actor: Actor, q: Query) {
  const own = churchFilter(actor, 'follow-ups:manage');
  if (own && q.churchId && q.churchId !== own) throw notFound('Church');
  const churchId = own ?? q.churchId;
  return all([
    churchId ? eq(followUps.churchId, churchId) : undefined,
    actor.role === 'staff' ? eq(followUps.assignedToId, actor.id) : undefined,
    q.status ? eq(followUps.status, q.status) : undefined,
    ...dateWindow(followUps.createdAt, q),
    searchMatches(salvationSearch, q.q),
  ]);
}

export const listFollowUps = (ctx: AppContext, actor: Actor, q: Query) => listPage(source(ctx.db), q, where(actor, q));
export const allFollowUps = (ctx: AppContext, actor: Actor, q: Query) => listAll(source(ctx.db), q.sort, where(actor, q));

/** One follow-up the actor may work on (the list's rule: staff only theirs), else 404. */
async function reachableRow(ctx: AppContext, actor: Actor, id: string): Promise<Row> {
  const [row] = await rows(ctx.db).where(eq(followUps.id, id)).limit(1);
  const reachable = row && canReachChurch(actor, 'follow-ups:manage', row.f.churchId) && (actor.role !== 'staff' || row.f.assignedToId === actor.id);
  if (!row || !reachable) throw notFound('Follow-up');
  return row;
}

/** GET /follow-ups/:id: one follow-up, opened from the list of decisions in analytics. */
export const getFollowUp = async (ctx: AppContext, actor: Actor, id: string): Promise<FollowUp> => toFollowUp(await reachableRow(ctx, actor, id));

/** PATCH /follow-ups/:id: notes, and the state moving forward only (new → contacted → connected → closed). */
export async function updateFollowUp(ctx: AppContext, actor: Actor, id: string, body: z.output<typeof updateFollowUpBody>): Promise<FollowUp> {
  const row = await reachableRow(ctx, actor, id);
  const from = row.f.status;
  const to = body.status ?? from;
  if (followUpStatuses.indexOf(to) < followUpStatuses.indexOf(from)) {
    throw badRequest('Some fields are not valid', [{ field: 'status', message: 'A follow-up only moves forward: new, contacted, connected, closed', key: msg('invalidChoice') }]);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(followUps).set({ status: to, notes: body.notes ?? row.f.notes, updatedAt: sql`now()` }).where(eq(followUps.id, id));
    await writeAudit(tx, actor, { action: 'follow_up.updated', targetType: 'follow_up', targetId: id, churchId: row.f.churchId, details: { from, to, notesChanged: body.notes !== undefined } });
  });
  const [updated] = await rows(ctx.db).where(eq(followUps.id, id)).limit(1);
  return toFollowUp(updated!);
}
