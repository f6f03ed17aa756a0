import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicChurchList } from '@app/shared';
import type { AppContext } from '../../context';
import { churches } from '../../db/schema';

/** GET /churches/public: id, name, suburb and time zone only, for signup and pickers. */
export async function publicChurchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/churches/public', {
    schema: { tags: ['churches'], summary: 'Churches people can choose at signup', response: { 200: publicChurchList } },
    config: { requires: 'public' },
  }, async () =>
    ctx.db.select({ id: churches.id, name: churches.name, suburb: churches.suburb, timeZone: churches.timeZone }).from(churches).orderBy(asc(churches.name)),
  );
}
