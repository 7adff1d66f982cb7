CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"extension" text NOT NULL,
	"state" integer NOT NULL,
	"type" integer NOT NULL,
	"role" text,
	"job_id" text,
	"content_id" text,
	"priority" integer DEFAULT 5 NOT NULL,
	"work" jsonb,
	"error" text,
	"bytes" bigint,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_client_event_idx" ON "assets" USING btree ("client_id","event_id");--> statement-breakpoint
CREATE INDEX "assets_client_created_idx" ON "assets" USING btree ("client_id","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_event_path_idx" ON "assets" USING btree ("event_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_event_role_idx" ON "assets" USING btree ("event_id","role") WHERE "assets"."role" is not null;--> statement-breakpoint
CREATE INDEX "assets_queue_idx" ON "assets" USING btree ("priority","date_created") WHERE "assets"."state" = 0;