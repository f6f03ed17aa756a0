ALTER TABLE "transcript_segments" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_segments_client_uq" ON "transcript_segments" USING btree ("sermon_id","client_id");--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
