-- People lists (issue 9): accent- and case-insensitive search kept indexed, sort indexes, account
-- status (invited people set their own password), staff payroll fields all encrypted at rest.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes it safe to
-- use in a generated column and an index (STYLE.md, "search that ignores accents").
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('active', 'invited', 'disabled');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_status" "account_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "phone"))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Names sort as people expect (Émile with the Es, not after Z): lists order by f_unaccent(lower(…)).
CREATE INDEX "users_last_name_idx" ON "users" (f_unaccent(lower("last_name")), "id");--> statement-breakpoint
CREATE INDEX "users_church_last_name_idx" ON "users" ("church_id", f_unaccent(lower("last_name")), "id");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" (f_unaccent(lower("first_name")), "id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" ("created_at", "id");--> statement-breakpoint
CREATE INDEX "users_role_church_created_idx" ON "users" ("role", "church_id", "created_at");--> statement-breakpoint
ALTER TABLE "staff_details" ADD COLUMN "work_visa_status_enc" text;--> statement-breakpoint
ALTER TABLE "staff_details" ADD COLUMN "emergency_contact_enc" text;--> statement-breakpoint
ALTER TABLE "staff_details" DROP COLUMN "work_visa_status";--> statement-breakpoint
ALTER TABLE "staff_details" DROP COLUMN "emergency_contact";--> statement-breakpoint
CREATE TABLE "account_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_uq" ON "account_invitations" ("token_hash");--> statement-breakpoint
CREATE INDEX "account_invitations_user_idx" ON "account_invitations" ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" ("target_type", "target_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at");
