import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFeedbackBody, feedbackListQuery, feedbackSchema, idParams } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { feedbackCsvColumns } from './feedback-source';
import { allFeedback, createFeedback, deleteFeedback, getFeedback, listFeedback } from './service';

/** Feedback: anyone signed in sends it; church and platform admins read and delete it. */
export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];

  api.post('/feedback', {
    schema: {
      tags,
      summary: 'Send feedback (type and comment required; audio quality, sermon and listening language optional)',
      body: createFeedbackBody,
      response: { 201: feedbackSchema },
    },
    config: { requires: 'feedback:submit' },
  }, async (req, reply) => reply.code(201).send(await createFeedback(ctx, requireActor(req), req.body)));

  registerListRoutes(app, {
    url: '/feedback',
    tags,
    summary: 'Feedback of the church (every church for platform admins, `?churchId=` to filter)',
    querystring: feedbackListQuery,
    item: feedbackSchema,
    requires: 'feedback:read',
    filename: 'feedback.csv',
    csvColumns: feedbackCsvColumns,
    page: (actor, q) => listFeedback(ctx, actor, q),
    all: (actor, q) => allFeedback(ctx, actor, q),
  });

  api.get('/feedback/:id', {
    schema: { tags, summary: 'One piece of feedback', params: idParams, response: { 200: feedbackSchema } },
    config: { requires: 'feedback:read' },
  }, async (req) => getFeedback(ctx, requireActor(req), req.params.id));

  api.delete('/feedback/:id', {
    schema: { tags, summary: 'Delete a piece of feedback', params: idParams, response: { 204: z.null() } },
    config: { requires: 'feedback:delete' },
  }, async (req, reply) => {
    await deleteFeedback(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });
}
