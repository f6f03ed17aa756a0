-- Churches and events (issue 10): searchable church list, event end and location, searchable
-- events, one cover image per event.
ALTER TABLE "churches" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower("name" || ' ' || "suburb" || ' ' || "state"))) STORED;--> statement-breakpoint
CREATE INDEX "churches_search_trgm_idx" ON "churches" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "churches_name_human_idx" ON "churches" (f_unaccent(lower("name")), "id");--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower("name" || ' ' || coalesce("location", '')))) STORED;--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Public events of a church, soonest first (the public list needs no sign-in and is linked widely).
CREATE INDEX "events_church_public_starts_idx" ON "events" ("church_id", "starts_at") WHERE "is_public";--> statement-breakpoint
ALTER TABLE "event_images" ADD COLUMN "is_cover" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "event_images_cover_uq" ON "event_images" ("event_id") WHERE "is_cover";
