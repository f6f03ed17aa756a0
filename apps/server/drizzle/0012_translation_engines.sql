-- A church's translation engines, what they were sent per week, and how they have been doing
-- (decision 033). The Azure columns on churches stay for one release: processes of the previous
-- version read them during a rolling deploy.
CREATE TABLE IF NOT EXISTS "church_translation_engines" (
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"slot" text NOT NULL CHECK ("slot" IN ('primary', 'failover')),
	"kind" text NOT NULL CHECK ("kind" IN ('azure', 'deepl', 'google', 'libretranslate', 'openai')),
	"url" text,
	"region" text,
	"model" text,
	"key_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("church_id", "slot")
);
--> statement-breakpoint
INSERT INTO "church_translation_engines" ("church_id", "slot", "kind", "url", "region", "key_enc")
SELECT "id", 'primary', 'azure', "translator_endpoint", "translator_location", "translator_key_enc"
FROM "churches" WHERE "translator_key_enc" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "translation_usage" (
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"week_start" date NOT NULL,
	"engine" text NOT NULL,
	"purpose" text NOT NULL CHECK ("purpose" IN ('partial', 'final')),
	"units" bigint DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("church_id", "week_start", "engine", "purpose")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "translation_usage_week_idx" ON "translation_usage" ("week_start");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "translation_engine_health" (
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"slot" text NOT NULL,
	"kind" text NOT NULL,
	"latency_ms" integer,
	"last_ok_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("church_id", "slot", "kind")
);
