import { and, count, eq, not, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { EventSummary, eventListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { churches, events } from '../../db/schema';
import { humanOrder, searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';
import { fileUrl } from '../../providers/storage/image-store';

/**
 * When an event stops being active (spec section 4): its end, or without one the end of its day in
 * the church's time zone. Derived on every read, never stored, so nothing has to flip it.
 */
export const effectiveEnd = sql`coalesce(${events.endsAt}, (date_trunc('day', ${events.startsAt} at time zone ${churches.timeZone}) + interval '1 day') at time zone ${churches.timeZone})`;
export const isActive = sql<boolean>`(${effectiveEnd} > now())`;

const coverPath = sql<string | null>`(select i.path from event_images i where i.event_id = "events"."id" and i.is_cover limit 1)`;
const imageCount = sql<number>`(select count(*)::int from event_images i where i.event_id = "events"."id")`;

export const eventColumns = {
  event: events,
  churchName: churches.name,
  timeZone: churches.timeZone,
  isActive,
  coverPath,
  imageCount,
};

/** Events joined with their church (name, time zone); the caller adds the where. */
export const selectEvents = (db: Db) => db.select(eventColumns).from(events).innerJoin(churches, eq(churches.id, events.churchId)).$dynamic();
export type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

export function toEventSummary(row: EventRow): EventSummary {
  const e = row.event;
  return {
    id: e.id,
    churchId: e.churchId,
    churchName: row.churchName,
    timeZone: row.timeZone,
    name: e.name,
    description: e.description,
    location: e.location,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt?.toISOString() ?? null,
    isPublic: e.isPublic,
    status: row.isActive ? 'active' : 'expired',
    coverImageUrl: row.coverPath ? fileUrl(row.coverPath) : null,
    imageCount: Number(row.imageCount),
    createdAt: e.createdAt.toISOString(),
  };
}

type ListQuery = z.output<typeof eventListQuery>;

/** The events list on the shared machinery; upcoming soonest first, past most recent first. */
export const eventSource = (db: Db, status: ListQuery['status']): ListSource<ReturnType<typeof selectEvents>, EventSummary> => ({
  rows: () => selectEvents(db),
  count: () => db.select({ n: count() }).from(events).innerJoin(churches, eq(churches.id, events.churchId)).$dynamic(),
  sortable: { startsAt: events.startsAt, name: humanOrder(events.name), churchName: humanOrder(churches.name), createdAt: events.createdAt },
  defaultSort: status === 'expired' ? '-startsAt' : 'startsAt',
  tiebreak: events.id,
  toItem: toEventSummary,
});

/** Filters of GET /events; `churchScope` is the actor's church unless they may see every church. */
export function eventFilters(q: ListQuery, churchScope: string | null): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchScope ? eq(events.churchId, churchScope) : undefined,
    q.churchId ? eq(events.churchId, q.churchId) : undefined,
    q.status === 'active' ? isActive : q.status === 'expired' ? not(isActive) : undefined,
    q.isPublic === undefined ? undefined : eq(events.isPublic, q.isPublic),
    searchMatches(events.searchText, q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

export const eventCsvColumns: CsvColumn<EventSummary>[] = [
  { header: 'name', value: (e) => e.name },
  { header: 'church', value: (e) => e.churchName },
  { header: 'startsAt', value: (e) => e.startsAt },
  { header: 'endsAt', value: (e) => e.endsAt },
  { header: 'timeZone', value: (e) => e.timeZone },
  { header: 'location', value: (e) => e.location },
  { header: 'public', value: (e) => e.isPublic },
  { header: 'status', value: (e) => e.status },
  { header: 'images', value: (e) => e.imageCount },
  { header: 'description', value: (e) => e.description },
];
