CREATE TABLE "event_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reference_id" text,
	"external_id" text,
	"state" integer NOT NULL,
	"mp4_state" integer NOT NULL,
	"provision_state" integer,
	"state_changed" boolean DEFAULT false NOT NULL,
	"metadata_changed" boolean DEFAULT false NOT NULL,
	"thumbnail_changed" boolean DEFAULT false NOT NULL,
	"is_forced" boolean DEFAULT false NOT NULL,
	"audio_changed" boolean DEFAULT false NOT NULL,
	"mp4_state_changed" boolean DEFAULT false NOT NULL,
	"chapter_points_changed" boolean DEFAULT false NOT NULL,
	"assets_changed" boolean DEFAULT false NOT NULL,
	"provision_state_changed" boolean DEFAULT false NOT NULL,
	"capturing_live2vod_flag_changed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_changes_client_seq_idx" ON "event_changes" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "event_changes_event_idx" ON "event_changes" USING btree ("event_id","seq");