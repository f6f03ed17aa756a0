import { eq, inArray } from 'drizzle-orm';
import { defaultCostPrices, type ChurchCostPrices, type CostPricesBody, type CostPricesResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { churchCostPrices, churches } from '../../db/schema';
import { canReachChurch } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { auditChurchChange } from '../churches/audit';

/**
 * The churches whose prices the cost view needs: a church administrator's own (another church's
 * id answers 404), a platform administrator's every church or the one asked for.
 */
export async function costPricesFor(ctx: AppContext, actor: Actor, churchId: string | undefined): Promise<CostPricesResponse> {
  const own = actor.role === 'platform_admin' ? churchId : churchId ?? actor.churchId ?? undefined;
  if (!own && actor.role !== 'platform_admin') throw notFound('Church');
  if (own && !canReachChurch(actor, 'church:edit', own)) throw notFound('Church');
  const ids = own
    ? (await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, own))).map((c) => c.id)
    : (await ctx.db.select({ id: churches.id }).from(churches)).map((c) => c.id);
  if (own && ids.length === 0) throw notFound('Church');
  const stored = ids.length === 0 ? [] : await ctx.db.select().from(churchCostPrices).where(inArray(churchCostPrices.churchId, ids));
  const byChurch = new Map(stored.map((r) => [r.churchId, r]));
  return {
    churches: ids.map((id) => {
      const row = byChurch.get(id);
      return row ? { churchId: id, currency: row.currency, overrides: row.overrides } : defaultCostPrices(id);
    }),
  };
}

/** PUT /churches/:id/cost-prices: the currency and the prices the church pays (audited). */
export async function saveCostPrices(ctx: AppContext, actor: Actor, churchId: string, body: CostPricesBody): Promise<ChurchCostPrices> {
  if (!canReachChurch(actor, 'church:edit', churchId)) throw notFound('Church');
  const [church] = await ctx.db.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId)).limit(1);
  if (!church) throw notFound('Church');
  const values = { churchId, currency: body.currency, overrides: body.overrides, updatedAt: new Date() };
  await ctx.db.insert(churchCostPrices).values(values)
    .onConflictDoUpdate({ target: churchCostPrices.churchId, set: { currency: values.currency, overrides: values.overrides, updatedAt: values.updatedAt } });
  await auditChurchChange(ctx.db, actor, churchId, 'church.updated', { costPrices: { currency: body.currency, overrides: body.overrides } });
  return { churchId, currency: body.currency, overrides: body.overrides };
}
