CREATE TABLE "event_list_stats" (
	"client_id" uuid NOT NULL,
	"deleted" boolean NOT NULL,
	"state" integer NOT NULL,
	"events" integer NOT NULL,
	"display_lead" interval NOT NULL,
	"display_lag" interval NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_list_stats" ADD CONSTRAINT "event_list_stats_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_list_stats_client_idx" ON "event_list_stats" USING btree ("client_id","deleted","state");--> statement-breakpoint
CREATE INDEX "events_list_text_trgm_idx" ON "events" USING gin (("title" || E'\n' || coalesce("description", '') || E'\n' || coalesce("ref_id", '') || E'\n' || coalesce("external_id", '')) gin_trgm_ops);--> statement-breakpoint
-- The event list's statistics (tables/events.ts eventListStats) follow every write of events in
-- the writing statement itself: an insert or a delete adds one row per (client, deleted, state)
-- of the statement's events, an update adds rows only when it moves an event to another state,
-- in or out of the deleted ones, or moves its display start away from its scheduled start. Rows
-- are only added, never updated, so concurrent writers never wait on each other here.
CREATE FUNCTION control_event_list_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_list_stats (client_id, deleted, state, events, display_lead, display_lag)
  SELECT client_id, date_deleted IS NOT NULL, state, count(*)::int,
    coalesce(max(greatest(scheduled_start - display_start, interval '0')), interval '0'),
    coalesce(max(greatest(display_start - scheduled_start, interval '0')), interval '0')
  FROM inserted_events GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION control_event_list_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The events of a client being deleted go with it, and so do its statistics (the foreign key).
  INSERT INTO event_list_stats (client_id, deleted, state, events, display_lead, display_lag)
  SELECT d.client_id, d.date_deleted IS NOT NULL, d.state, -count(*)::int, interval '0', interval '0'
  FROM deleted_events d WHERE EXISTS (SELECT FROM clients c WHERE c.id = d.client_id) GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION control_event_list_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead interval := coalesce(greatest(NEW.scheduled_start - NEW.display_start, interval '0'), interval '0');
  lag interval := coalesce(greatest(NEW.display_start - NEW.scheduled_start, interval '0'), interval '0');
  moved boolean := OLD.state IS DISTINCT FROM NEW.state OR (OLD.date_deleted IS NULL) <> (NEW.date_deleted IS NULL);
BEGIN
  IF moved THEN
    INSERT INTO event_list_stats (client_id, deleted, state, events, display_lead, display_lag)
    VALUES (OLD.client_id, OLD.date_deleted IS NOT NULL, OLD.state, -1, interval '0', interval '0');
  END IF;
  INSERT INTO event_list_stats (client_id, deleted, state, events, display_lead, display_lag)
  VALUES (NEW.client_id, NEW.date_deleted IS NOT NULL, NEW.state, CASE WHEN moved THEN 1 ELSE 0 END, lead, lag);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_list_stats_inserted AFTER INSERT ON events REFERENCING NEW TABLE AS inserted_events
  FOR EACH STATEMENT EXECUTE FUNCTION control_event_list_stats_inserted();--> statement-breakpoint
CREATE TRIGGER events_list_stats_deleted AFTER DELETE ON events REFERENCING OLD TABLE AS deleted_events
  FOR EACH STATEMENT EXECUTE FUNCTION control_event_list_stats_deleted();--> statement-breakpoint
-- Most updates change none of this (a title, a description): the condition is checked without
-- calling the function.
CREATE TRIGGER events_list_stats_updated AFTER UPDATE OF state, date_deleted, display_start, scheduled_start ON events
  FOR EACH ROW WHEN (
    OLD.state IS DISTINCT FROM NEW.state OR (OLD.date_deleted IS NULL) <> (NEW.date_deleted IS NULL)
    OR (NEW.display_start <> NEW.scheduled_start
      AND (NEW.display_start IS DISTINCT FROM OLD.display_start OR NEW.scheduled_start IS DISTINCT FROM OLD.scheduled_start)))
  EXECUTE FUNCTION control_event_list_stats_updated();--> statement-breakpoint
INSERT INTO event_list_stats (client_id, deleted, state, events, display_lead, display_lag)
SELECT client_id, date_deleted IS NOT NULL, state, count(*)::int,
  coalesce(max(greatest(scheduled_start - display_start, interval '0')), interval '0'),
  coalesce(max(greatest(display_start - scheduled_start, interval '0')), interval '0')
FROM events GROUP BY 1, 2, 3;--> statement-breakpoint
SELECT control_protect_table('event_list_stats');
