ALTER TABLE "webhook_deliveries" ALTER COLUMN "max_attempts" DROP NOT NULL;--> statement-breakpoint
-- Changes still queued for the fan-out job when the service stopped get their deliveries here, as
-- the job would have made them (areas/webhook/serialize.ts toNotification), before the queue goes.
INSERT INTO "webhook_deliveries" ("client_id", "webhook_id", "event_id", "seq", "kind", "payload", "status", "next_attempt_at", "created_at")
SELECT c."client_id", w."id", c."event_id", c."seq", 'change', jsonb_build_object(
    'eventId', c."event_id", 'referenceId', c."reference_id", 'externalId', c."external_id",
    'state', coalesce((array['PRE_LIVE', 'LIVE_UNPUBLISHED', 'LIVE_PUBLISHED', 'SUSPENDED', 'STOPPED', 'INSTANT_VOD', 'INSTANT_VOD_BACKUP', 'INSTANT_VOD_DELETE', 'PRE_VOD', 'VOD_INGESTING', 'VOD_PRIVATE', 'VOD_PUBLIC', 'REMIX_GENERATING', 'REMIX_PRIVATE', 'REMIX_PUBLIC', 'REMIX_ERROR', 'VOD_ERROR', 'ARCHIVER_PRIVATE', 'ARCHIVER_PUBLIC', 'COMPOSE_GENERATING', 'COMPOSE_PUBLIC', 'COMPOSE_PRIVATE', 'COMPOSE_WAITING', 'COMPOSE_ERROR', 'LIVE_STARTING', 'LIVE_STOPPING'])[c."state" + 1], 'PRE_LIVE'),
    'stateChanged', c."state_changed", 'metadataChanged', c."metadata_changed", 'thumbnailChanged', c."thumbnail_changed",
    'isForced', c."is_forced", 'audioChanged', c."audio_changed",
    'mp4State', CASE c."mp4_state" WHEN 1 THEN 'AVAILABLE' WHEN 2 THEN 'GENERATING' WHEN 4 THEN 'FAILED' ELSE 'NONE' END,
    'mp4StateChanged', c."mp4_state_changed", 'chapterPointsChanged', c."chapter_points_changed", 'assetsChanged', c."assets_changed",
    'provisionState', (array['SCHEDULED', 'PROVISIONING', 'PROVISIONING_FAILED', 'PROVISIONED', 'PROVISIONED_PARTIAL', 'TERMINATING', 'TERMINATING_FAILED', 'TERMINATED'])[c."provision_state" + 1],
    'provisionStateChanged', c."provision_state_changed", 'capturingLive2VodFlagChanged', c."capturing_live2vod_flag_changed",
    'action', c."action"),
  'pending', now(), now()
FROM "change_fanouts" f
JOIN "event_changes" c ON c."seq" = f."seq"
JOIN "webhooks" w ON w."client_id" = c."client_id" AND (w."event_id" IS NULL OR w."event_id" = c."event_id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "jobs" WHERE "type" = 'changes.fanout' AND "status" IN ('pending', 'running');--> statement-breakpoint
DROP TABLE "change_fanouts" CASCADE;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_open_idx" ON "webhook_deliveries" USING btree ("webhook_id",coalesce("event_id", '00000000-0000-0000-0000-000000000000'::uuid),"seq","created_at") WHERE "webhook_deliveries"."status" in ('pending', 'sending') and "webhook_deliveries"."kind" <> 'test';