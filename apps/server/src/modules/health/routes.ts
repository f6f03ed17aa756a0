import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponse } from '@app/shared';
import type { AppContext } from '../../context';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and database kind', response: { 200: healthResponse } },
    config: { requires: 'public' },
  }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, db: ctx.dbKind, version: ctx.version };
  });
}
