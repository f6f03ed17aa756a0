import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lobbyCodeParams, lobbyInfo, lobbyWaiting, lobbyWaitingQuery } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { provideLiveSources } from '../../live/live-sources';
import { lobbyFacts } from './lobby-facts';
import { joinQr } from './qr';
import { lobbyByCode, lobbyWaiting as waiting } from './service';

/** The standing join link's lobby (docs/decisions/019, 020). */
export async function lobbyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lobby'];
  provideLiveSources(ctx, { lobbyChurch: async (code) => (await lobbyFacts(ctx, code))?.church ?? null });

  // Declared before /lobby/:code so "waiting" is never read as a code.
  api.get('/lobby/waiting', {
    schema: { tags, summary: 'How many people (and projectors) wait in the church’s lobby, per language', querystring: lobbyWaitingQuery, response: { 200: lobbyWaiting } },
    config: { requires: 'signed-in' },
  }, async (req) => waiting(ctx, app.io, requireActor(req), req.query.churchId));

  api.get('/lobby/:code', {
    schema: {
      tags,
      summary: 'A church’s lobby by its join code: the church, its live sermon if any, its next services',
      description: 'Public. An unknown code answers 404. A church that does not allow guests answers its live sermon only to its own people.',
      params: lobbyCodeParams,
      response: { 200: lobbyInfo },
    },
    config: { requires: 'public' },
  }, async (req) => lobbyByCode(ctx, req.actor ?? null, req.params.code));

  for (const format of ['svg', 'png'] as const) {
    api.get(`/lobby/:code/qr.${format}`, {
      schema: { tags, summary: `The church’s join link as a QR code (${format.toUpperCase()}), for the bulletin or the screen`, params: lobbyCodeParams },
      config: { requires: 'public' },
    }, async (req, reply) => {
      const qr = await joinQr(ctx, req, req.params.code, format);
      const download = (req.query as { download?: string }).download !== undefined;
      if (download) reply.header('content-disposition', `attachment; filename="join-${req.params.code.toUpperCase()}.${format}"`);
      return reply.header('cache-control', 'no-cache').type(qr.type).send(qr.body);
    });
  }
}
