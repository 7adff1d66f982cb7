/**
 * What the operators' tools keep beyond the interface:
 *
 * - `encoder_health_samples`: what the (simulated) encoder of a streaming event reports every few
 *   seconds (areas/encoder-health): ingest, frame rate, dropped frames, its publishing points.
 *   Kept two hours (the tick prunes by `at`).
 * - `encoder_faults`: the fault the simulated encoder of an event is switched into, since when
 *   (sim/encoder-health.ts reads it; tests and demos switch it). One per event.
 * - `alert_acknowledgements`: the alerts of the alert centre an operator has seen (areas/alert),
 *   by alert id; an alert happening again after it is open again.
 */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { events } from './events.ts';
import { sameClient } from './tenancy.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

export interface StoredPointHealth {
  name: string;
  url: string;
  healthy: boolean;
  kbps: number;
}

export const ENCODER_FAULTS = ['bitrateDrop', 'frameDrops', 'pointDown', 'ingestLost'] as const;

export const encoderHealthSamples = pgTable(
  'encoder_health_samples',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    clientId: clientId(),
    eventId: uuid().notNull(),
    at: stamp().notNull(),
    ingestKbps: integer().notNull(),
    frameRate: real().notNull(),
    droppedFrames: integer().notNull(),
    points: jsonb().$type<StoredPointHealth[]>().notNull(),
    fault: text({ enum: ENCODER_FAULTS }),
  },
  (t) => [
    sameClient('encoder_health_samples_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    index('encoder_health_samples_event_idx').on(t.clientId, t.eventId, t.at),
    index('encoder_health_samples_at_idx').on(t.at),
  ],
);

export const encoderFaults = pgTable(
  'encoder_faults',
  {
    clientId: clientId(),
    eventId: uuid().notNull(),
    fault: text({ enum: ENCODER_FAULTS }).notNull(),
    since: stamp().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.eventId] }), sameClient('encoder_faults_event_fk', t.clientId, t.eventId, events).onDelete('cascade')],
);

export const alertAcknowledgements = pgTable(
  'alert_acknowledgements',
  {
    clientId: clientId(),
    /** `<kind>:<subject id>`, as GET /alerts answers it. */
    alertId: text().notNull(),
    acknowledgedAt: stamp().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.alertId] })],
);
