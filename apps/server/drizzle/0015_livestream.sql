-- Live captions posted to YouTube or Zoom, the OBS overlay, and when each line's words were said
-- (decision 037).
ALTER TABLE "transcript_segments" ADD COLUMN IF NOT EXISTS "spoken_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "livestream_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"kind" text NOT NULL CHECK ("kind" IN ('youtube', 'zoom')),
	"language" text NOT NULL,
	"url_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "livestream_feeds_church_idx" ON "livestream_feeds" ("church_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "livestream_progress" (
	"feed_id" uuid NOT NULL REFERENCES "livestream_feeds"("id") ON DELETE cascade,
	"sermon_id" uuid NOT NULL REFERENCES "sermons"("id") ON DELETE cascade,
	"seq" integer DEFAULT 0 NOT NULL,
	"last_post" text,
	"to_seq" integer DEFAULT 0 NOT NULL,
	"to_chars" integer DEFAULT 0 NOT NULL,
	"owner" text,
	"lease_until" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	PRIMARY KEY ("feed_id", "sermon_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "church_overlays" (
	"church_id" uuid PRIMARY KEY NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"token_hash" text NOT NULL UNIQUE,
	"token_enc" text NOT NULL,
	"style" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
