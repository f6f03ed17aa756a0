-- People imports in short steps (decision 036, "Live captions first"): on the embedded database a
-- long statement or transaction holds up live captions. A confirm writes the job's items in several
-- transactions while the import is 'preparing' (the worker takes it once 'queued'), and the uploaded
-- table is kept in pieces of rows (`people_import_rows`), each written and read by its own short
-- statement, instead of one 1 MB value in `people_imports.rows`.
ALTER TABLE "people_imports" DROP CONSTRAINT IF EXISTS "people_imports_status_check";
--> statement-breakpoint
ALTER TABLE "people_imports" ADD CONSTRAINT "people_imports_status_check" CHECK ("status" IN ('preview', 'preparing', 'queued', 'running', 'done', 'failed', 'undone'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "people_import_rows" (
	"import_id" uuid NOT NULL REFERENCES "people_imports"("id") ON DELETE cascade,
	"piece" integer NOT NULL,
	"rows" jsonb NOT NULL,
	PRIMARY KEY ("import_id", "piece")
);
--> statement-breakpoint
INSERT INTO "people_import_rows" ("import_id", "piece", "rows") SELECT "id", 0, "rows" FROM "people_imports" WHERE "rows" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "people_imports" DROP COLUMN IF EXISTS "rows";
