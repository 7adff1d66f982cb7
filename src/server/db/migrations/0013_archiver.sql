CREATE TABLE "archiver_captures" (
	"client_id" uuid NOT NULL,
	"id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"active" boolean NOT NULL,
	"decrypt_key" text,
	"expires_in" integer,
	"publishing_points" jsonb NOT NULL,
	"recorded_until" timestamp with time zone,
	"play_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "archiver_captures_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "archiver_profile_captures" (
	"client_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"capture_id" text NOT NULL,
	"position" integer NOT NULL,
	"live_redirect_url" text,
	"stream_made" boolean DEFAULT false NOT NULL,
	CONSTRAINT "archiver_profile_captures_client_id_profile_id_capture_id_pk" PRIMARY KEY("client_id","profile_id","capture_id")
);
--> statement-breakpoint
CREATE TABLE "archiver_profiles" (
	"client_id" uuid NOT NULL,
	"id" text NOT NULL,
	"expires_in" integer,
	"key" text,
	"iss_key_iv" text,
	"iss_license_url" text,
	"widevine_drm_data" text,
	"widevine_license_url" text,
	"aes_key" text,
	"aes_key_iv" text,
	"aes_license_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "archiver_profiles_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "archiver_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"capture_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"gave_up" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone,
	"source" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archiver_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"capture_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"uploaded" boolean DEFAULT false NOT NULL,
	"play_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archiverflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"configuration_json" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archiver_captures" ADD CONSTRAINT "archiver_captures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archiver_profile_captures" ADD CONSTRAINT "archiver_profile_captures_client_id_profile_id_archiver_profiles_client_id_id_fk" FOREIGN KEY ("client_id","profile_id") REFERENCES "public"."archiver_profiles"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archiver_profile_captures" ADD CONSTRAINT "archiver_profile_captures_client_id_capture_id_archiver_captures_client_id_id_fk" FOREIGN KEY ("client_id","capture_id") REFERENCES "public"."archiver_captures"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archiver_profiles" ADD CONSTRAINT "archiver_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archiver_segments" ADD CONSTRAINT "archiver_segments_client_id_capture_id_archiver_captures_client_id_id_fk" FOREIGN KEY ("client_id","capture_id") REFERENCES "public"."archiver_captures"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archiver_streams" ADD CONSTRAINT "archiver_streams_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archiverflows" ADD CONSTRAINT "archiverflows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archiver_captures_play_key_idx" ON "archiver_captures" USING btree ("play_key");--> statement-breakpoint
CREATE INDEX "archiver_captures_active_idx" ON "archiver_captures" USING btree ("active");--> statement-breakpoint
CREATE INDEX "archiver_profile_captures_capture_idx" ON "archiver_profile_captures" USING btree ("client_id","capture_id");--> statement-breakpoint
CREATE INDEX "archiver_segments_capture_start_idx" ON "archiver_segments" USING btree ("client_id","capture_id","start_time");--> statement-breakpoint
CREATE INDEX "archiver_segments_open_idx" ON "archiver_segments" USING btree ("client_id","capture_id","due_at") WHERE "archiver_segments"."state" in ('scheduled', 'inProgress', 'failed') and not "archiver_segments"."gave_up";--> statement-breakpoint
CREATE UNIQUE INDEX "archiver_streams_play_key_idx" ON "archiver_streams" USING btree ("play_key");--> statement-breakpoint
CREATE UNIQUE INDEX "archiver_streams_profile_capture_idx" ON "archiver_streams" USING btree ("client_id","profile_id","capture_id");--> statement-breakpoint
CREATE INDEX "archiverflows_client_idx" ON "archiverflows" USING btree ("client_id");