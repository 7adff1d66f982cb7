CREATE TABLE "publication_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"url" text NOT NULL,
	"last_triggered" timestamp with time zone,
	"last_result" text
);
--> statement-breakpoint
CREATE TABLE "publication_history" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_state" integer,
	"to_state" integer NOT NULL,
	"reason" text,
	"cause" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"api" text DEFAULT 'media' NOT NULL,
	"kind" text NOT NULL,
	"event_id" uuid,
	"audio_input_id" uuid,
	"destination_id" uuid NOT NULL,
	"target" integer NOT NULL,
	"transaction_id" uuid NOT NULL,
	"content_id" text,
	"publication_json" text NOT NULL,
	"state" integer NOT NULL,
	"reason" text,
	"progress" integer,
	"start_requested" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"target_item_id" uuid,
	"details" jsonb,
	"date_created" timestamp with time zone NOT NULL,
	"date_started" timestamp with time zone,
	"date_completed" timestamp with time zone,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "syndication_destination_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "syndication_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"api" text DEFAULT 'media' NOT NULL,
	"name" text NOT NULL,
	"target" integer NOT NULL,
	"config_json" text,
	"active" boolean DEFAULT false NOT NULL,
	"activation" jsonb DEFAULT '{"status":"none"}'::jsonb NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"date_modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"publication_id" uuid,
	"target" integer NOT NULL,
	"kind" text NOT NULL,
	"remote_id" text NOT NULL,
	"status" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"title" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"live_since" timestamp with time zone,
	"live_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publication_callbacks" ADD CONSTRAINT "publication_callbacks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_callbacks" ADD CONSTRAINT "publication_callbacks_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_history" ADD CONSTRAINT "publication_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_history" ADD CONSTRAINT "publication_history_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_destination_id_syndication_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."syndication_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndication_destination_properties" ADD CONSTRAINT "syndication_destination_properties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndication_destination_properties" ADD CONSTRAINT "syndication_destination_properties_destination_id_syndication_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."syndication_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndication_destinations" ADD CONSTRAINT "syndication_destinations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_items" ADD CONSTRAINT "target_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_items" ADD CONSTRAINT "target_items_destination_id_syndication_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."syndication_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_callbacks_publication_idx" ON "publication_callbacks" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "publication_history_publication_idx" ON "publication_history" USING btree ("publication_id","seq");--> statement-breakpoint
CREATE INDEX "publications_client_kind_created_idx" ON "publications" USING btree ("client_id","kind","date_created","id");--> statement-breakpoint
CREATE INDEX "publications_client_kind_started_idx" ON "publications" USING btree ("client_id","kind","date_started","id");--> statement-breakpoint
CREATE INDEX "publications_client_kind_completed_idx" ON "publications" USING btree ("client_id","kind","date_completed","id");--> statement-breakpoint
CREATE INDEX "publications_client_kind_target_idx" ON "publications" USING btree ("client_id","kind","target","date_created");--> statement-breakpoint
CREATE INDEX "publications_client_transaction_idx" ON "publications" USING btree ("client_id","transaction_id");--> statement-breakpoint
CREATE INDEX "publications_client_destination_content_idx" ON "publications" USING btree ("client_id","destination_id","content_id");--> statement-breakpoint
CREATE INDEX "publications_client_event_idx" ON "publications" USING btree ("client_id","event_id","date_created");--> statement-breakpoint
CREATE INDEX "publications_monitor_idx" ON "publications" USING btree ("client_id",("state" >= 4),"date_created","id");--> statement-breakpoint
CREATE INDEX "publications_client_state_idx" ON "publications" USING btree ("client_id","state","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "syndication_destination_properties_key_idx" ON "syndication_destination_properties" USING btree ("destination_id","category","key");--> statement-breakpoint
CREATE INDEX "syndication_destinations_client_idx" ON "syndication_destinations" USING btree ("client_id","api","target");--> statement-breakpoint
CREATE UNIQUE INDEX "syndication_destinations_token_idx" ON "syndication_destinations" USING btree (("activation"->>'token'));--> statement-breakpoint
CREATE INDEX "target_items_destination_idx" ON "target_items" USING btree ("destination_id","created_at");--> statement-breakpoint
CREATE INDEX "target_items_publication_idx" ON "target_items" USING btree ("publication_id");