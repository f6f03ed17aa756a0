import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { msg, type ChurchDetails, type churchListQuery, type createChurchBody, type updateChurchBody } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, eventImages, events, users } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { writeAudit } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { listAll, listPage, searchMatches } from '../../lib/lists';
import type { Actor } from '../../lib/session';
import { ImageStore } from '../../providers/storage/image-store';
import { churchSource } from './church-source';
import { loadChurch, noChanges, toDetails } from './settings-service';
import { publicAnswersChanged } from '../../live/live-service';

type ListQuery = z.output<typeof churchListQuery>;
type ChurchRow = typeof churches.$inferSelect;

const where = (q: ListQuery) => searchMatches(churches.searchText, q.q);

/** GET /churches (platform admins): every church with its members, live state and minutes. */
export const listChurches = (ctx: AppContext, q: ListQuery) => listPage(churchSource(ctx.db), q, where(q));
export const allChurches = (ctx: AppContext, q: ListQuery) => listAll(churchSource(ctx.db), q.sort, where(q));

/** POST /churches (platform admins). */
export async function createChurch(ctx: AppContext, actor: Actor, body: z.output<typeof createChurchBody>): Promise<ChurchDetails> {
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(churches).values({
      name: body.name,
      address: body.address,
      suburb: body.suburb,
      state: body.state,
      country: body.country,
      contactNumber: body.contactNumber,
      pastorName: body.pastorName,
      pastorPhone: body.pastorPhone,
      timeZone: body.timeZone,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      weeklyStreamLimitMinutes: body.weeklyStreamLimitMinutes,
    }).returning();
    await writeAudit(tx, actor, { action: 'church.created', targetType: 'church', targetId: created!.id, churchId: created!.id, details: { name: created!.name } });
    return created!;
  });
  return toDetails(ctx, actor, row);
}

const editable = ['name', 'address', 'suburb', 'state', 'country', 'contactNumber', 'pastorName', 'pastorPhone', 'timeZone', 'latitude', 'longitude', 'weeklyStreamLimitMinutes', 'joinCode'] as const;

/**
 * PATCH /churches/:id: a church admin edits their own church's details; the weekly stream limit is
 * the platform admins' alone (ARCHITECTURE.md section 6). "No changes detected" when nothing differs.
 */
export async function updateChurch(ctx: AppContext, actor: Actor, id: string, body: z.output<typeof updateChurchBody>): Promise<ChurchDetails> {
  assertMayEditChurch(actor, id);
  const row = await loadChurch(ctx, id);
  const update: Partial<ChurchRow> = {};
  for (const key of editable) {
    const value = body[key as keyof typeof body];
    if (value !== undefined && value !== row[key]) (update as Record<string, unknown>)[key] = value;
  }
  if (update.weeklyStreamLimitMinutes !== undefined && !canReachChurch(actor, 'churches:set-stream-limit', id)) {
    throw forbidden('Only platform administrators set the weekly stream limit');
  }
  const changed = Object.keys(update);
  if (changed.length === 0) throw noChanges();
  if (update.joinCode !== undefined) await assertJoinCodeFree(ctx, id, update.joinCode);
  const updated = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx.update(churches).set({ ...update, updatedAt: new Date() }).where(eq(churches.id, id)).returning();
    await writeAudit(tx, actor, { action: 'church.updated', targetType: 'church', targetId: id, churchId: id, details: { changed } });
    return saved!;
  });
  publicAnswersChanged(ctx, id);
  return toDetails(ctx, actor, updated);
}

/**
 * DELETE /churches/:id (platform admins). A church that still has people is refused with how many
 * (409 `church_has_people`): their accounts would lose their church. Its events' images go too.
 */
export async function deleteChurch(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await loadChurch(ctx, id);
  const [people] = await ctx.db.select({ n: count() }).from(users).where(eq(users.churchId, id));
  const n = Number(people?.n ?? 0);
  if (n > 0) {
    throw new AppError(
      'church_has_people',
      409,
      `${row.name} still has ${n} ${n === 1 ? 'person' : 'people'}. Move them to another church or delete their accounts first, then delete the church.`,
      [{ field: 'peopleCount', message: String(n) }],
    );
  }
  const images = await ctx.db.select({ path: eventImages.path }).from(eventImages).innerJoin(events, eq(events.id, eventImages.eventId)).where(eq(events.churchId, id));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(churches).where(eq(churches.id, id));
    // The church is gone, so the entry keeps no church id (the foreign key would refuse it).
    await writeAudit(tx, actor, { action: 'church.deleted', targetType: 'church', targetId: id, churchId: null, details: { name: row.name } });
  });
  publicAnswersChanged(ctx, id);
  const store = new ImageStore(ctx.blobs);
  for (const file of [row.imagePath, ...images.map((i) => i.path)]) await store.remove(file);
}

/** Join codes are unique ignoring case (docs/decisions/019): a taken one is a 409 on the field. */
async function assertJoinCodeFree(ctx: AppContext, id: string, code: string): Promise<void> {
  const [taken] = await ctx.db.select({ id: churches.id }).from(churches).where(and(sql`lower(${churches.joinCode}) = lower(${code})`, ne(churches.id, id))).limit(1);
  if (taken) throw new AppError('conflict', 409, 'Another church already uses this join code', [{ field: 'joinCode', message: 'Another church already uses this code', key: msg('joinCodeTaken') }]);
}

/** Another church's record answers 404, never 403. */
export function assertMayEditChurch(actor: Actor, id: string): void {
  if (!canReachChurch(actor, 'church:edit', id)) throw notFound('Church');
}

/** Records the church's new photo (or none) and answers the file it replaced. */
export async function setChurchImage(ctx: AppContext, actor: Actor, id: string, name: string | null): Promise<string | null> {
  assertMayEditChurch(actor, id);
  const row = await loadChurch(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(churches).set({ imagePath: name, updatedAt: new Date() }).where(eq(churches.id, id));
    await writeAudit(tx, actor, { action: name ? 'church.image.updated' : 'church.image.deleted', targetType: 'church', targetId: id, churchId: id });
  });
  publicAnswersChanged(ctx, id);
  return row.imagePath;
}
