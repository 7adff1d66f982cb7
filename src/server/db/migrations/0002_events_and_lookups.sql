CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"custom_properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_id" text,
	"configuration_json" text NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infrastructure_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_id" text,
	"configuration_json" text NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_id" text,
	"configuration_json" text NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_id" text,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"date_created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_id" text,
	"configuration_json" text NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_categories_event_id_category_id_pk" PRIMARY KEY("event_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "event_tags" (
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reference_id" text,
	"colour" text,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"channel_id" uuid,
	"xflow_id" uuid,
	"remixflow_id" uuid,
	"archiverflow_id" uuid,
	"live_compose_playlist_id" uuid,
	"infrastructure_profile_id" uuid,
	"event_type_id" uuid,
	"room_id" uuid,
	"channel_profile_id" uuid,
	"custom_property_configuration_id" uuid,
	"state" integer DEFAULT 0 NOT NULL,
	"mp4_state" integer DEFAULT 0 NOT NULL,
	"provision_state" integer,
	"title" text NOT NULL,
	"ref_id" text,
	"external_id" text,
	"content_id" text,
	"description" text,
	"auto_start" boolean DEFAULT false NOT NULL,
	"auto_end" boolean DEFAULT false NOT NULL,
	"auto_publish" boolean DEFAULT false NOT NULL,
	"auto_start_publications" boolean DEFAULT false NOT NULL,
	"auto_provision_infrastructure" boolean DEFAULT false NOT NULL,
	"auto_terminate_infrastructure" boolean DEFAULT false NOT NULL,
	"auto_expire_publishing_points" boolean DEFAULT false NOT NULL,
	"embeded_vod_timestamps" boolean DEFAULT false NOT NULL,
	"capturing_live2vod" boolean DEFAULT false NOT NULL,
	"external_update_allowed" boolean DEFAULT false NOT NULL,
	"is_clip" boolean DEFAULT false NOT NULL,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"scheduled_start" timestamp with time zone,
	"scheduled_end" timestamp with time zone,
	"scheduled_channel_start" timestamp with time zone,
	"scheduled_channel_end" timestamp with time zone,
	"actual_live_start" timestamp with time zone,
	"actual_live_end" timestamp with time zone,
	"published_start" timestamp with time zone,
	"published_end" timestamp with time zone,
	"instant_vod_start" timestamp with time zone,
	"instant_vod_end" timestamp with time zone,
	"scheduled_provision_at" timestamp with time zone,
	"scheduled_terminate_at" timestamp with time zone,
	"capture_vod_start" timestamp with time zone,
	"capture_vod_end" timestamp with time zone,
	"archiver_start" timestamp with time zone,
	"archiver_end" timestamp with time zone,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL,
	"date_deleted" timestamp with time zone,
	"drm_json" text,
	"drm_data" jsonb,
	"vod_drm" boolean DEFAULT false NOT NULL,
	"remix_drm" boolean DEFAULT false NOT NULL,
	"remix_drm_json" text,
	"remix_drm_data" jsonb,
	"additional_streaming_options" text,
	"dvr_length" integer,
	"dvr_length_url_param" integer,
	"max_bitrate_url_param" integer,
	"min_bitrate_url_param" integer,
	"task_engine_json" text,
	"thumbnail" text,
	"thumbnail_url" text,
	"document_url" text,
	"tag_url" text,
	"set_private_after_generation" boolean DEFAULT false NOT NULL,
	"provision_info" jsonb,
	"archiver_capture_id" text,
	"archiver_profile_id" text
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infrastructure_profiles" ADD CONSTRAINT "infrastructure_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_configurations" ADD CONSTRAINT "property_configurations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xflows" ADD CONSTRAINT "xflows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_properties" ADD CONSTRAINT "custom_properties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_properties" ADD CONSTRAINT "custom_properties_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_xflow_id_xflows_id_fk" FOREIGN KEY ("xflow_id") REFERENCES "public"."xflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_remixflow_id_xflows_id_fk" FOREIGN KEY ("remixflow_id") REFERENCES "public"."xflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_infrastructure_profile_id_infrastructure_profiles_id_fk" FOREIGN KEY ("infrastructure_profile_id") REFERENCES "public"."infrastructure_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_custom_property_configuration_id_property_configurations_id_fk" FOREIGN KEY ("custom_property_configuration_id") REFERENCES "public"."property_configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_client_label_idx" ON "categories" USING btree ("client_id",lower("label"));--> statement-breakpoint
CREATE INDEX "categories_client_name_idx" ON "categories" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "channels_client_name_idx" ON "channels" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "infrastructure_profiles_client_name_idx" ON "infrastructure_profiles" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "property_configurations_client_name_idx" ON "property_configurations" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "property_configurations_client_reference_idx" ON "property_configurations" USING btree ("client_id","reference_id");--> statement-breakpoint
CREATE INDEX "rooms_client_name_idx" ON "rooms" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "rooms_client_reference_idx" ON "rooms" USING btree ("client_id","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_client_name_idx" ON "tags" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "xflows_client_name_idx" ON "xflows" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_properties_event_category_key_idx" ON "custom_properties" USING btree ("event_id","category","key");--> statement-breakpoint
CREATE INDEX "event_categories_category_idx" ON "event_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "event_tags_tag_idx" ON "event_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_client_name_idx" ON "event_types" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "event_types_client_reference_idx" ON "event_types" USING btree ("client_id","reference_id");--> statement-breakpoint
CREATE INDEX "events_client_display_start_idx" ON "events" USING btree ("client_id",coalesce("display_start", "scheduled_start"),"id") WHERE "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_scheduled_start_idx" ON "events" USING btree ("client_id","scheduled_start") WHERE "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_date_modified_idx" ON "events" USING btree ("client_id","date_modified") WHERE "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_state_idx" ON "events" USING btree ("client_id","state") WHERE "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_title_idx" ON "events" USING btree ("client_id",lower("title") collate "C","id") WHERE "events"."date_deleted" is null;--> statement-breakpoint
CREATE INDEX "events_client_ref_id_idx" ON "events" USING btree ("client_id","ref_id");--> statement-breakpoint
CREATE INDEX "events_client_external_id_idx" ON "events" USING btree ("client_id","external_id");--> statement-breakpoint
CREATE INDEX "events_client_event_type_idx" ON "events" USING btree ("client_id","event_type_id");--> statement-breakpoint
CREATE INDEX "events_client_channel_idx" ON "events" USING btree ("client_id","channel_id");--> statement-breakpoint
CREATE INDEX "events_client_room_idx" ON "events" USING btree ("client_id","room_id");--> statement-breakpoint
CREATE INDEX "events_client_deleted_idx" ON "events" USING btree ("client_id","date_deleted") WHERE "events"."date_deleted" is not null;