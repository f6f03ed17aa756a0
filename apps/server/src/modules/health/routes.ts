import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponse, readyResponse, type ReadyResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { withTimeout } from '../../lib/with-timeout';

/** How long /ready waits for the database or Redis before calling it failed (a load balancer's probe gives up soon after). */
const READY_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and database kind', response: { 200: healthResponse } },
    config: { requires: 'public' },
  }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, db: ctx.dbKind, version: ctx.version };
  });

  // Readiness (decision 035): whether this process can serve, i.e. its database and Redis answer.
  // A balancer or orchestrator stops sending it traffic on 503; /health stays the liveness check.
  api.get('/ready', {
    schema: { tags: ['health'], summary: 'Whether the database and Redis (when configured) answer', response: { 200: readyResponse, 503: readyResponse } },
    config: { requires: 'public' },
  }, async (_req, reply) => {
    const [db, redis] = await Promise.all([
      answers(() => ctx.db.execute(sql`select 1`)),
      ctx.redis ? answers(async () => {
        // A client that lost its connection queues commands until it is back: say "failed" at once.
        if (!ctx.redis!.isReady) throw new Error('redis is not connected');
        await ctx.redis!.ping();
      }) : Promise.resolve('not configured' as const),
    ]);
    const body: ReadyResponse = { status: db === 'ok' && redis !== 'failed' ? 'ready' : 'not_ready', db, redis };
    return reply.code(body.status === 'ready' ? 200 : 503).send(body);
  });
}

async function answers(check: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  try {
    await withTimeout(check(), READY_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'failed';
  }
}
