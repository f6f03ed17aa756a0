-- The cost view's estimated amounts (decision 033): the price a church pays per engine where it
-- differs from the list price (packages/shared engine-prices.ts), and the currency it sees costs in.
CREATE TABLE IF NOT EXISTS "church_cost_prices" (
	"church_id" uuid PRIMARY KEY NOT NULL REFERENCES "churches"("id") ON DELETE CASCADE,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
