import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decisionCountSchema, followUpListQuery, followUpSchema, idParams, salvationBody, salvationResponse, updateFollowUpBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { perAddress } from '../../lib/rate-limit';
import { allFollowUps, getFollowUp, listFollowUps, updateFollowUp } from './follow-ups';
import { decisionCount, recordSalvation, withdrawSalvation } from './service';

/** The salvation moment and its follow-ups (decision 014). */
export async function salvationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salvations'];

  api.post('/salvations', {
    schema: {
      tags,
      summary: '“I accept Jesus”, with consent: signed in, or as a guest of a live sermon',
      description: 'Without `consent: true` it answers 400 and nothing is kept. Creates a follow-up assigned to a staff member who speaks `language`. Asking again returns the decision already kept.',
      body: salvationBody,
      response: { 201: salvationResponse },
    },
    // Guests of a live sermon may decide too; the service checks the sermon allows them.
    config: { requires: 'public', ...perAddress(20) },
  }, async (req, reply) => reply.code(201).send(await recordSalvation(ctx, req.actor, req.body)));

  api.delete('/salvations/mine', {
    schema: { tags, summary: 'Withdraw one’s decision: it is removed, with its follow-up', response: { 204: z.null() } },
    config: { requires: 'signed-in' },
  }, async (req, reply) => {
    await withdrawSalvation(ctx, requireActor(req));
    return reply.code(204).send(null);
  });

  api.get('/sermons/:id/decisions', {
    schema: { tags, summary: 'How many decided for Jesus in this sermon (no names), for the speaker', params: idParams, response: { 200: decisionCountSchema } },
    config: { requires: 'sermons:go-live' },
  }, async (req) => decisionCount(ctx, requireActor(req), req.params.id));

  registerListRoutes(app, {
    url: '/follow-ups', tags, summary: 'Follow-ups of decisions (staff: those assigned to them)', querystring: followUpListQuery,
    item: followUpSchema, requires: 'follow-ups:manage', filename: 'follow-ups.csv',
    csvColumns: [
      { header: 'createdAt', value: (f) => f.createdAt },
      { header: 'name', value: (f) => f.name ?? 'anonymous' },
      { header: 'contact', value: (f) => f.contact ?? f.email },
      { header: 'language', value: (f) => f.language },
      { header: 'church', value: (f) => f.churchName },
      { header: 'assignedTo', value: (f) => f.assignedToName },
      { header: 'status', value: (f) => f.status },
      { header: 'notes', value: (f) => f.notes },
    ],
    page: (actor, q) => listFollowUps(ctx, actor, q), all: (actor, q) => allFollowUps(ctx, actor, q),
  });

  api.get('/follow-ups/:id', {
    schema: { tags, summary: 'One follow-up (staff: only one assigned to them)', params: idParams, response: { 200: followUpSchema } },
    config: { requires: 'follow-ups:manage' },
  }, async (req) => getFollowUp(ctx, requireActor(req), req.params.id));

  api.patch('/follow-ups/:id', {
    schema: { tags, summary: 'Move a follow-up forward and keep notes', params: idParams, body: updateFollowUpBody, response: { 200: followUpSchema } },
    config: { requires: 'follow-ups:manage' },
  }, async (req) => updateFollowUp(ctx, requireActor(req), req.params.id, req.body));
}
