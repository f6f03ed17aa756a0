import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicChurchList } from '@app/shared';
import type { AppContext } from '../../context';
import { churches } from '../../db/schema';

/** GET /churches/public: id, name and suburb only, for the signup screen. */
export async function publicChurchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/churches/public', {
    schema: { tags: ['churches'], summary: 'Churches people can choose at signup', response: { 200: publicChurchList } },
    config: { requires: 'public' },
  }, async () =>
    ctx.db.select({ id: churches.id, name: churches.name, suburb: churches.suburb }).from(churches).orderBy(asc(churches.name)),
  );
}
