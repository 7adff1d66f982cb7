/**
 * The recorded stream of an event, as the simulated publishing point keeps it: from
 * actualLiveStart to actualLiveEnd with the times it was SUSPENDED taken out (a suspended event
 * publishes nothing and resumes where it stopped, public-facts.md §2). The suspensions are read
 * from the event's change log (event_changes), which records every state change with its time.
 *
 * Used by the stream routes (areas/live/streams.ts) and by compositions, whose items trim a
 * source event's recording (areas/compose).
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { eventChanges } from '../../db/tables/index.ts';
import type { EventRow } from '../event/index.ts';
import { S } from './state-machine.ts';

type RecordingRow = Pick<EventRow, 'id' | 'state' | 'actualLiveStart' | 'actualLiveEnd' | 'dateModified' | 'dateDeleted'> & SpanRow;

function testProgrammeRecording(row: SpanRow): Recording {
  const { liveStart, liveEnd } = testProgrammeSpan(row);
  return { testProgramme: true, liveStart, liveEnd, pauses: [], durationMs: liveEnd.getTime() - liveStart.getTime() };
}

export interface Pause {
  from: Date;
  /** Null while the event is still suspended. */
  to: Date | null;
}

/** States in which an event has a finished recording (the instant VOD, or a VOD from a live run). */
export const RECORDED_STATES: readonly number[] = [S.STOPPED, S.INSTANT_VOD, S.INSTANT_VOD_BACKUP, S.VOD_PUBLIC, S.VOD_PRIVATE];

/**
 * The media of an event that holds playable content nothing recorded (created or moved into one
 * of RECORDED_STATES through the API: `POST /event/` with EventState VOD_PUBLIC, `PUT
 * /event/state`, `POST /event/xflow/add/`): the test programme, for a duration derived from the
 * event. README "Media of events":
 * - the scheduled span (scheduledEnd - scheduledStart) when both are set and the end is after the
 *   start, at least TEST_PROGRAMME_MIN_MS and at most TEST_PROGRAMME_MAX_MS;
 * - TEST_PROGRAMME_DEFAULT_MS otherwise.
 * It "ran" until the event was created (dateCreated), so its times are in the past and stable.
 */
export const TEST_PROGRAMME_DEFAULT_MS = 10 * 60_000;
export const TEST_PROGRAMME_MIN_MS = 10_000;
export const TEST_PROGRAMME_MAX_MS = 60 * 60_000;

type SpanRow = Pick<EventRow, 'scheduledStart' | 'scheduledEnd' | 'dateCreated'>;

export function testProgrammeDurationMs(row: Pick<EventRow, 'scheduledStart' | 'scheduledEnd'>): number {
  const { scheduledStart: start, scheduledEnd: end } = row;
  if (!start || !end || end.getTime() <= start.getTime()) return TEST_PROGRAMME_DEFAULT_MS;
  return Math.min(TEST_PROGRAMME_MAX_MS, Math.max(TEST_PROGRAMME_MIN_MS, end.getTime() - start.getTime()));
}

/** The times of the test programme of an event nothing recorded: it ends when the event was created. */
export function testProgrammeSpan(row: SpanRow): { liveStart: Date; liveEnd: Date } {
  const liveEnd = row.dateCreated;
  return { liveStart: new Date(liveEnd.getTime() - testProgrammeDurationMs(row)), liveEnd };
}

/** True when the event plays the test programme because nothing recorded it (see testProgrammeSpan). */
export function playsTestProgramme(row: Pick<EventRow, 'state' | 'actualLiveStart' | 'dateDeleted'>): boolean {
  return !row.dateDeleted && !row.actualLiveStart && RECORDED_STATES.includes(row.state) && row.state !== S.STOPPED;
}

/** The SUSPENDED periods of the run that began at `since`, from the event's recorded state changes. */
export async function pausesOf(db: DbOrTx, eventId: string, since: Date, current: { state: number; dateModified: Date }): Promise<Pause[]> {
  const changes = await db
    .select({ state: eventChanges.state, at: eventChanges.createdAt })
    .from(eventChanges)
    .where(and(eq(eventChanges.eventId, eventId), eq(eventChanges.stateChanged, true), gte(eventChanges.createdAt, since)))
    .orderBy(asc(eventChanges.seq));
  return pausesFrom(changes, current);
}

function pausesFrom(changes: readonly { state: number; at: Date }[], current: { state: number; dateModified: Date }): Pause[] {
  const pauses: Pause[] = [];
  let open: Date | null = null;
  for (const change of changes) {
    if (change.state === S.SUSPENDED) open ??= change.at;
    else if (open) {
      pauses.push({ from: open, to: change.at });
      open = null;
    }
  }
  // Suspended now without a recorded change (written by another path): since it was last changed.
  if (current.state === S.SUSPENDED && !open) open = current.dateModified;
  if (open && current.state === S.SUSPENDED) pauses.push({ from: open, to: null });
  else if (open) pauses.push({ from: open, to: current.dateModified });
  return pauses;
}

/** Milliseconds of `pauses` between from and to. */
export function pausedBetween(pauses: readonly Pause[], from: Date, to: Date): number {
  let total = 0;
  for (const pause of pauses) {
    const a = Math.max(from.getTime(), pause.from.getTime());
    const b = Math.min(to.getTime(), pause.to ? pause.to.getTime() : Number.POSITIVE_INFINITY);
    if (b > a) total += b - a;
  }
  return total;
}

export interface Recording {
  /** The test programme of an event nothing recorded (testProgrammeSpan), not a live run. */
  testProgramme?: boolean;
  liveStart: Date;
  liveEnd: Date;
  pauses: Pause[];
  /** Stream time recorded: liveEnd - liveStart without the pauses. */
  durationMs: number;
}

/** The event's finished recording, or null when it has none (not ended, never streamed, deleted). */
export async function recordingOf(
  db: DbOrTx,
  row: RecordingRow,
): Promise<Recording | null> {
  if (playsTestProgramme(row)) return testProgrammeRecording(row);
  if (row.dateDeleted || !row.actualLiveStart || !RECORDED_STATES.includes(row.state)) return null;
  const liveStart = row.actualLiveStart;
  // An ended event without an end stamp (written by another path) ends when it was last changed.
  const end = row.actualLiveEnd ?? row.dateModified;
  const liveEnd = end > liveStart ? end : new Date(liveStart.getTime() + 1);
  const pauses = await pausesOf(db, row.id, liveStart, row);
  return { liveStart, liveEnd, pauses, durationMs: Math.max(0, liveEnd.getTime() - liveStart.getTime() - pausedBetween(pauses, liveStart, liveEnd)) };
}

/** The stream offset (ms of recording) of a moment of the run. */
export function offsetInRecording(recording: Pick<Recording, 'liveStart' | 'pauses'>, at: Date): number {
  return Math.max(0, at.getTime() - recording.liveStart.getTime() - pausedBetween(recording.pauses, recording.liveStart, at));
}

/** The moment of the run at a stream offset (the inverse of offsetInRecording, pauses skipped over). */
export function momentInRecording(recording: Pick<Recording, 'liveStart' | 'pauses'>, offsetMs: number): Date {
  let t = recording.liveStart.getTime() + offsetMs;
  for (const pause of [...recording.pauses].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    if (pause.to && pause.from.getTime() <= t) t += pause.to.getTime() - Math.max(pause.from.getTime(), recording.liveStart.getTime());
  }
  return new Date(t);
}


/** The recordings of many events (null for those without one), with one query for all their pauses. */
export async function recordingsOf(db: DbOrTx, rows: readonly RecordingRow[]): Promise<Map<string, Recording | null>> {
  const out = new Map<string, Recording | null>();
  const recorded = rows.filter((row) => !row.dateDeleted && row.actualLiveStart && RECORDED_STATES.includes(row.state));
  for (const row of rows) out.set(row.id, playsTestProgramme(row) ? testProgrammeRecording(row) : null);
  if (recorded.length === 0) return out;
  const since = new Date(Math.min(...recorded.map((r) => r.actualLiveStart!.getTime())));
  const byEvent = new Map<string, { state: number; at: Date }[]>();
  const ids = recorded.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 1000) {
    const changes = await db
      .select({ eventId: eventChanges.eventId, state: eventChanges.state, at: eventChanges.createdAt })
      .from(eventChanges)
      .where(and(inArray(eventChanges.eventId, ids.slice(i, i + 1000)), eq(eventChanges.stateChanged, true), gte(eventChanges.createdAt, since)))
      .orderBy(asc(eventChanges.seq));
    for (const change of changes) {
      const list = byEvent.get(change.eventId) ?? [];
      list.push(change);
      byEvent.set(change.eventId, list);
    }
  }
  for (const row of recorded) {
    const liveStart = row.actualLiveStart!;
    const end = row.actualLiveEnd ?? row.dateModified;
    const liveEnd = end > liveStart ? end : new Date(liveStart.getTime() + 1);
    const pauses = pausesFrom((byEvent.get(row.id) ?? []).filter((c) => c.at >= liveStart), row);
    out.set(row.id, { liveStart, liveEnd, pauses, durationMs: Math.max(0, liveEnd.getTime() - liveStart.getTime() - pausedBetween(pauses, liveStart, liveEnd)) });
  }
  return out;
}
