CREATE TYPE "public"."audio_quality" AS ENUM('Good', 'Average', 'Poor');--> statement-breakpoint
CREATE TYPE "public"."deletion_reason" AS ENUM('no_longer_needed', 'privacy_concerns', 'switching_service', 'too_many_notifications', 'other');--> statement-breakpoint
CREATE TYPE "public"."deletion_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."employment_type" AS ENUM('full-time', 'part-time', 'contractor');--> statement-breakpoint
CREATE TYPE "public"."faith_level" AS ENUM('nofaith', 'uncertain', 'opentofaith', 'activelyexploring', 'strongfaith');--> statement-breakpoint
CREATE TYPE "public"."feedback_type" AS ENUM('GeneralFeedback', 'Complaint', 'Suggestion');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female', 'other');--> statement-breakpoint
CREATE TYPE "public"."language_list" AS ENUM('go_live', 'join_live');--> statement-breakpoint
CREATE TYPE "public"."listener_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."primary_language" AS ENUM('english', 'spanish', 'portuguese', 'indonesian', 'mandarin');--> statement-breakpoint
CREATE TYPE "public"."referral_source" AS ENUM('friend_family', 'church_event', 'social_media', 'community_outreach', 'online_search', 'flyer_poster');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('platform_admin', 'church_admin', 'staff', 'member');--> statement-breakpoint
CREATE TYPE "public"."sermon_status" AS ENUM('live', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."work_location" AS ENUM('onsite', 'remote', 'hybrid');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"church_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "church_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"list" "language_list" NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"male_voice_id" text,
	"female_voice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "churches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"country" text DEFAULT 'Australia' NOT NULL,
	"contact_number" text NOT NULL,
	"pastor_name" text NOT NULL,
	"pastor_phone" text NOT NULL,
	"speech_key_enc" text,
	"speech_location" text,
	"translator_endpoint" text,
	"translator_key_enc" text,
	"translator_location" text,
	"latitude" double precision,
	"longitude" double precision,
	"weekly_stream_limit_minutes" integer DEFAULT 120 NOT NULL,
	"time_zone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"guests_may_listen" boolean DEFAULT true NOT NULL,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"church_id" uuid,
	"reason" "deletion_reason" NOT NULL,
	"details" text,
	"status" "deletion_status" DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "event_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"church_id" uuid,
	"type" "feedback_type" NOT NULL,
	"audio_quality" "audio_quality",
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listener_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sermon_id" uuid NOT NULL,
	"user_id" uuid,
	"guest_name" text,
	"language" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"status" "listener_status" DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_translations" (
	"segment_id" uuid NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	CONSTRAINT "segment_translations_segment_id_language_pk" PRIMARY KEY("segment_id","language")
);
--> statement-breakpoint
CREATE TABLE "sermons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broadcast_id" text NOT NULL,
	"church_id" uuid NOT NULL,
	"host_id" uuid,
	"source_language" text NOT NULL,
	"status" "sermon_status" DEFAULT 'live' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"charged_seconds" integer DEFAULT 0 NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_reason" text,
	"listeners_joined" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"job_title" text,
	"department" text,
	"employment_type" "employment_type",
	"work_location" "work_location",
	"start_date" date,
	"end_date" date,
	"work_email" text,
	"country_of_origin" text,
	"system_access_level" text,
	"assigned_teams" text,
	"education_level" text,
	"certifications" text,
	"skills" text,
	"languages_spoken" text,
	"employee_id" text,
	"salary_enc" text,
	"bank_details_enc" text,
	"tfn_abn_enc" text,
	"work_visa_status" text,
	"emergency_contact" text,
	"linkedin_url" text,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcript_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sermon_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"source_language" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" DEFAULT 'member' NOT NULL,
	"church_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text,
	"suburb" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"gender" "gender",
	"photo_path" text,
	"primary_language" "primary_language",
	"faith_level" "faith_level",
	"attended_before" boolean,
	"brought_by" text,
	"referral_source" "referral_source",
	"referral_code" text NOT NULL,
	"referred_by_id" uuid,
	"accepted_jesus" boolean DEFAULT false NOT NULL,
	"accepted_jesus_at" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"guardian_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_languages" ADD CONSTRAINT "church_languages_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listener_sessions" ADD CONSTRAINT "listener_sessions_sermon_id_sermons_id_fk" FOREIGN KEY ("sermon_id") REFERENCES "public"."sermons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listener_sessions" ADD CONSTRAINT "listener_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_translations" ADD CONSTRAINT "segment_translations_segment_id_transcript_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."transcript_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermons" ADD CONSTRAINT "sermons_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermons" ADD CONSTRAINT "sermons_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_sessions" ADD CONSTRAINT "server_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_details" ADD CONSTRAINT "staff_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_sermon_id_sermons_id_fk" FOREIGN KEY ("sermon_id") REFERENCES "public"."sermons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_id_users_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_church_at_idx" ON "audit_log" USING btree ("church_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "church_languages_uq" ON "church_languages" USING btree ("church_id","list","code");--> statement-breakpoint
CREATE INDEX "churches_name_idx" ON "churches" USING btree ("name");--> statement-breakpoint
CREATE INDEX "deletion_requests_church_requested_idx" ON "deletion_requests" USING btree ("church_id","requested_at");--> statement-breakpoint
CREATE INDEX "deletion_requests_status_idx" ON "deletion_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "event_images_event_idx" ON "event_images" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_church_starts_idx" ON "events" USING btree ("church_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "feedback_church_created_idx" ON "feedback" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE INDEX "listener_sessions_sermon_idx" ON "listener_sessions" USING btree ("sermon_id");--> statement-breakpoint
CREATE INDEX "listener_sessions_user_started_idx" ON "listener_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "login_failures_email_at_idx" ON "login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sermons_broadcast_uq" ON "sermons" USING btree ("broadcast_id");--> statement-breakpoint
CREATE INDEX "sermons_church_started_idx" ON "sermons" USING btree ("church_id","started_at");--> statement-breakpoint
CREATE INDEX "sermons_status_idx" ON "sermons" USING btree ("status");--> statement-breakpoint
CREATE INDEX "server_sessions_user_idx" ON "server_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "server_sessions_expires_idx" ON "server_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_segments_seq_uq" ON "transcript_segments" USING btree ("sermon_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_uq" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_church_created_idx" ON "users" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_accepted_jesus_idx" ON "users" USING btree ("church_id","accepted_jesus_at");