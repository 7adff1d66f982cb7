CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"download_id" uuid,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"language" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_download_files" (
	"download_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"content_id" text NOT NULL,
	"event_id" uuid,
	"event_ids" uuid[] NOT NULL,
	"email_address" text NOT NULL,
	"email_language" text,
	"frame_accurate" boolean NOT NULL,
	"mp4_filename" text NOT NULL,
	"clips" jsonb NOT NULL,
	"task" jsonb NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"failure_reason" text,
	"file_token" text,
	"file_bytes" integer,
	"duration_ms" integer NOT NULL,
	"creation_date" timestamp with time zone NOT NULL,
	"completion_date" timestamp with time zone,
	"failure_date" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"mail_status" text DEFAULT 'none' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_error" text,
	"mail_sent_at" timestamp with time zone,
	"mail_next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_download_files" ADD CONSTRAINT "vod_download_files_download_id_vod_downloads_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."vod_downloads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_download_files" ADD CONSTRAINT "vod_download_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_downloads" ADD CONSTRAINT "vod_downloads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_client_sent_idx" ON "mails" USING btree ("client_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_downloads_content_idx" ON "vod_downloads" USING btree ("client_id","content_id");--> statement-breakpoint
CREATE INDEX "vod_downloads_client_created_idx" ON "vod_downloads" USING btree ("client_id","creation_date");--> statement-breakpoint
CREATE INDEX "vod_downloads_event_idx" ON "vod_downloads" USING btree ("client_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_downloads_token_idx" ON "vod_downloads" USING btree ("file_token");