import { z } from 'zod';
import { pageOf } from './api';
import { booleanFilter, listQueryFor } from './lists';
import { eventStatuses } from './enums';
import { msg, optionalTextField } from './validation';

/**
 * Events (spec sections 3, 4, 5). Endpoints (under /api/v1):
 *   GET    /events                       eventListQuery → page of eventSummary     (events:read)
 *   POST   /events                       createEventBody → 201 eventDetails        (events:manage)
 *   GET    /events/:id                   → eventDetails                            (events:read)
 *   PATCH  /events/:id                   updateEventBody → eventDetails            (events:manage)
 *   DELETE /events/:id                   → 204 (its images too)                    (events:manage)
 *   POST   /events/:id/images            multipart `file` → 201 eventDetails       (events:manage)
 *   DELETE /events/:id/images/:imageId   → eventDetails                            (events:manage)
 *   GET    /events/:id/calendar.ics      → text/calendar                           (events:read)
 *   GET    /churches/:id/events/public   → publicEventList (no sign-in)
 *
 * Times are ISO 8601 with an offset and stored in UTC; screens enter and show them in the church's
 * time zone. Status is derived, never stored: active until the event ends (or, with no end, until
 * its day ends in the church's time zone), then expired (spec section 4).
 */


/** Images per event; the first uploaded is the cover until another is chosen. */
export const EVENT_IMAGES_MAX = 10;

const instantField = (required: 'startsAtRequired' | 'dateInvalid') =>
  z.iso.datetime({ offset: true, error: msg(required) });

const eventObject = z.object({
  name: z.string({ error: msg('eventNameRequired') }).trim().min(1, msg('eventNameRequired')).max(120, msg('tooLong')),
  description: z.string({ error: msg('descriptionRequired') }).trim().min(1, msg('descriptionRequired')).max(5000, msg('tooLong')),
  startsAt: z.string({ error: msg('startsAtRequired') }).min(1, msg('startsAtRequired')).pipe(instantField('dateInvalid')),
  endsAt: instantField('dateInvalid').nullable().optional(),
  location: optionalTextField(200),
  churchId: z.string({ error: msg('churchRequired') }).uuid(msg('churchRequired')),
  isPublic: z.boolean({ error: msg('invalidChoice') }).optional(),
});

const endAfterStart = (v: { startsAt?: string; endsAt?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: msg('endBeforeStart') });
  }
};

/** Spec section 5: name, description, date and church required; date format valid. */
export const createEventBody = eventObject.superRefine(endAfterStart);
export type CreateEventBody = z.input<typeof createEventBody>;

/**
 * PATCH /events/:id: only sent fields change. `coverImageId` picks the cover among the event's
 * images. Moving an event to another church is for those who manage both.
 */
export const updateEventBody = eventObject
  .partial()
  .extend({ coverImageId: z.string().uuid(msg('invalidChoice')).optional() })
  .superRefine(endAfterStart);
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const eventImage = z.object({ id: z.string().uuid(), url: z.string(), isCover: z.boolean() });
export type EventImage = z.infer<typeof eventImage>;

export const eventSummary = z.object({
  id: z.string().uuid(),
  churchId: z.string().uuid(),
  churchName: z.string(),
  /** The church's IANA time zone: the one the event's times are shown in. */
  timeZone: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  isPublic: z.boolean(),
  status: z.enum(eventStatuses),
  coverImageUrl: z.string().nullable(),
  imageCount: z.number().int(),
  createdAt: z.string(),
});
export type EventSummary = z.infer<typeof eventSummary>;

export const eventDetails = eventSummary.extend({ images: z.array(eventImage) });
export type EventDetails = z.infer<typeof eventDetails>;

export const eventSortable = ['startsAt', 'name', 'churchName', 'createdAt'] as const;

/** GET /events: `status` (the Upcoming and Past tabs), `churchId` (platform admins), `isPublic`. */
export const eventListQuery = listQueryFor(eventSortable, {
  status: z.enum(eventStatuses, { error: msg('invalidChoice') }).optional(),
  churchId: z.string().uuid(msg('invalidChoice')).optional(),
  isPublic: booleanFilter,
});
export type EventListQuery = z.input<typeof eventListQuery>;
export const eventList = pageOf(eventSummary);

export const eventImageParams = z.object({ id: z.string().uuid(), imageId: z.string().uuid() });

/** What the public list shows: no creator, no email, no internal ids beyond the event's own. */
export const publicEvent = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  imageUrls: z.array(z.string()),
});
export type PublicEvent = z.infer<typeof publicEvent>;

export const publicEventList = z.object({
  /** The church as a public place: where it is, for visitors and the map on its events page. */
  church: z.object({
    id: z.string().uuid(),
    name: z.string(),
    address: z.string(),
    suburb: z.string(),
    state: z.string(),
    timeZone: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    imageUrl: z.string().nullable(),
  }),
  events: z.array(publicEvent),
});
export type PublicEventList = z.infer<typeof publicEventList>;
