-- Dashboard, analytics and the salvation moment (issue 11). Decision records 014 and 015.
CREATE TYPE "public"."follow_up_status" AS ENUM('new', 'contacted', 'connected', 'closed');--> statement-breakpoint
CREATE TABLE "salvations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
  "sermon_id" uuid REFERENCES "sermons"("id") ON DELETE set null,
  "user_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "language" text NOT NULL,
  "first_name" text,
  "contact" text,
  "consented_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Lists sort newest first (lib/lists.ts, PostgreSQL's default NULL order): indexes in that very order let a page
-- read 20 index entries instead of sorting every row (decision record 015).
CREATE INDEX "salvations_church_created_idx" ON "salvations" ("church_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "salvations_created_idx" ON "salvations" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "salvations_sermon_idx" ON "salvations" ("sermon_id");--> statement-breakpoint
CREATE INDEX "salvations_user_idx" ON "salvations" ("user_id");--> statement-breakpoint
CREATE TABLE "follow_ups" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "salvation_id" uuid NOT NULL REFERENCES "salvations"("id") ON DELETE cascade,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
  "assigned_to_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "status" "follow_up_status" DEFAULT 'new' NOT NULL,
  "notes" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_salvation_uq" ON "follow_ups" ("salvation_id");--> statement-breakpoint
CREATE INDEX "follow_ups_church_created_idx" ON "follow_ups" ("church_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "follow_ups_assignee_created_idx" ON "follow_ups" ("assigned_to_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "follow_ups_created_idx" ON "follow_ups" ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- Per-sermon, per-language listening, written once a sermon has ended (decision record 015): the
-- dashboard sums a few thousand of these instead of a million listener sessions.
CREATE TABLE "sermon_language_stats" (
  "sermon_id" uuid NOT NULL REFERENCES "sermons"("id") ON DELETE cascade,
  "language" text NOT NULL,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
  "started_at" timestamp with time zone NOT NULL,
  "listeners" integer NOT NULL,
  "listener_seconds" bigint NOT NULL,
  CONSTRAINT "sermon_language_stats_pk" PRIMARY KEY ("sermon_id", "language")
);--> statement-breakpoint
-- Covering: the summary reads every figure it needs from the index alone.
CREATE INDEX "sermon_language_stats_church_started_idx" ON "sermon_language_stats" ("church_id", "started_at") INCLUDE ("language", "listeners", "listener_seconds");--> statement-breakpoint
CREATE INDEX "sermon_language_stats_started_idx" ON "sermon_language_stats" ("started_at") INCLUDE ("church_id", "language", "listeners", "listener_seconds");--> statement-breakpoint
-- Which ended sermons have been rolled up (a sermon with no listeners has no stats rows).
CREATE TABLE "sermon_rollups" (
  "sermon_id" uuid PRIMARY KEY NOT NULL REFERENCES "sermons"("id") ON DELETE cascade,
  "rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sermons_started_idx" ON "sermons" ("started_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "sermons_status_church_started_idx" ON "sermons" ("status", "church_id", "started_at");--> statement-breakpoint
CREATE INDEX "users_created_role_idx" ON "users" ("created_at", "role", "church_id");--> statement-breakpoint
CREATE INDEX "users_member_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE "role" = 'member';--> statement-breakpoint
CREATE INDEX "users_member_church_created_idx" ON "users" ("church_id", "created_at" DESC, "id" DESC) WHERE "role" = 'member';
