-- People imports (decision 036): the uploaded table until it is confirmed, then one item per row
-- to write, each marked done in the transaction that writes it, so a restart resumes and never
-- writes a row twice. `before` holds an updated person's previous values for the undo.
CREATE TABLE IF NOT EXISTS "people_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"filename" text NOT NULL,
	"status" text NOT NULL DEFAULT 'preview' CHECK ("status" IN ('preview', 'queued', 'running', 'done', 'failed', 'undone')),
	"invite" boolean NOT NULL DEFAULT false,
	"headers" jsonb NOT NULL,
	"rows" jsonb,
	"row_count" integer NOT NULL,
	"to_write" integer NOT NULL DEFAULT 0,
	"done" integer NOT NULL DEFAULT 0,
	"created" integer NOT NULL DEFAULT 0,
	"updated" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_imports_church_idx" ON "people_imports" ("church_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_imports_pending_idx" ON "people_imports" ("created_at") WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "people_import_items" (
	"import_id" uuid NOT NULL REFERENCES "people_imports"("id") ON DELETE cascade,
	"row_no" integer NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('new', 'update')),
	"email" text NOT NULL,
	"values" jsonb NOT NULL,
	"user_id" uuid,
	"before" jsonb,
	"done" boolean NOT NULL DEFAULT false,
	"applied_at" timestamp with time zone,
	"mailed" boolean NOT NULL DEFAULT false,
	PRIMARY KEY ("import_id", "row_no")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_import_items_todo_idx" ON "people_import_items" ("import_id", "row_no") WHERE NOT "done";
