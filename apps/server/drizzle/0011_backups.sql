-- Backups (decision 032): one row per run of a backup, whether the daily schedule, "Back up now" on
-- the Backups screen or `npm run backup` started it, so every process shows the same list and state.
-- A scheduled run names the local day it is for; the unique index lets exactly one process claim a day.
-- The rows describe backup files, not church data: backups leave this table out.
CREATE TYPE "backup_state" AS ENUM ('running', 'good', 'failed');--> statement-breakpoint
CREATE TYPE "backup_trigger" AS ENUM ('schedule', 'manual', 'command');--> statement-breakpoint
CREATE TABLE "backup_runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "trigger" "backup_trigger" NOT NULL,
  "scheduled_for" date,
  "state" "backup_state" DEFAULT 'running' NOT NULL,
  "place" text NOT NULL,
  "file_name" text,
  "size_bytes" bigint,
  "progress" integer DEFAULT 0 NOT NULL,
  "error" text,
  "started_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_scheduled_for_uq" ON "backup_runs" ("scheduled_for");--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" ("started_at");
