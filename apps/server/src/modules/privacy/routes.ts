import type { FastifyInstance } from 'fastify';
import { myDataFileName } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { exportMyData } from './my-data';

/** GET /me/export: a JSON download of everything held about the signed-in person. */
export async function myDataRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/me/export', {
    schema: {
      tags: ['me'],
      summary: 'Download everything held about you as JSON (profile, staff record, sermons listened, feedback, deletion requests, salvation, audit entries)',
    },
    config: { requires: 'signed-in' },
  }, async (req, reply) => {
    const data = await exportMyData(ctx, requireActor(req).id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${myDataFileName(new Date())}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
