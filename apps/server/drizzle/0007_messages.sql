-- Church messages: direct and group conversations translated per reader (decision records 021 and 022).
ALTER TABLE "users" ADD COLUMN "message_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "conversations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "name" text,
  -- The two people of a direct conversation, smaller id first: one direct conversation per pair.
  "direct_key" text,
  "created_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "last_message_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_direct_key_uq" ON "conversations" ("direct_key");--> statement-breakpoint
CREATE TABLE "conversation_members" (
  "conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  -- Highest message seq read; messages above it (by others) are unread.
  "read_seq" bigint DEFAULT 0 NOT NULL,
  -- Highest message seq already mailed in a digest: each unread message is mailed once.
  "mailed_seq" bigint DEFAULT 0 NOT NULL,
  "joined_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("conversation_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "conversation_members_user_idx" ON "conversation_members" ("user_id");--> statement-breakpoint
CREATE TABLE "messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
  "sender_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "client_id" text,
  "text" text,
  "language" text NOT NULL,
  "image_path" text,
  "state" text DEFAULT 'normal' NOT NULL,
  "edited_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_seq_uq" ON "messages" ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_uq" ON "messages" ("sender_id", "client_id");--> statement-breakpoint
-- History pages (newest first, cursor on seq) and unread counts read this index only.
CREATE INDEX "messages_conversation_seq_idx" ON "messages" ("conversation_id", "seq" DESC);--> statement-breakpoint
-- Unread counts: others' shown messages above a read mark, read from this index alone (sender
-- included), so a person's own many messages above their mark cost no table reads (decision record 021).
CREATE INDEX "messages_unread_idx" ON "messages" ("conversation_id", "seq") INCLUDE ("sender_id") WHERE "state" = 'normal';--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" ("sender_id");--> statement-breakpoint
CREATE TABLE "message_translations" (
  "message_id" uuid NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
  "language" text NOT NULL,
  "text" text NOT NULL,
  PRIMARY KEY ("message_id", "language")
);--> statement-breakpoint
CREATE TABLE "message_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "message_id" uuid NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE cascade,
  "reporter_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "reason" text DEFAULT '' NOT NULL,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_once_uq" ON "message_reports" ("message_id", "reporter_id");--> statement-breakpoint
CREATE INDEX "message_reports_church_created_idx" ON "message_reports" ("church_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "user_blocks" (
  "blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("blocker_id", "blocked_id")
);
