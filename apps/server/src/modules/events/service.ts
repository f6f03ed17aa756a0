import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createEventBody, EventDetails, eventListQuery, updateEventBody } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, eventImages, events } from '../../db/schema';
import { canReachChurch, churchFilter } from '../../lib/access';
import { writeAudit, type DbOrTx } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { listAll, listPage } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { fileUrl, ImageStore } from '../../providers/storage/image-store';
import { noChanges } from '../churches/settings-service';
import { eventFilters, eventSource, selectEvents, toEventSummary, type EventRow } from './event-source';

type ListQuery = z.output<typeof eventListQuery>;

/** GET /events: the actor's church's events (every church's for platform admins). */
export const listEvents = (ctx: AppContext, actor: Actor, q: ListQuery) =>
  listPage(eventSource(ctx.db, q.status), q, eventFilters(q, churchFilter(actor, 'events:read')));
export const allEvents = (ctx: AppContext, actor: Actor, q: ListQuery) =>
  listAll(eventSource(ctx.db, q.status), q.sort, eventFilters(q, churchFilter(actor, 'events:read')));

/** The event row if the actor may reach it under `permission`; another church's answers 404. */
export async function reachableEvent(ctx: AppContext, actor: Actor, id: string, permission: 'events:read' | 'events:manage'): Promise<EventRow> {
  const [row] = await selectEvents(ctx.db).where(eq(events.id, id)).limit(1);
  if (!row || !canReachChurch(actor, permission, row.event.churchId)) throw notFound('Event');
  return row;
}

async function details(db: DbOrTx, row: EventRow): Promise<EventDetails> {
  const images = await db.select().from(eventImages).where(eq(eventImages.eventId, row.event.id)).orderBy(asc(eventImages.createdAt), asc(eventImages.id));
  return { ...toEventSummary(row), images: images.map((i) => ({ id: i.id, url: fileUrl(i.path), isCover: i.isCover })) };
}

/** GET /events/:id. */
export async function getEvent(ctx: AppContext, actor: Actor, id: string): Promise<EventDetails> {
  return details(ctx.db, await reachableEvent(ctx, actor, id, 'events:read'));
}

export async function loadEvent(ctx: AppContext, id: string): Promise<EventDetails> {
  const [row] = await selectEvents(ctx.db).where(eq(events.id, id)).limit(1);
  if (!row) throw notFound('Event');
  return details(ctx.db, row);
}

async function assertChurchFor(ctx: AppContext, actor: Actor, churchId: string): Promise<void> {
  // Another church's id reads as a church that does not exist (never 403).
  const [church] = canReachChurch(actor, 'events:manage', churchId)
    ? await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId)).limit(1)
    : [];
  if (!church) throw notFound('Church');
}

/** POST /events: admins and staff for their church, platform admins for any. */
export async function createEvent(ctx: AppContext, actor: Actor, body: z.output<typeof createEventBody>): Promise<EventDetails> {
  await assertChurchFor(ctx, actor, body.churchId);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(events).values({
      churchId: body.churchId,
      name: body.name,
      description: body.description,
      startsAt: new Date(body.startsAt),
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      location: body.location || null,
      isPublic: body.isPublic ?? false,
      createdById: actor.id,
    }).returning({ id: events.id });
    await writeAudit(tx, actor, { action: 'event.created', targetType: 'event', targetId: created!.id, churchId: body.churchId, details: { name: body.name, isPublic: body.isPublic ?? false } });
    return created!.id;
  });
  return loadEvent(ctx, id);
}

const sameInstant = (a: Date | null, b: string | null | undefined) => (a?.getTime() ?? null) === (b ? Date.parse(b) : null);

/** PATCH /events/:id: only sent fields change; `coverImageId` picks the cover. */
export async function updateEvent(ctx: AppContext, actor: Actor, id: string, body: z.output<typeof updateEventBody>): Promise<EventDetails> {
  const { event } = await reachableEvent(ctx, actor, id, 'events:manage');
  const update: Partial<typeof events.$inferInsert> = {};
  if (body.name !== undefined && body.name !== event.name) update.name = body.name;
  if (body.description !== undefined && body.description !== event.description) update.description = body.description;
  if (body.location !== undefined && (body.location || null) !== event.location) update.location = body.location || null;
  if (body.isPublic !== undefined && body.isPublic !== event.isPublic) update.isPublic = body.isPublic;
  if (body.startsAt !== undefined && !sameInstant(event.startsAt, body.startsAt)) update.startsAt = new Date(body.startsAt);
  if (body.endsAt !== undefined && !sameInstant(event.endsAt, body.endsAt)) update.endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (body.churchId !== undefined && body.churchId !== event.churchId) {
    await assertChurchFor(ctx, actor, body.churchId);
    update.churchId = body.churchId;
  }
  const starts = update.startsAt ?? event.startsAt;
  const ends = update.endsAt !== undefined ? update.endsAt : event.endsAt;
  if (ends && ends.getTime() <= starts.getTime()) {
    throw badRequest('The end date must be after the start date', [{ field: 'endsAt', message: 'The end date must be after the start date', key: 'validation.endBeforeStart' }]);
  }
  const cover = body.coverImageId;
  const [current] = cover ? await ctx.db.select().from(eventImages).where(eq(eventImages.id, cover)).limit(1) : [];
  if (cover && (!current || current.eventId !== id)) throw notFound('Image');
  const changed = [...Object.keys(update), ...(current && !current.isCover ? ['coverImageId'] : [])];
  if (changed.length === 0) throw noChanges();
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(update).length > 0) await tx.update(events).set({ ...update, updatedAt: new Date() }).where(eq(events.id, id));
    if (current && !current.isCover) {
      await tx.update(eventImages).set({ isCover: false }).where(eq(eventImages.eventId, id));
      await tx.update(eventImages).set({ isCover: true }).where(eq(eventImages.id, current.id));
    }
    await writeAudit(tx, actor, { action: 'event.updated', targetType: 'event', targetId: id, churchId: update.churchId ?? event.churchId, details: { changed } });
  });
  return loadEvent(ctx, id);
}

/** DELETE /events/:id: the event, its image records (cascade) and their files. */
export async function deleteEvent(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { event } = await reachableEvent(ctx, actor, id, 'events:manage');
  const images = await ctx.db.select({ path: eventImages.path }).from(eventImages).where(eq(eventImages.eventId, id));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(events).where(eq(events.id, id));
    await writeAudit(tx, actor, { action: 'event.deleted', targetType: 'event', targetId: id, churchId: event.churchId, details: { name: event.name, images: images.length } });
  });
  const store = new ImageStore(ctx.blobs);
  for (const image of images) await store.remove(image.path);
}
