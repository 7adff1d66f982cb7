CREATE TABLE "archiver_changes" (
	"seq" bigint PRIMARY KEY DEFAULT nextval('event_changes_seq_seq') NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archiver_changes" ADD CONSTRAINT "archiver_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archiver_changes_client_seq_idx" ON "archiver_changes" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "archiver_segments_completed_idx" ON "archiver_segments" USING btree ("client_id","capture_id","start_time","end_time") WHERE "archiver_segments"."state" = 'completed';