DROP INDEX "events_client_display_start_desc_idx";--> statement-breakpoint
DROP INDEX "events_client_title_desc_idx";--> statement-breakpoint
CREATE INDEX "events_client_clips_idx" ON "events" USING btree ("client_id",coalesce("display_start", "scheduled_start"),"id") WHERE "events"."is_clip" and "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_display_start_desc_idx" ON "events" USING btree ("client_id",coalesce("display_start", "scheduled_start") desc nulls last,"id" DESC NULLS FIRST) WHERE "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_title_desc_idx" ON "events" USING btree ("client_id",lower("title") collate "C" desc nulls last,"id" DESC NULLS FIRST) WHERE "events"."date_deleted" is null;