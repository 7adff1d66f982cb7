import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { buildApp } from '../../app.ts';
import { events, jobs } from '../../db/tables/index.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { createKey, clientForKey } from '../../db/keys.ts';
import { ManualClock } from '../../jobs/clock.ts';
import { AUTO_END_JOB, AUTO_PUBLISH_JOB, AUTO_START_JOB, automationKey, scheduleAutomation } from './automation.ts';
import { eventRow, seedLiveFixture, type LiveFixture } from '#testing/live.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';

const S = EventState.values;
const MINUTE = 60_000;

let t: TestApp;
let fixture: LiveFixture;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
});
afterAll(() => t.close());

const db = () => t.database.db;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms);

async function pendingJobs(eventId: string) {
  const keys = ([AUTO_START_JOB, AUTO_PUBLISH_JOB, AUTO_END_JOB] as const).map((type) => automationKey(type, eventId));
  const rows = await db()
    .select()
    .from(jobs)
    .where(and(inArray(jobs.dedupeKey, keys), eq(jobs.status, 'pending')));
  return Object.fromEntries(rows.map((r) => [r.type, r.runAt.toISOString()]));
}

async function automatedEvent(values: EventValues) {
  const id = await insertEvent(t, { channelId: fixture.channelId, ...values });
  await scheduleAutomation(db(), t.clock, t.clientId, id);
  return id;
}

async function update(id: string, values: Partial<typeof events.$inferInsert>) {
  await db().update(events).set(values).where(eq(events.id, id));
  await scheduleAutomation(db(), t.clock, t.clientId, id);
}

describe('scheduleAutomation', () => {
  it('arms one job per flag at the scheduled times, keyed by event', async () => {
    const start = later(60 * MINUTE);
    const end = later(120 * MINUTE);
    const id = await automatedEvent({ autoStart: true, autoPublish: true, autoEnd: true, scheduledStart: start, scheduledEnd: end });
    expect(await pendingJobs(id)).toEqual({
      [AUTO_START_JOB]: start.toISOString(),
      [AUTO_PUBLISH_JOB]: start.toISOString(),
      [AUTO_END_JOB]: end.toISOString(),
    });
    // Scheduling again changes nothing: still one job per key.
    await scheduleAutomation(db(), t.clock, t.clientId, id);
    expect(Object.keys(await pendingJobs(id))).toHaveLength(3);
  });

  it('starts the encoder at the channel start when one is set (the offset), and ends at the channel end', async () => {
    const id = await automatedEvent({
      autoStart: true,
      autoEnd: true,
      scheduledStart: later(60 * MINUTE),
      scheduledChannelStart: later(50 * MINUTE),
      scheduledEnd: later(90 * MINUTE),
      scheduledChannelEnd: later(95 * MINUTE),
    });
    expect(await pendingJobs(id)).toEqual({ [AUTO_START_JOB]: later(50 * MINUTE).toISOString(), [AUTO_END_JOB]: later(95 * MINUTE).toISOString() });
  });

  it('moves the jobs when the schedule changes and cancels them when a flag is turned off', async () => {
    const id = await automatedEvent({ autoStart: true, autoEnd: true, scheduledStart: later(60 * MINUTE), scheduledEnd: later(120 * MINUTE) });
    await update(id, { scheduledStart: later(30 * MINUTE) });
    expect((await pendingJobs(id))[AUTO_START_JOB]).toBe(later(30 * MINUTE).toISOString());
    await update(id, { autoStart: false });
    expect(await pendingJobs(id)).toEqual({ [AUTO_END_JOB]: later(120 * MINUTE).toISOString() });
    await update(id, { scheduledEnd: null });
    expect(await pendingJobs(id)).toEqual({});
  });

  it('cancels everything when the event is deleted', async () => {
    const id = await automatedEvent({ autoStart: true, autoPublish: true, autoEnd: true, scheduledStart: later(MINUTE), scheduledEnd: later(2 * MINUTE) });
    await update(id, { dateDeleted: t.clock.now() });
    expect(await pendingJobs(id)).toEqual({});
  });

  it('never arms a job for a time already past (a write after the start does not start the event again)', async () => {
    const id = await automatedEvent({ autoStart: true, autoEnd: true, scheduledStart: later(-MINUTE), scheduledEnd: later(-1) });
    expect(await pendingJobs(id)).toEqual({});
    // A pending job moved into the past runs at once.
    const soon = await automatedEvent({ autoStart: true, scheduledStart: later(10 * MINUTE) });
    await update(soon, { scheduledStart: later(-MINUTE) });
    expect(await pendingJobs(soon)).toEqual({ [AUTO_START_JOB]: later(-MINUTE).toISOString() });
  });

  it('is armed by POST /event/ and cancelled by DELETE /event/{id}', async () => {
    const api = createTestClient(t);
    const start = later(60 * MINUTE);
    const created = await api.call(endpoints.event.upsert, {
      body: { Title: 'Automated', ChannelId: fixture.channelId, AutoStart: true, ScheduledStart: start.toISOString() },
    });
    expect(await pendingJobs(created.id)).toEqual({ [AUTO_START_JOB]: start.toISOString() });
    await api.call(endpoints.event.delete, { params: { id: created.id }, query: {} });
    expect(await pendingJobs(created.id)).toEqual({});
  });
});

describe('the automation jobs', () => {
  it('start at the scheduled time (straight to LIVE_PUBLISHED with auto publish), and end at the scheduled end', async () => {
    const id = await automatedEvent({ autoStart: true, autoPublish: true, autoEnd: true, scheduledStart: later(10 * MINUTE), scheduledEnd: later(40 * MINUTE) });
    t.clock.advance(10 * MINUTE - 1);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.PRE_LIVE);
    t.clock.advance(1);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_STARTING);
    t.clock.advance(4_000);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_PUBLISHED);
    expect(await pendingJobs(id)).toEqual({ [AUTO_END_JOB]: later(30 * MINUTE - 4_000).toISOString() });

    t.clock.advance(30 * MINUTE - 4_000);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_STOPPING);
    t.clock.advance(2_000);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.INSTANT_VOD);
    expect(await pendingJobs(id)).toEqual({});
  });

  it('start unpublished at the channel start, then publish at the scheduled start', async () => {
    const id = await automatedEvent({
      autoStart: true,
      autoPublish: true,
      scheduledChannelStart: later(5 * MINUTE),
      scheduledStart: later(10 * MINUTE),
    });
    t.clock.advance(5 * MINUTE);
    await t.runJobs();
    t.clock.advance(4_000);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_UNPUBLISHED);
    t.clock.advance(5 * MINUTE - 4_000);
    await t.runJobs();
    const row = await eventRow(db(), id);
    expect(row.state).toBe(S.LIVE_PUBLISHED);
    expect(row.publishedStart).toEqual(t.clock.now());
  });

  it('do nothing when the event moved on before they ran', async () => {
    const id = await automatedEvent({ autoEnd: true, scheduledEnd: later(MINUTE), state: S.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
    // Stopped by hand without the automation being told: the job finds nothing to end.
    await db().update(events).set({ state: S.INSTANT_VOD }).where(eq(events.id, id));
    t.clock.advance(MINUTE);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.INSTANT_VOD);
  });

  it('skip an event that cannot start (no channel) instead of retrying', async () => {
    const id = await automatedEvent({ channelId: null, autoStart: true, scheduledStart: later(MINUTE) });
    t.clock.advance(MINUTE);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.PRE_LIVE);
    const [job] = await db().select().from(jobs).where(eq(jobs.dedupeKey, automationKey(AUTO_START_JOB, id)));
    expect(job?.status).toBe('done');
  });
});

describe('after a restart', () => {
  it('a new service on the same database runs the automation and finishes a start under way', async () => {
    const database = await openTestDatabase();
    try {
      const clock = new ManualClock('2026-03-01T09:00:00Z');
      const first = await buildApp({ database, clock });
      await first.ready();
      const { key } = await createKey(database.db, `restart-${Date.now()}`, 'test');
      const client = (await clientForKey(database.db, key))!;
      const f = await seedLiveFixture(database.db, client.clientId, clock.now());
      const at = (ms: number) => new Date(clock.now().getTime() + ms);
      const automated = await insertEvent({ database, clock, clientId: client.clientId }, {
        channelId: f.channelId,
        autoStart: true,
        scheduledStart: at(10 * MINUTE),
      });
      await scheduleAutomation(database.db, clock, client.clientId, automated);
      const manual = await insertEvent({ database, clock, clientId: client.clientId }, { channelId: f.channelId });
      const response = await first.inject({
        method: 'PUT',
        url: `/api/event/state/${manual}`,
        headers: { 'API-KEY': key },
        payload: { state: 'LIVE_PUBLISHED', waitUntilCompleted: false },
      });
      expect(response.json().stateString).toBe('LIVE_STARTING');
      await first.jobs.runDue();
      await first.close();

      // A new process: a new simulated encoder, the same rows (its runs among them).
      clock.advance(10 * MINUTE);
      const second = await buildApp({ database, clock });
      await second.ready();
      try {
        await second.jobs.runDue();
        clock.advance(4_000);
        await second.jobs.runDue();
        expect((await eventRow(database.db, automated)).state).toBe(S.LIVE_UNPUBLISHED);
        expect((await eventRow(database.db, manual)).state).toBe(S.LIVE_PUBLISHED);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});
