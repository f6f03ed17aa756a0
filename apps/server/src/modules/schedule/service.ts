import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { msg, type createScheduledSermonBody, type ScheduledSermon, type scheduledSermonListQuery, type updateScheduledSermonBody } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, churchLanguages, scheduledSermons, users } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { listAll, listPage } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { noChanges } from '../churches/settings-service';
import { scheduledFilters, scheduledSource, selectScheduled, toScheduled } from './source';
import { publicAnswersChanged } from '../../live/live-service';

type ListQuery = z.output<typeof scheduledSermonListQuery>;
type FieldError = { field: string; message: string; key: string };

/** GET /scheduled-sermons: the actor's church's services (any church's for platform admins). */
export const listScheduled = (ctx: AppContext, actor: Actor, q: ListQuery) =>
  listPage(scheduledSource(ctx.db), q, scheduledFilters(q, churchFilter(actor, 'church:read')));
export const allScheduled = (ctx: AppContext, actor: Actor, q: ListQuery) =>
  listAll(scheduledSource(ctx.db), q.sort, scheduledFilters(q, churchFilter(actor, 'church:read')));

async function loadScheduled(ctx: AppContext, id: string): Promise<ScheduledSermon> {
  const [row] = await selectScheduled(ctx.db).where(eq(scheduledSermons.id, id)).limit(1);
  if (!row) throw notFound('Scheduled service');
  return toScheduled(row);
}

/** A service of a church the actor may reach under `permission`; another church's answers 404. */
export async function reachableScheduled(ctx: AppContext, actor: Actor, id: string, permission: 'church:read' | 'schedule:manage') {
  const [row] = await ctx.db.select().from(scheduledSermons).where(eq(scheduledSermons.id, id)).limit(1);
  if (!row || !canReachChurch(actor, permission, row.churchId)) throw notFound('Scheduled service');
  return row;
}

/**
 * The rules a form cannot check alone: a start still ahead, a spoken language the church goes live
 * in, a speaker who may go live for that church. All failures at once, as field errors.
 */
/** A scheduled service of this church, for a record that links to it (a sermon, a prepared text); 404 otherwise. */
export async function scheduledOfChurch(ctx: AppContext, churchId: string, id: string): Promise<{ id: string }> {
  const [row] = await ctx.db.select({ id: scheduledSermons.id }).from(scheduledSermons)
    .where(and(eq(scheduledSermons.id, id), eq(scheduledSermons.churchId, churchId))).limit(1);
  if (!row) throw notFound('Scheduled service');
  return row;
}

async function checkFields(ctx: AppContext, churchId: string, f: { startsAt?: string; sourceLanguage?: string; speakerId?: string | null }) {
  const errors: FieldError[] = [];
  if (f.startsAt !== undefined && Date.parse(f.startsAt) <= Date.now()) {
    errors.push({ field: 'startsAt', message: 'Choose a start in the future', key: msg('startsInPast') });
  }
  if (f.sourceLanguage !== undefined) {
    const [offered] = await ctx.db.select({ id: churchLanguages.id }).from(churchLanguages)
      .where(and(eq(churchLanguages.churchId, churchId), eq(churchLanguages.list, 'go_live'), eq(churchLanguages.code, f.sourceLanguage))).limit(1);
    if (!offered) errors.push({ field: 'sourceLanguage', message: 'This church does not offer this spoken language', key: msg('invalidChoice') });
  }
  if (f.speakerId) {
    const [speaker] = await ctx.db.select({ id: users.id }).from(users)
      .where(and(eq(users.id, f.speakerId), eq(users.churchId, churchId), inArray(users.role, ['staff', 'church_admin']))).limit(1);
    if (!speaker) errors.push({ field: 'speakerId', message: 'Choose a staff member or administrator of this church', key: msg('invalidChoice') });
  }
  if (errors.length) throw badRequest('Some fields are not valid', errors);
}

/** POST /scheduled-sermons: staff and administrators for their church, platform admins for any. */
export async function createScheduled(ctx: AppContext, actor: Actor, body: z.output<typeof createScheduledSermonBody>): Promise<ScheduledSermon> {
  const [church] = canReachChurch(actor, 'schedule:manage', body.churchId)
    ? await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, body.churchId)).limit(1)
    : [];
  if (!church) throw notFound('Church');
  await checkFields(ctx, body.churchId, body);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(scheduledSermons).values({
      churchId: body.churchId, title: body.title, startsAt: new Date(body.startsAt), sourceLanguage: body.sourceLanguage,
      speakerId: body.speakerId ?? null, createdById: actor.id,
    }).returning({ id: scheduledSermons.id });
    await writeAudit(tx, actor, { action: 'scheduled_sermon.created', targetType: 'scheduled_sermon', targetId: created!.id, churchId: body.churchId, details: { title: body.title, startsAt: body.startsAt } });
    return created!.id;
  });
  publicAnswersChanged(ctx, body.churchId);
  return loadScheduled(ctx, id);
}

/** PATCH /scheduled-sermons/:id: only sent fields change. */
export async function updateScheduled(ctx: AppContext, actor: Actor, id: string, body: z.output<typeof updateScheduledSermonBody>): Promise<ScheduledSermon> {
  const row = await reachableScheduled(ctx, actor, id, 'schedule:manage');
  const update: Partial<typeof scheduledSermons.$inferInsert> = {};
  if (body.title !== undefined && body.title !== row.title) update.title = body.title;
  if (body.startsAt !== undefined && Date.parse(body.startsAt) !== row.startsAt.getTime()) update.startsAt = new Date(body.startsAt);
  if (body.sourceLanguage !== undefined && body.sourceLanguage !== row.sourceLanguage) update.sourceLanguage = body.sourceLanguage;
  if (body.speakerId !== undefined && (body.speakerId ?? null) !== row.speakerId) update.speakerId = body.speakerId ?? null;
  const changed = Object.keys(update);
  if (changed.length === 0) throw noChanges();
  await checkFields(ctx, row.churchId, {
    startsAt: update.startsAt ? body.startsAt : undefined,
    sourceLanguage: update.sourceLanguage,
    speakerId: update.speakerId,
  });
  await ctx.db.transaction(async (tx) => {
    await tx.update(scheduledSermons).set({ ...update, updatedAt: new Date() }).where(eq(scheduledSermons.id, id));
    await writeAudit(tx, actor, { action: 'scheduled_sermon.updated', targetType: 'scheduled_sermon', targetId: id, churchId: row.churchId, details: { changed } });
  });
  publicAnswersChanged(ctx, row.churchId);
  return loadScheduled(ctx, id);
}

/** DELETE /scheduled-sermons/:id: a sermon that went live for it keeps its record, unlinked. */
export async function deleteScheduled(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await reachableScheduled(ctx, actor, id, 'schedule:manage');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(scheduledSermons).where(eq(scheduledSermons.id, id));
    await writeAudit(tx, actor, { action: 'scheduled_sermon.deleted', targetType: 'scheduled_sermon', targetId: id, churchId: row.churchId, details: { title: row.title } });
  });
  publicAnswersChanged(ctx, row.churchId);
}
