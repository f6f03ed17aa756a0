-- The church glossary, the starter glossary (church_id null), listeners' flags and prepared text (decisions 025, 026).
CREATE TABLE "glossary_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "church_id" uuid REFERENCES "churches"("id") ON DELETE CASCADE,
  "language" text NOT NULL,
  "term" text NOT NULL,
  "term_key" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('keep', 'fixed')),
  "translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "heard_as" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "before_number" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- One term per glossary and spoken language; the starter glossary is the one with no church.
CREATE UNIQUE INDEX "glossary_entries_term_uq" ON "glossary_entries" (coalesce("church_id", '00000000-0000-0000-0000-000000000000'::uuid), "language", "term_key");--> statement-breakpoint
CREATE INDEX "glossary_entries_church_idx" ON "glossary_entries" ("church_id", "language");--> statement-breakpoint
CREATE TABLE "glossary_versions" (
  "scope" text PRIMARY KEY NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE TABLE "translation_flags" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE CASCADE,
  "sermon_id" uuid NOT NULL REFERENCES "sermons"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "language" text NOT NULL,
  "suggestion" text,
  "status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'accepted', 'dismissed')),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "translation_flags_church_created_idx" ON "translation_flags" ("church_id", "created_at");--> statement-breakpoint
CREATE TABLE "prepared_texts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "church_id" uuid NOT NULL REFERENCES "churches"("id") ON DELETE CASCADE,
  "scheduled_sermon_id" uuid REFERENCES "scheduled_sermons"("id") ON DELETE SET NULL,
  "title" text NOT NULL,
  "source_language" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "prepared_texts_church_idx" ON "prepared_texts" ("church_id", "created_at");--> statement-breakpoint
CREATE TABLE "prepared_paragraphs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "text_id" uuid NOT NULL REFERENCES "prepared_texts"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "text" text NOT NULL,
  "translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "provider" text DEFAULT 'demo' NOT NULL
);--> statement-breakpoint
CREATE INDEX "prepared_paragraphs_text_idx" ON "prepared_paragraphs" ("text_id", "position");
