import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { goLiveBody, idParams, sermonList, sermonListQuery, sermonSchema } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { listenRoutes } from './listen-routes';
import { deleteSermon, endSermon, getSermon, goLive, listSermons } from './service';

/** Sermon sessions: go live, list, read, end, delete (spec section 4). */
export async function sermonRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/sermons', {
    schema: {
      tags: ['sermons'],
      summary: 'Go live: start a sermon in one of the church’s go-live languages',
      description: 'Refused with 403 `stream_limit_reached` when the church has no streaming minutes left this week.',
      body: goLiveBody,
      response: { 201: sermonSchema },
    },
    config: { requires: 'sermons:go-live' },
  }, async (req, reply) => reply.code(201).send(await goLive(ctx, requireActor(req), req.body)));

  api.get('/sermons', {
    schema: {
      tags: ['sermons'],
      summary: 'Sermons of the signed-in person’s church (any church for a platform admin)',
      description: '`status=live` lists live and paused sermons; `status=ended` ended ones. Newest first.',
      querystring: sermonListQuery,
      response: { 200: sermonList },
    },
    config: { requires: 'signed-in' },
  }, async (req) => listSermons(ctx, requireActor(req), req.query));

  api.get('/sermons/:id', {
    schema: { tags: ['sermons'], summary: 'One sermon', params: idParams, response: { 200: sermonSchema } },
    config: { requires: 'signed-in' },
  }, async (req) => getSermon(ctx, requireActor(req), req.params.id));

  api.post('/sermons/:id/end', {
    schema: {
      tags: ['sermons'],
      summary: 'End a live sermon (its speaker, a church admin of its church, or a platform admin)',
      description: 'Ending an already ended sermon answers it unchanged.',
      params: idParams,
      response: { 200: sermonSchema },
    },
    // Staff may end only their own sermon, admins any: the service decides per sermon.
    config: { requires: 'signed-in' },
  }, async (req) => endSermon(ctx, requireActor(req), req.params.id));

  api.delete('/sermons/:id', {
    schema: {
      tags: ['sermons'],
      summary: 'Delete an ended sermon with its transcript and listener sessions',
      params: idParams,
      response: { 204: z.null() },
    },
    config: { requires: 'sermons:end-any' },
  }, async (req, reply) => {
    await deleteSermon(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });

  await listenRoutes(app, ctx);
}
