/**
 * The encoder health's rows: samples, switched faults, and the streaming events the tick visits.
 * Every query of a client's rows filters by its client; the tick reads every client's streaming
 * events on the service's handle (events_streaming_idx).
 */
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { channels, encoderFaults, encoderHealthSamples, events } from '../../db/tables/index.ts';
import type { EncoderFault } from '#schema';

/** LIVE_UNPUBLISHED, LIVE_PUBLISHED, SUSPENDED: the encoder streams. */
export const STREAMING_STATES = [1, 2, 3] as const;

export type SampleRow = typeof encoderHealthSamples.$inferSelect;
export type SampleInsert = typeof encoderHealthSamples.$inferInsert;

export interface StreamingEvent {
  clientId: string;
  eventId: string;
  configurationJson: string | null;
  fault: EncoderFault | null;
}

/** Every client's streaming events, with their channel's configuration and switched fault. */
export async function streamingEvents(db: DbOrTx, limit = 1000): Promise<StreamingEvent[]> {
  return db
    .select({ clientId: events.clientId, eventId: events.id, configurationJson: channels.configurationJson, fault: encoderFaults.fault })
    .from(events)
    .leftJoin(channels, and(eq(channels.id, events.channelId), eq(channels.clientId, events.clientId)))
    .leftJoin(encoderFaults, and(eq(encoderFaults.eventId, events.id), eq(encoderFaults.clientId, events.clientId)))
    .where(and(inArray(events.state, [...STREAMING_STATES]), isNull(events.dateDeleted)))
    .limit(limit);
}

export async function insertSamples(db: DbOrTx, rows: SampleInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(encoderHealthSamples).values(rows);
}

/** Drops samples older than `before`, a bounded number per call. */
export async function pruneSamples(db: DbOrTx, before: Date, limit = 5000): Promise<void> {
  await db.execute(sql`delete from ${encoderHealthSamples} where ${encoderHealthSamples.seq} in (
    select ${encoderHealthSamples.seq} from ${encoderHealthSamples} where ${encoderHealthSamples.at} < ${before} limit ${limit})`);
}

export async function samplesSince(db: DbOrTx, clientId: string, eventId: string, since: Date): Promise<SampleRow[]> {
  return db
    .select()
    .from(encoderHealthSamples)
    .where(and(eq(encoderHealthSamples.clientId, clientId), eq(encoderHealthSamples.eventId, eventId), gte(encoderHealthSamples.at, since)))
    .orderBy(asc(encoderHealthSamples.at));
}

/** The last sample of each of these events. */
export async function latestSamples(db: DbOrTx, clientId: string, eventIds: string[]): Promise<Map<string, SampleRow>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([encoderHealthSamples.eventId])
    .from(encoderHealthSamples)
    .where(and(eq(encoderHealthSamples.clientId, clientId), inArray(encoderHealthSamples.eventId, eventIds)))
    .orderBy(encoderHealthSamples.eventId, desc(encoderHealthSamples.at));
  return new Map(rows.map((r) => [r.eventId, r]));
}

/** The switched faults of some of a client's events, by event id (one statement for the live list). */
export async function faultsOf(db: DbOrTx, clientId: string, eventIds: readonly string[]): Promise<Map<string, EncoderFault>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: encoderFaults.eventId, fault: encoderFaults.fault })
    .from(encoderFaults)
    .where(and(eq(encoderFaults.clientId, clientId), inArray(encoderFaults.eventId, [...eventIds])));
  return new Map(rows.map((r) => [r.eventId, r.fault]));
}

export async function faultOf(db: DbOrTx, clientId: string, eventId: string): Promise<{ fault: EncoderFault; since: Date } | undefined> {
  const [row] = await db
    .select({ fault: encoderFaults.fault, since: encoderFaults.since })
    .from(encoderFaults)
    .where(and(eq(encoderFaults.clientId, clientId), eq(encoderFaults.eventId, eventId)));
  return row;
}

export async function setFault(db: DbOrTx, clientId: string, eventId: string, fault: EncoderFault | null, now: Date): Promise<void> {
  if (fault === null) {
    await db.delete(encoderFaults).where(and(eq(encoderFaults.clientId, clientId), eq(encoderFaults.eventId, eventId)));
    return;
  }
  await db
    .insert(encoderFaults)
    .values({ clientId, eventId, fault, since: now })
    .onConflictDoUpdate({ target: [encoderFaults.clientId, encoderFaults.eventId], set: { fault, since: sql`case when ${encoderFaults.fault} = excluded.fault then ${encoderFaults.since} else excluded.since end` } });
}

/** The client's streaming events whose encoder has a fault (the alert centre), with their titles. */
export async function streamingFaults(db: DbOrTx, clientId: string): Promise<{ eventId: string; title: string; fault: EncoderFault; since: Date }[]> {
  return db
    .select({ eventId: encoderFaults.eventId, title: events.title, fault: encoderFaults.fault, since: encoderFaults.since })
    .from(encoderFaults)
    .innerJoin(events, and(eq(events.id, encoderFaults.eventId), eq(events.clientId, encoderFaults.clientId)))
    .where(and(eq(encoderFaults.clientId, clientId), inArray(events.state, [...STREAMING_STATES]), isNull(events.dateDeleted)));
}

/** The client's streaming events (the schedule's health), by id. */
export async function clientStreamingEvents(db: DbOrTx, clientId: string): Promise<{ id: string; state: number }[]> {
  return db
    .select({ id: events.id, state: events.state })
    .from(events)
    .where(and(eq(events.clientId, clientId), inArray(events.state, [...STREAMING_STATES]), isNull(events.dateDeleted)));
}

export async function eventState(db: DbOrTx, clientId: string, eventId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ state: events.state })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), isNull(events.dateDeleted)));
  return row?.state;
}

