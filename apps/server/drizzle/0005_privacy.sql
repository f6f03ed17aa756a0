-- Feedback, account deletion with a guaranteed purge, and the audit log (issue 12).
-- A person may withdraw a pending request; PostgreSQL 12+ allows adding an enum value in a transaction.
ALTER TYPE "public"."deletion_status" ADD VALUE IF NOT EXISTS 'cancelled';--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "approved_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
-- One open request per person, enforced by the database as well as the service (409).
CREATE UNIQUE INDEX "deletion_requests_one_open_uq" ON "deletion_requests" ("user_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "deletion_requests_user_idx" ON "deletion_requests" ("user_id", "requested_at");--> statement-breakpoint
-- Approved and not yet purged: what the hourly job looks for.
CREATE INDEX "deletion_requests_to_purge_idx" ON "deletion_requests" ("requested_at") WHERE "purged_at" IS NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "sermon_id" uuid REFERENCES "sermons"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" ("created_at", "id");--> statement-breakpoint
CREATE INDEX "feedback_sermon_idx" ON "feedback" ("sermon_id");--> statement-breakpoint
-- A deleted person's row stays, emptied, so the church's counts do not change (decision 016).
ALTER TABLE "users" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" ("actor_id", "at");
