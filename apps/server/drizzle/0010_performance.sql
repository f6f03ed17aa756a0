-- The total of a people list (decision 028): every list of people counts the rows of one church
-- (or all churches) that are not purged, by role. An index-only scan of this partial index counts
-- 5,000 people in half a millisecond instead of visiting 4,000 table pages.
CREATE INDEX "users_listed_church_idx" ON "users" ("church_id", "role") WHERE "purged_at" IS NULL;
