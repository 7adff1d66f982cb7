CREATE TABLE "alert_acknowledgements" (
	"client_id" uuid NOT NULL,
	"alert_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_acknowledgements_client_id_alert_id_pk" PRIMARY KEY("client_id","alert_id")
);
--> statement-breakpoint
CREATE TABLE "encoder_faults" (
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"fault" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "encoder_faults_client_id_event_id_pk" PRIMARY KEY("client_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "encoder_health_samples" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ingest_kbps" integer NOT NULL,
	"frame_rate" real NOT NULL,
	"dropped_frames" integer NOT NULL,
	"points" jsonb NOT NULL,
	"fault" text
);
--> statement-breakpoint
ALTER TABLE "alert_acknowledgements" ADD CONSTRAINT "alert_acknowledgements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoder_faults" ADD CONSTRAINT "encoder_faults_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoder_faults" ADD CONSTRAINT "encoder_faults_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoder_health_samples" ADD CONSTRAINT "encoder_health_samples_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoder_health_samples" ADD CONSTRAINT "encoder_health_samples_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encoder_health_samples_event_idx" ON "encoder_health_samples" USING btree ("client_id","event_id","at");--> statement-breakpoint
CREATE INDEX "encoder_health_samples_at_idx" ON "encoder_health_samples" USING btree ("at");--> statement-breakpoint
CREATE INDEX "events_mp4_failed_idx" ON "events" USING btree ("client_id","date_modified") WHERE "events"."mp4_state" = 4 and "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_streaming_idx" ON "events" USING btree ("state") WHERE "events"."state" in (1, 2, 3) and "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" USING btree ("client_id","webhook_id","completed_at") WHERE "webhook_deliveries"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "assets_failed_idx" ON "assets" USING btree ("client_id","date_modified") WHERE "assets"."state" = 2;--> statement-breakpoint
CREATE INDEX "vod_downloads_failed_idx" ON "vod_downloads" USING btree ("client_id","failure_date") WHERE "vod_downloads"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "archiver_segments_given_up_idx" ON "archiver_segments" USING btree ("client_id","capture_id","updated_at") WHERE "archiver_segments"."gave_up";--> statement-breakpoint
SELECT control_protect_table('alert_acknowledgements');--> statement-breakpoint
SELECT control_protect_table('encoder_faults');--> statement-breakpoint
SELECT control_protect_table('encoder_health_samples');
