-- People an import created (decision 052). 'imported': a person with an email whom the import did
-- not invite: no password yet and no mail sent, so the screens must not say "Invitation sent".
-- `imported_at`: when an import created the person; the dashboard's new members leave them out
-- (a church importing its roster is not a month of growth).
ALTER TYPE "account_status" ADD VALUE IF NOT EXISTS 'imported';
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "imported_at" timestamp with time zone;
--> statement-breakpoint
-- People imported before this column existed: the import's items know who they are.
UPDATE "users" u SET "imported_at" = u."created_at"
  FROM "people_import_items" i WHERE i."user_id" = u."id" AND i."kind" = 'new' AND u."imported_at" IS NULL;
