import { createEvent } from 'ics';
import { endOfLocalDay, type EventDetails } from '@app/shared';

const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone, dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso));

/**
 * The event as an iCalendar file (RFC 5545) that calendar apps import (decision 013). Times are
 * written in UTC, which every app places correctly in its own zone; the description opens with
 * the time in the church's zone, so the file also reads right as text ("19:00 … Australia/Perth").
 */
export function eventCalendar(event: EventDetails, publicUrl: string | undefined): string {
  const start = Date.parse(event.startsAt);
  // Without an end the event lasts until its day ends in the church's zone (spec section 4).
  const end = event.endsAt ? Date.parse(event.endsAt) : endOfLocalDay(new Date(start), event.timeZone).getTime();
  const when = `${localTime(event.startsAt, event.timeZone)} (${event.timeZone})`;
  const { error, value } = createEvent({
    uid: `${event.id}@sermon-translate`,
    productId: 'sermon-translate/events',
    title: event.name,
    description: `${when}\n\n${event.description}`,
    location: event.location ?? undefined,
    organizer: { name: event.churchName },
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    url: publicUrl,
    status: 'CONFIRMED',
    lastModified: Date.now(),
  });
  if (error || !value) throw error ?? new Error('Calendar file could not be written');
  return value;
}

/** A download name from the event's name: letters, digits and dashes only. */
export function calendarFilename(name: string): string {
  const slug = name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').slice(0, 60).toLowerCase();
  return `${slug || 'event'}.ics`;
}
