/**
 * Live operations in flight (src/server/areas/live): at most one per event, while the encoder of
 * its channel starts, stops or restarts. The row is the event's concurrency lock for the encoder
 * (service-interface.md: force stop "removes existing locks") and says what the event becomes
 * when the encoder is done, so the job that finishes it (or the request that waits for it) can
 * pick it up after a restart.
 */
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { events } from './events.ts';
import { sameClient } from './tenancy.ts';

export const liveOperations = pgTable(
  'live_operations',
  {
    eventId: uuid().primaryKey(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** start: LIVE_STARTING -> target; stop: LIVE_STOPPING -> target; restart: stop, then start towards target. */
    kind: text({ enum: ['start', 'stop', 'restart'] }).notNull(),
    /** The EventState value the event takes once the encoder is done. */
    target: integer().notNull(),
    /** Started by a force operation: every change it records carries isForced. */
    forced: boolean().notNull().default(false),
    /** Identifies this operation; a job of an earlier operation on the same event finds another and does nothing. */
    runId: uuid().notNull(),
    requestedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [sameClient('live_operations_event_fk', t.clientId, t.eventId, events).onDelete('cascade')],
);
