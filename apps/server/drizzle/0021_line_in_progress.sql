-- The line a sermon's speaker is saying (decision 044): its seq and when its first words were said,
-- written at its first interim text, so the process that stores its final (after a restart, a crash
-- or a move of the speaker to another process) keeps that time, and a partial sent to a caption
-- feed is stamped with it.
CREATE TABLE IF NOT EXISTS "sermon_line_starts" (
	"sermon_id" uuid PRIMARY KEY NOT NULL REFERENCES "sermons"("id") ON DELETE CASCADE,
	"seq" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
