/**
 * Live automation from an event's flags and schedule (auto start, publish, end), as durable jobs.
 * Every write path that changes an event's schedule, automation flags or state, and every delete
 * or restore, calls this afterwards, in the same transaction; it brings the three jobs of the
 * event up to date. Jobs are rows, so they survive a restart; the handlers (areas/live/jobs.ts)
 * check the event again when they run, so a job that is no longer wanted does nothing. Here, in
 * the event area, because every write of an event arms them; the live area, which starts and
 * stops events, runs them.
 *
 * When (public-facts.md §2 and §7; the event has no offset fields, so our choices):
 * - auto start at scheduledChannelStart when set (the "offset" that starts the encoder earlier),
 *   else at scheduledStart; it asks for LIVE_UNPUBLISHED (or LIVE_PUBLISHED when auto publish is
 *   on and the scheduled start has come).
 * - auto publish at scheduledStart: LIVE_UNPUBLISHED (or an event still starting) becomes
 *   LIVE_PUBLISHED; with auto start on, a PRE_LIVE event starts straight to LIVE_PUBLISHED.
 * - auto end at scheduledChannelEnd when set, else at scheduledEnd: a starting, live or suspended
 *   event is stopped (STOPPED -> INSTANT_VOD).
 * - A job is armed only for a time still to come. A time already past moves a job that is still
 *   pending (it runs at once) but never arms a new one: otherwise every write to an event after
 *   its start time (a title fix, a state change, a failed start) would fire the automation again.
 * - Cancelled when the flag is off, the time is removed, the event is deleted, or its state no
 *   longer needs it (auto start only from PRE_LIVE; auto publish and end only before or while live).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { events, jobs } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import { cancelByKey } from '../../jobs/queue.ts';
import { EventState } from '#schema';

const S = EventState.values;

// The kinds keep the names they were queued under (`live.*`: the live area runs them), so jobs
// pending in a database from before keep their handlers.
export const AUTO_START_JOB = 'live.autoStart';
export const AUTO_PUBLISH_JOB = 'live.autoPublish';
export const AUTO_END_JOB = 'live.autoEnd';

export type AutomationJob = typeof AUTO_START_JOB | typeof AUTO_PUBLISH_JOB | typeof AUTO_END_JOB;

export function automationKey(type: AutomationJob, eventId: string): string {
  return `${type}:${eventId}`;
}

const AutomationPayloadSchema = z.object({ clientId: z.guid(), eventId: z.guid() });
export type AutomationPayload = z.output<typeof AutomationPayloadSchema>;
/** The three automation kinds, by name (the live area's jobs.ts gives them their handlers). */
export const automationKinds = {
  [AUTO_START_JOB]: jobKind(AUTO_START_JOB, AutomationPayloadSchema),
  [AUTO_PUBLISH_JOB]: jobKind(AUTO_PUBLISH_JOB, AutomationPayloadSchema),
  [AUTO_END_JOB]: jobKind(AUTO_END_JOB, AutomationPayloadSchema),
} as const;

const PUBLISH_FROM: readonly number[] = [S.PRE_LIVE, S.LIVE_STARTING, S.LIVE_UNPUBLISHED];
const END_FROM: readonly number[] = [S.PRE_LIVE, S.LIVE_STARTING, S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED];

async function arm(db: DbOrTx, clock: Clock, type: AutomationJob, clientId: string, eventId: string, at: Date): Promise<void> {
  const dedupeKey = automationKey(type, eventId);
  const payload: AutomationPayload = { clientId, eventId };
  if (at.getTime() >= clock.now().getTime()) {
    await automationKinds[type].enqueue(db, clock, payload, { clientId, runAt: at, dedupeKey });
    return;
  }
  // In the past: only a job still pending moves (and so runs at once).
  await db
    .update(jobs)
    .set({ runAt: at, payload })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'pending')));
}

/** What the automation reads of an event. */
export interface AutomationFields {
  state: number;
  dateDeleted: Date | null;
  autoStart: boolean;
  autoPublish: boolean;
  autoEnd: boolean;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  scheduledChannelStart: Date | null;
  scheduledChannelEnd: Date | null;
}

/**
 * Brings the event's three automation jobs up to date. `known`: the event's row as the caller's
 * transaction has just written it (spares reading it again); read when omitted. The jobs to
 * cancel go in one statement.
 */
export async function scheduleAutomation(db: DbOrTx, clock: Clock, clientId: string, eventId: string, known?: AutomationFields): Promise<void> {
  const [row] = known ? [known] : await db
    .select({
      state: events.state,
      dateDeleted: events.dateDeleted,
      autoStart: events.autoStart,
      autoPublish: events.autoPublish,
      autoEnd: events.autoEnd,
      scheduledStart: events.scheduledStart,
      scheduledEnd: events.scheduledEnd,
      scheduledChannelStart: events.scheduledChannelStart,
      scheduledChannelEnd: events.scheduledChannelEnd,
    })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId)));
  const event = row && !row.dateDeleted ? row : undefined;
  const startAt = event ? (event.scheduledChannelStart ?? event.scheduledStart) : null;
  const endAt = event ? (event.scheduledChannelEnd ?? event.scheduledEnd) : null;

  const startWanted = event?.autoStart && event.state === S.PRE_LIVE;
  const publishWanted = event?.autoPublish && PUBLISH_FROM.includes(event.state);
  const endWanted = event?.autoEnd && END_FROM.includes(event.state);
  const wanted: [AutomationJob, Date | null][] = [
    [AUTO_START_JOB, startWanted ? startAt : null],
    [AUTO_PUBLISH_JOB, publishWanted ? event.scheduledStart : null],
    [AUTO_END_JOB, endWanted ? endAt : null],
  ];
  const cancelled = wanted.filter(([, at]) => !at).map(([type]) => automationKey(type, eventId));
  if (cancelled.length > 0) await cancelByKey(db, cancelled);
  for (const [type, at] of wanted) if (at) await arm(db, clock, type, clientId, eventId, at);
}
