-- Azure Speech recognition on the server (decision 038): a recognition engine kind of its own,
-- `azure-server`, beside `azure` (in the speaker's browser). Both use the church's speech key.
ALTER TABLE "church_recognition_engines" DROP CONSTRAINT IF EXISTS "church_recognition_engines_kind_check";
--> statement-breakpoint
ALTER TABLE "church_recognition_engines" ADD CONSTRAINT "church_recognition_engines_kind_check" CHECK ("kind" IN ('deepgram', 'assemblyai', 'openai-realtime', 'azure-server', 'azure'));
