/**
 * Live operations in flight (src/server/areas/live): at most one per event, while the encoder of
 * its channel starts, stops or restarts. The row is the event's concurrency lock for the encoder
 * (service-interface.md: force stop "removes existing locks") and says what the event becomes
 * when the encoder is done, so the job that finishes it (or the request that waits for it) can
 * pick it up after a restart.
 */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The simulated encoder's runs (sim/encoder.ts): what it was asked for each event and when, from
 * which it derives, at any time, where the event stands on the encoder. In the database, so that a
 * restarted process and a second one sharing it see the same encoders (a running event goes on
 * running). The outside world's memory rather than the service's: no key into the events, and a
 * stopped run is forgotten after a while.
 */
export const encoderRuns = pgTable(
  'encoder_runs',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    /** The publishing points of the channel's encoders, in encoder order (primary, then secondary). */
    publishingPoints: text().array().notNull(),
    startRequestedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    readyAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    stopRequestedAt: timestamp({ withTimezone: true, mode: 'date' }),
    stoppedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Why the start fails (reported once it would have been ready). */
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.eventId] }), index('encoder_runs_stopped_idx').on(t.stoppedAt)],
);
