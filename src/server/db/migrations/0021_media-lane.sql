DROP INDEX "assets_queue_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "priority" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "eta_seconds" integer;--> statement-breakpoint
ALTER TABLE "vod_downloads" ADD COLUMN "eta_seconds" integer;--> statement-breakpoint
CREATE INDEX "jobs_lane_idx" ON "jobs" USING btree ("type","priority","run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "lease_until";--> statement-breakpoint
-- The assets table is no longer a queue of its own: GENERATING assets get the media lane's job
-- (areas/asset/make.ts), and the old dispatcher's pending jobs go.
DELETE FROM "jobs" WHERE "type" = 'asset.dispatch' AND "status" IN ('pending', 'running');--> statement-breakpoint
INSERT INTO "jobs" ("type", "payload", "client_id", "status", "run_at", "priority", "max_attempts", "created_at")
SELECT 'asset.make', jsonb_build_object('assetId', "id"), "client_id", 'pending', now(), "priority", 3, now() FROM "assets" WHERE "state" = 0;
