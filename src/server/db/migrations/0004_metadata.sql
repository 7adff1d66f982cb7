CREATE TABLE "channel_profile_audio_inputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"audio_channel" integer NOT NULL,
	"audio_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_point_custom_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"chapter_point_id" uuid NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"parent_id" uuid,
	"reference_id" text,
	"title" text NOT NULL,
	"tag" text,
	"start_time" text NOT NULL,
	"end_time" text,
	"start_key" double precision NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_profile_audio_inputs" ADD CONSTRAINT "channel_profile_audio_inputs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_profile_audio_inputs" ADD CONSTRAINT "channel_profile_audio_inputs_profile_id_channel_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."channel_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_profiles" ADD CONSTRAINT "channel_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_profiles" ADD CONSTRAINT "channel_profiles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_point_custom_properties" ADD CONSTRAINT "chapter_point_custom_properties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_point_custom_properties" ADD CONSTRAINT "chapter_point_custom_properties_chapter_point_id_chapter_points_id_fk" FOREIGN KEY ("chapter_point_id") REFERENCES "public"."chapter_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_points" ADD CONSTRAINT "chapter_points_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_points" ADD CONSTRAINT "chapter_points_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_points" ADD CONSTRAINT "chapter_points_parent_id_chapter_points_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chapter_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_profile_audio_inputs_channel_idx" ON "channel_profile_audio_inputs" USING btree ("profile_id","audio_channel");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_profile_audio_inputs_language_idx" ON "channel_profile_audio_inputs" USING btree ("profile_id",lower("language_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "channel_profiles_event_idx" ON "channel_profiles" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "channel_profiles_client_idx" ON "channel_profiles" USING btree ("client_id","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_point_custom_properties_point_category_key_idx" ON "chapter_point_custom_properties" USING btree ("chapter_point_id","category","key");--> statement-breakpoint
CREATE INDEX "chapter_point_custom_properties_client_key_idx" ON "chapter_point_custom_properties" USING btree ("client_id","category","key");--> statement-breakpoint
CREATE INDEX "chapter_points_client_event_idx" ON "chapter_points" USING btree ("client_id","event_id","start_key");--> statement-breakpoint
CREATE INDEX "chapter_points_parent_idx" ON "chapter_points" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "chapter_points_client_reference_idx" ON "chapter_points" USING btree ("client_id","reference_id");