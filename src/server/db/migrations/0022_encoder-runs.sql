CREATE TABLE "encoder_runs" (
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"publishing_points" text[] NOT NULL,
	"start_requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"stop_requested_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "encoder_runs_client_id_event_id_pk" PRIMARY KEY("client_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "encoder_runs" ADD CONSTRAINT "encoder_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encoder_runs_stopped_idx" ON "encoder_runs" USING btree ("stopped_at");--> statement-breakpoint
SELECT control_protect_table('encoder_runs');
