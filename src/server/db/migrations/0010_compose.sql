CREATE TABLE "client_licences" (
	"client_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"note" text,
	CONSTRAINT "client_licences_client_id_feature_pk" PRIMARY KEY("client_id","feature")
);
--> statement-breakpoint
CREATE TABLE "compose_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" integer NOT NULL,
	"value" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_markers" boolean DEFAULT false NOT NULL,
	"media_duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "compose_markers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_at" text NOT NULL,
	"duration" text NOT NULL,
	"frame_accurate" boolean,
	"type" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compose_playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"looped" boolean DEFAULT false NOT NULL,
	"live_stream_start" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"generation_started_at" timestamp with time zone,
	"generation_ready_at" timestamp with time zone,
	"generation_finished_at" timestamp with time zone,
	"generation_error" text,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compose_renditions" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"clips" jsonb NOT NULL,
	"looped" boolean DEFAULT false NOT NULL,
	"duration_ms" integer NOT NULL,
	"anchor_live_start" timestamp with time zone,
	"anchor_position" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_licences" ADD CONSTRAINT "client_licences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_items" ADD CONSTRAINT "compose_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_items" ADD CONSTRAINT "compose_items_playlist_id_compose_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."compose_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_markers" ADD CONSTRAINT "compose_markers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_markers" ADD CONSTRAINT "compose_markers_item_id_compose_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."compose_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_playlists" ADD CONSTRAINT "compose_playlists_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_playlists" ADD CONSTRAINT "compose_playlists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_renditions" ADD CONSTRAINT "compose_renditions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_renditions" ADD CONSTRAINT "compose_renditions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compose_items_playlist_position_idx" ON "compose_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "compose_items_client_value_idx" ON "compose_items" USING btree ("client_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "compose_markers_item_position_idx" ON "compose_markers" USING btree ("item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "compose_playlists_event_idx" ON "compose_playlists" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "compose_playlists_client_idx" ON "compose_playlists" USING btree ("client_id");