import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { churchCostPrices, churchIdParams, costPricesBody, costPricesResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { costPricesFor, saveCostPrices } from './service';

/** The prices behind the cost view's estimated amounts (decision 033, packages/shared engine-prices.ts). */
export async function costPriceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  r.get('/cost-prices', {
    schema: {
      tags,
      summary: 'The currency and engine prices each church estimates its costs with (list prices unless the church set its own)',
      querystring: z.object({ churchId: z.string().uuid().optional() }),
      response: { 200: costPricesResponse },
    },
    config: { requires: 'church:edit' },
  }, async (req) => costPricesFor(ctx, requireActor(req), req.query.churchId));

  r.put('/churches/:id/cost-prices', {
    schema: {
      tags,
      summary: 'Set the currency and the prices the church pays per engine (any engine left out is estimated at its list price)',
      params: churchIdParams,
      body: costPricesBody,
      response: { 200: churchCostPrices },
    },
    config: { requires: 'church:edit' },
  }, async (req) => saveCostPrices(ctx, requireActor(req), req.params.id, req.body));
}
