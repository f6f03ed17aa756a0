import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, meResponse, updateMeBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { SESSION_COOKIE } from '../../lib/session';
import { photoRoutes } from './photo-routes';
import { changePassword, loadMe, updateMe } from './service';
import { perAddress } from '../../lib/rate-limit';
import { publicAnswersChanged } from '../../live/live-service';

/** The signed-in person's own account: GET/PATCH /me, /me/password, /me/photo. "I accept Jesus" is POST /salvations (decision 014). */
export async function meRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/me', {
    schema: { tags: ['me'], summary: 'The signed-in person', response: { 200: meResponse } },
    config: { requires: 'signed-in' },
  }, async (req) => loadMe(ctx.db, requireActor(req).id));

  api.patch('/me', {
    schema: { tags: ['me'], summary: 'Edit one’s own profile', body: updateMeBody, response: { 200: meResponse } },
    config: { requires: 'signed-in' },
  }, async (req) => {
    const actor = requireActor(req);
    const me = await updateMe(ctx.db, actor.id, actor.role, req.body);
    // A sermon's share link names its host.
    if (req.body.firstName !== undefined || req.body.lastName !== undefined) publicAnswersChanged(ctx, null);
    return me;
  });

  api.post('/me/password', {
    schema: { tags: ['me'], summary: 'Change one’s password (other sessions end)', body: changePasswordBody, response: { 204: z.null() } },
    // Limits guessing the current password from a session left open on a shared computer.
    config: { requires: 'signed-in', ...perAddress(30) },
  }, async (req, reply) => {
    await changePassword(ctx.db, requireActor(req).id, req.cookies[SESSION_COOKIE], req.body);
    return reply.code(204).send(null);
  });

  await photoRoutes(app, ctx);
}
