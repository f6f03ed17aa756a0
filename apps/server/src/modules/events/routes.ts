import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  churchIdParams,
  createEventBody,
  eventDetails,
  eventImageParams,
  eventListQuery,
  eventSummary,
  idParams,
  publicEventList,
  updateEventBody,
} from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { readImageUpload } from '../../providers/storage/upload';
import { churchEventImageRules } from '../churches/admin-routes';
import { calendarFilename, eventCalendar } from './calendar';
import { eventCsvColumns } from './event-source';
import { addEventImage, assertMayAddImage, removeEventImage } from './images';
import { publicEvents } from './public-events';
import { allEvents, createEvent, deleteEvent, getEvent, listEvents, updateEvent } from './service';

/** Events of a church: manage, images, calendar file (decision 013), public list. */
export async function eventRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  registerListRoutes(app, {
    url: '/events',
    tags,
    summary: 'Events of the church (every church for platform admins, `?churchId=` to filter); `?status=active|expired`',
    querystring: eventListQuery,
    item: eventSummary,
    requires: 'events:read',
    filename: 'events.csv',
    csvColumns: eventCsvColumns,
    page: (actor, q) => listEvents(ctx, actor, q),
    all: (actor, q) => allEvents(ctx, actor, q),
  });

  api.post('/events', {
    schema: { tags, summary: 'Create an event (times as ISO 8601 with an offset)', body: createEventBody, response: { 201: eventDetails } },
    config: { requires: 'events:manage' },
  }, async (req, reply) => reply.code(201).send(await createEvent(ctx, requireActor(req), req.body)));

  api.get('/events/:id', {
    schema: { tags, summary: 'One event with its images', params: idParams, response: { 200: eventDetails } },
    config: { requires: 'events:read' },
  }, async (req) => getEvent(ctx, requireActor(req), req.params.id));

  api.patch('/events/:id', {
    schema: { tags, summary: 'Edit an event; only sent fields change; `coverImageId` picks the cover', params: idParams, body: updateEventBody, response: { 200: eventDetails } },
    config: { requires: 'events:manage' },
  }, async (req) => updateEvent(ctx, requireActor(req), req.params.id, req.body));

  api.delete('/events/:id', {
    schema: { tags, summary: 'Delete an event and its images', params: idParams, response: { 204: z.null() } },
    config: { requires: 'events:manage' },
  }, async (req, reply) => {
    await deleteEvent(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  api.post('/events/:id/images', {
    schema: {
      tags,
      summary: 'Add an image (JPEG, PNG or GIF under 5 MB; at most 10 per event; the first is the cover)',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 201: eventDetails },
    },
    config: { requires: 'events:manage' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    await assertMayAddImage(ctx, actor, req.params.id);
    const image = await readImageUpload(req, churchEventImageRules);
    return reply.code(201).send(await addEventImage(ctx, actor, req.params.id, image));
  });

  api.delete('/events/:id/images/:imageId', {
    schema: { tags, summary: 'Remove an image of an event', params: eventImageParams, response: { 200: eventDetails } },
    config: { requires: 'events:manage' },
  }, async (req) => removeEventImage(ctx, requireActor(req), req.params.id, req.params.imageId));

  api.get('/events/:id/calendar.ics', {
    schema: { tags, summary: 'The event as an iCalendar file for calendar apps', params: idParams },
    config: { requires: 'events:read' },
  }, async (req, reply) => {
    const event = await getEvent(ctx, requireActor(req), req.params.id);
    const link = event.isPublic && ctx.config.PUBLIC_URL ? `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/churches/${event.churchId}/events` : undefined;
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${calendarFilename(event.name)}"`)
      .header('cache-control', 'no-store')
      .send(eventCalendar(event, link));
  });

  api.get('/churches/:id/events/public', {
    schema: { tags, summary: "A church's upcoming public events (no sign-in; public fields only)", params: churchIdParams, response: { 200: publicEventList } },
    config: { requires: 'public' },
  }, async (req) => publicEvents(ctx, req.params.id));
}
