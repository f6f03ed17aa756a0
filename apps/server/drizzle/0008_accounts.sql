-- Accounts fit for payroll data (decision 023): two-step sign-in, signed-in devices, known devices.
-- A session has a public id (the list of signed-in devices names it; the cookie's hash never leaves
-- the server), the address it came from, and a half state between password and code.
ALTER TABLE "server_sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "server_sessions_id_uq" ON "server_sessions" ("id");--> statement-breakpoint
ALTER TABLE "server_sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "server_sessions" ADD COLUMN "two_step_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "server_sessions" ADD COLUMN "two_step_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "server_sessions" ADD COLUMN "two_step_at" timestamp with time zone;--> statement-breakpoint
-- The TOTP secret (encrypted with SECRETS_KEY) and the last time step accepted, so a code counts once.
CREATE TABLE "two_step_settings" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "secret_enc" text,
  "pending_secret_enc" text,
  "enabled_at" timestamp with time zone,
  "last_used_step" bigint DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "two_step_recovery_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "two_step_recovery_codes_user_idx" ON "two_step_recovery_codes" ("user_id");--> statement-breakpoint
-- A browser a person has signed in from (a random cookie, kept as its hash): a new one is mailed
-- about; one trusted for 30 days skips the code.
CREATE TABLE "known_devices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "user_agent" text,
  "trusted_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_user_token_uq" ON "known_devices" ("user_id", "token_hash");
