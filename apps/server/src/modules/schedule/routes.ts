import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createScheduledSermonBody, idParams, scheduledSermon, scheduledSermonListQuery, updateScheduledSermonBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { scheduledCsvColumns } from './source';
import { allScheduled, createScheduled, deleteScheduled, listScheduled, updateScheduled } from './service';

/** Scheduled services (docs/decisions/019): the lobby counts down to them, Go Live offers to start them. */
export async function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['scheduled-sermons'];

  registerListRoutes(app, {
    url: '/scheduled-sermons',
    tags,
    summary: 'Scheduled services of the church (any church for platform admins, `?churchId=`); `?from=&to=` on the start',
    querystring: scheduledSermonListQuery,
    item: scheduledSermon,
    requires: 'church:read',
    filename: 'scheduled-services.csv',
    csvColumns: scheduledCsvColumns,
    page: (actor, q) => listScheduled(ctx, actor, q),
    all: (actor, q) => allScheduled(ctx, actor, q),
  });

  api.post('/scheduled-sermons', {
    schema: {
      tags,
      summary: 'Schedule a service: title, start (ISO 8601 with an offset, in the future), spoken language, optional speaker',
      body: createScheduledSermonBody,
      response: { 201: scheduledSermon },
    },
    config: { requires: 'schedule:manage' },
  }, async (req, reply) => reply.code(201).send(await createScheduled(ctx, requireActor(req), req.body)));

  api.patch('/scheduled-sermons/:id', {
    schema: { tags, summary: 'Change a scheduled service; only sent fields change', params: idParams, body: updateScheduledSermonBody, response: { 200: scheduledSermon } },
    config: { requires: 'schedule:manage' },
  }, async (req) => updateScheduled(ctx, requireActor(req), req.params.id, req.body));

  api.delete('/scheduled-sermons/:id', {
    schema: { tags, summary: 'Remove a scheduled service', params: idParams, response: { 204: z.null() } },
    config: { requires: 'schedule:manage' },
  }, async (req, reply) => {
    await deleteScheduled(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });
}
