-- The archiver's change log becomes the log of every record a page shows besides events
-- (changes/record-entity.ts): renamed, so its rows and its row-level security stay, with the event
-- a record belongs to and where its work stands.
ALTER TABLE "archiver_changes" RENAME TO "entity_changes";--> statement-breakpoint
ALTER TABLE "entity_changes" DROP CONSTRAINT "archiver_changes_client_id_clients_id_fk";
--> statement-breakpoint
DROP INDEX "archiver_changes_client_seq_idx";--> statement-breakpoint
ALTER TABLE "entity_changes" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "entity_changes" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "entity_changes" ADD CONSTRAINT "entity_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_changes_client_seq_idx" ON "entity_changes" USING btree ("client_id","seq");