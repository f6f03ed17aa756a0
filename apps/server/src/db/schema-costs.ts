import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CostCurrency, CostPricesBody } from '@app/shared';
import { churches } from './schema';

/**
 * The prices a church pays per engine where they differ from the list price, and the currency its
 * cost view shows (decision 033; packages/shared engine-prices.ts). No row: list prices in AUD.
 */
export const churchCostPrices = pgTable('church_cost_prices', {
  churchId: uuid('church_id').primaryKey().references(() => churches.id, { onDelete: 'cascade' }),
  currency: text('currency').$type<CostCurrency>().notNull().default('AUD'),
  overrides: jsonb('overrides').$type<CostPricesBody['overrides']>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
