-- A church's voice engines and the characters each spoke per sermon (decision 040).
CREATE TABLE IF NOT EXISTS "church_voice_engines" (
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"slot" text NOT NULL CHECK ("slot" IN ('primary', 'failover')),
	"kind" text NOT NULL CHECK ("kind" IN ('openai', 'google', 'espeak', 'azure')),
	"url" text,
	"model" text,
	"key_enc" text,
	"last_ok_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("church_id", "slot")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "voice_usage" (
	"sermon_id" uuid NOT NULL REFERENCES "sermons"("id") ON DELETE cascade,
	"engine" text NOT NULL,
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"week_start" date NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("sermon_id", "engine")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voice_usage_church_week_idx" ON "voice_usage" ("church_id", "week_start");
