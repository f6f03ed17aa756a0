import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PublicEventList } from '@app/shared';
import type { AppContext } from '../../context';
import { churches, eventImages, events } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../providers/storage/image-store';
import { isActive, selectEvents } from './event-source';

/** How many upcoming public events one public page lists. */
const PUBLIC_EVENTS_MAX = 50;

/**
 * GET /churches/:id/events/public (no sign-in): the church's upcoming public events with only the
 * fields meant for people who are not members yet: no creator, no email, no other church data.
 */
export async function publicEvents(ctx: AppContext, churchId: string): Promise<PublicEventList> {
  const [church] = await ctx.db.select().from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!church) throw notFound('Church');
  const rows = await selectEvents(ctx.db)
    .where(and(eq(events.churchId, churchId), eq(events.isPublic, true), isActive))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(PUBLIC_EVENTS_MAX);
  const ids = rows.map((r) => r.event.id);
  const images = ids.length
    ? await ctx.db.select().from(eventImages).where(inArray(eventImages.eventId, ids)).orderBy(asc(eventImages.createdAt), asc(eventImages.id))
    : [];
  return {
    church: {
      id: church.id,
      name: church.name,
      address: church.address,
      suburb: church.suburb,
      state: church.state,
      timeZone: church.timeZone,
      latitude: church.latitude,
      longitude: church.longitude,
      imageUrl: church.imagePath ? fileUrl(church.imagePath) : null,
    },
    events: rows.map(({ event: e, coverPath }) => ({
      id: e.id,
      name: e.name,
      description: e.description,
      location: e.location,
      startsAt: e.startsAt.toISOString(),
      endsAt: e.endsAt?.toISOString() ?? null,
      coverImageUrl: coverPath ? fileUrl(coverPath) : null,
      imageUrls: images.filter((i) => i.eventId === e.id).map((i) => fileUrl(i.path)),
    })),
  };
}
