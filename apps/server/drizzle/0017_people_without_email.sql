-- People without an email (decision 036): a member imported from a church's records with no email
-- has no account to sign in with. Their email is null and their status 'no_account'; the unique
-- index on lower(email) lets any number of nulls through. The search column must not turn null
-- with the email (`||` of a null is null), so it is made again with the email coalesced.
ALTER TYPE "account_status" ADD VALUE IF NOT EXISTS 'no_account';
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_idx";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN IF EXISTS "search_text";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || "phone"))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "people_import_items" ALTER COLUMN "email" DROP NOT NULL;
