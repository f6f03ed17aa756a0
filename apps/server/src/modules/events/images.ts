import { and, asc, count, eq } from 'drizzle-orm';
import { EVENT_IMAGES_MAX, type EventDetails } from '@app/shared';
import type { AppContext } from '../../context';
import { eventImages } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { EncodedImage } from '../../providers/storage/images';
import { ImageStore } from '../../providers/storage/image-store';
import { storeAndAttach } from '../../providers/storage/upload';
import { loadEvent, reachableEvent } from './service';

const tooMany = () => new AppError('conflict', 409, `An event can have at most ${EVENT_IMAGES_MAX} images`);

/** Checked before the upload is read, so a full event or another church's costs no image work. */
export async function assertMayAddImage(ctx: AppContext, actor: Actor, eventId: string): Promise<void> {
  await reachableEvent(ctx, actor, eventId, 'events:manage');
  const [n] = await ctx.db.select({ n: count() }).from(eventImages).where(eq(eventImages.eventId, eventId));
  if (Number(n?.n ?? 0) >= EVENT_IMAGES_MAX) throw tooMany();
}

/** POST /events/:id/images: the first image becomes the cover. */
export async function addEventImage(ctx: AppContext, actor: Actor, eventId: string, image: EncodedImage): Promise<EventDetails> {
  const { event } = await reachableEvent(ctx, actor, eventId, 'events:manage');
  await storeAndAttach(new ImageStore(ctx.blobs), image, (path) =>
    ctx.db.transaction(async (tx) => {
      const existing = await tx.select({ id: eventImages.id }).from(eventImages).where(eq(eventImages.eventId, eventId));
      if (existing.length >= EVENT_IMAGES_MAX) throw tooMany();
      const [saved] = await tx.insert(eventImages).values({ eventId, path, isCover: existing.length === 0 }).returning({ id: eventImages.id });
      await writeAudit(tx, actor, { action: 'event.image.added', targetType: 'event', targetId: eventId, churchId: event.churchId, details: { imageId: saved!.id } });
      return null;
    }),
  );
  return loadEvent(ctx, eventId);
}

/** DELETE /events/:id/images/:imageId: removing the cover makes the oldest remaining image the cover. */
export async function removeEventImage(ctx: AppContext, actor: Actor, eventId: string, imageId: string): Promise<EventDetails> {
  const { event } = await reachableEvent(ctx, actor, eventId, 'events:manage');
  const [image] = await ctx.db.select().from(eventImages).where(and(eq(eventImages.id, imageId), eq(eventImages.eventId, eventId))).limit(1);
  // Spec section 8: "Image not found in database".
  if (!image) throw new AppError('not_found', 404, 'Image not found in database');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(eventImages).where(eq(eventImages.id, imageId));
    if (image.isCover) {
      const [next] = await tx.select({ id: eventImages.id }).from(eventImages).where(eq(eventImages.eventId, eventId)).orderBy(asc(eventImages.createdAt), asc(eventImages.id)).limit(1);
      if (next) await tx.update(eventImages).set({ isCover: true }).where(eq(eventImages.id, next.id));
    }
    await writeAudit(tx, actor, { action: 'event.image.deleted', targetType: 'event', targetId: eventId, churchId: event.churchId, details: { imageId } });
  });
  await new ImageStore(ctx.blobs).remove(image.path);
  return loadEvent(ctx, eventId);
}

