import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, revokeSessionsQuery, signedInDevicesResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { SESSION_COOKIE } from '../../lib/session';
import { forgetTrustedDevices } from './devices';
import { listSessions, revokeOtherSessions, revokeSession } from './service';

/** GET /me/sessions, DELETE /me/sessions/{id}, DELETE /me/sessions?others=true (decision 023). */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['me'];

  api.get('/me/sessions', {
    schema: { tags, summary: 'The browsers one is signed in on', response: { 200: signedInDevicesResponse } },
    config: { requires: 'signed-in' },
  }, async (req) => ({ items: await listSessions(ctx.db, requireActor(req).id, req.cookies[SESSION_COOKIE]) }));

  api.delete('/me/sessions/:id', {
    schema: { tags, summary: 'Sign one browser out', params: idParams, response: { 204: z.null() } },
    config: { requires: 'signed-in' },
  }, async (req, reply) => {
    await revokeSession(ctx.db, requireActor(req).id, req.params.id);
    return reply.code(204).send(null);
  });

  api.delete('/me/sessions', {
    schema: {
      tags,
      summary: 'Sign out every other browser; remembered browsers must give a two-step code again',
      querystring: revokeSessionsQuery,
      response: { 204: z.null() },
    },
    config: { requires: 'signed-in' },
  }, async (req, reply) => {
    const actor = requireActor(req);
    await revokeOtherSessions(ctx.db, actor.id, req.cookies[SESSION_COOKIE]);
    await forgetTrustedDevices(ctx, actor.id);
    return reply.code(204).send(null);
  });
}
