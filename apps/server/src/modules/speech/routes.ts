import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { speechTokenQuery, speechTokenResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { issueSpeechToken } from './service';

/** GET /speech/token?churchId=: the speaker's recogniser token, never the key. */
export async function speechRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/speech/token', {
    schema: {
      tags: ['speech'],
      summary: 'Short-lived Azure Speech token and region for the speaker (404 when the church has no speech key)',
      querystring: speechTokenQuery,
      response: { 200: speechTokenResponse },
    },
    config: { requires: 'sermons:go-live' },
  }, async (req, reply) => {
    // A token is a credential for ten minutes: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return issueSpeechToken(ctx, requireActor(req), req.query.churchId);
  });
}
