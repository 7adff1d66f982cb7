-- The event list's display-order indexes carry the two columns of their key's expression, so that
-- the walk to a page's ids (list.ts: `page=` is an OFFSET over these indexes) reads the index only,
-- not one table row per event passed over: PostgreSQL takes an index-only scan of an expression
-- only when the columns the expression reads are in the index. Drizzle's index builder has no
-- INCLUDE, so tables/events.ts declares the indexes without it and this migration adds it.
-- At 100 000 events, page 450 (9 000 entries passed over), PostgreSQL: 2.4 -> 0.6 ms for the walk.
DROP INDEX "events_client_display_start_idx";--> statement-breakpoint
CREATE INDEX "events_client_display_start_idx" ON "events" USING btree ("client_id", coalesce("display_start", "scheduled_start"), "id")
  INCLUDE ("display_start", "scheduled_start") WHERE "events"."date_deleted" is null;--> statement-breakpoint
DROP INDEX "events_client_display_start_desc_idx";--> statement-breakpoint
CREATE INDEX "events_client_display_start_desc_idx" ON "events" USING btree ("client_id", coalesce("display_start", "scheduled_start") desc nulls last, "id" desc nulls first)
  INCLUDE ("display_start", "scheduled_start") WHERE "events"."date_deleted" is null;
