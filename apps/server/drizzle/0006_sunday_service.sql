-- Sunday service: a standing join code per church, scheduled services, sermons linked to them (docs/decisions/019).
-- Existing and new churches get a random 6-character code (letters and digits); administrators may change it.
ALTER TABLE "churches" ADD COLUMN "join_code" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 6)) NOT NULL;--> statement-breakpoint
-- Codes are matched ignoring case.
CREATE UNIQUE INDEX "churches_join_code_uq" ON "churches" (lower("join_code"));--> statement-breakpoint
CREATE TABLE "scheduled_sermons" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "source_language" text NOT NULL,
  "speaker_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "scheduled_sermons_church_starts_idx" ON "scheduled_sermons" ("church_id", "starts_at", "id");--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "scheduled_sermon_id" uuid REFERENCES "scheduled_sermons"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "sermons_scheduled_idx" ON "sermons" ("scheduled_sermon_id");
