import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, EventState, type EventStateName } from '#schema';
import { ApiError } from '#client';
import { allowedTargets, STOPPED_STATES, transitionKind } from '#schema/models/event-states.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { events, jobs, liveOperations } from '../../db/tables/index.ts';
import { SimulatedEncoder } from '../../sim/encoder.ts';
import { changesOf } from '#testing/changes.ts';
import { eventRow, seedLiveFixture, whileTimePasses, type LiveFixture } from '#testing/live.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';

const S = EventState.values;

let t: TestApp;
let fixture: LiveFixture;
let encoder: SimulatedEncoder;
/** Events whose start fails on the encoder. */
const failing = new Set<string>();

beforeAll(async () => {
  // The encoder runs on the test app's clock, which exists once the app does.
  const clock = { now: () => t.clock.now() };
  encoder = new SimulatedEncoder({ clock, startFault: (eventId) => (failing.has(eventId) ? 'no signal on input 1' : null) });
  t = await createTestApp({
    services: {
      encoder,
      live: { waitPollMs: 5, waitTimeoutMs: 10_000 },
    },
  });
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
});
afterAll(() => t.close());

const db = () => t.database.db;
const newEvent = (values: EventValues = {}) =>
  insertEvent(t, { channelId: fixture.channelId, ...values });

function put(id: string, state: number | string, waitUntilCompleted?: boolean, key = t.key) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/event/state/${id}`,
    headers: { 'API-KEY': key },
    payload: waitUntilCompleted === undefined ? { state } : { state, waitUntilCompleted },
  });
}

/** Runs the jobs due, moves the clock, and runs them again, until the encoder is done. */
async function settle(ms = 5_000) {
  await t.runJobs();
  t.clock.advance(ms);
  await t.runJobs();
}

describe('PUT /event/state/{id}: the state machine', () => {
  it('refuses every transition the table does not allow, naming the allowed ones', async () => {
    const id = await newEvent();
    for (const from of EventState.names) {
      await db().update(events).set({ state: S[from] }).where(eq(events.id, id));
      for (const to of EventState.names) {
        const noop = to === from || (to === 'STOPPED' && STOPPED_STATES.includes(from));
        if (noop || allowedTargets(from).includes(to)) continue;
        const response = await put(id, to, false);
        expect(response.statusCode, `${from} -> ${to}`).toBe(400);
        const body = response.json();
        expect(body.errorType).toBe('Validation');
        expect(body.exceptionMessage).toContain(`from ${from} to ${to}`);
        const allowed = allowedTargets(from);
        expect(body.exceptionMessage).toContain(allowed.length ? `allowed from ${from}: ${allowed.join(', ')}` : `no state can be requested from ${from}`);
        expect(body.data.fields[0].field).toBe('body.state');
        expect(body.data.allowedStates).toEqual(allowed);
      }
    }
    expect(await changesOf(db(), id)).toEqual([]);
  });

  it('carries out every allowed transition, recording the change', async () => {
    for (const from of EventState.names) {
      for (const to of allowedTargets(from)) {
        const id = await newEvent({ state: S[from], actualLiveStart: from === 'PRE_LIVE' || from === 'LIVE_STARTING' ? null : t.clock.now() });
        const response = await put(id, to, false);
        expect(response.statusCode, `${from} -> ${to}: ${response.body}`).toBe(200);
        const kind = transitionKind(from, to);
        const expected: EventStateName = kind === 'start' ? 'LIVE_STARTING' : kind === 'stop' ? 'LIVE_STOPPING' : to;
        // Retargeting a start that is under way is no state change.
        const changed = !(from === 'LIVE_STARTING' && kind === 'start');
        expect(response.json().stateString, `${from} -> ${to}`).toBe(expected);
        const changes = await changesOf(db(), id);
        expect(changes.length, `${from} -> ${to}`).toBe(changed ? 1 : 0);
        if (changed) expect(changes[0]).toMatchObject({ stateChanged: true, isForced: false, state: S[expected], action: 'Updated' });
      }
    }
  });

  it('takes the state as a number or a name, in any case', async () => {
    const byNumber = await newEvent({ state: S.LIVE_UNPUBLISHED, actualLiveStart: t.clock.now() });
    expect((await put(byNumber, S.LIVE_PUBLISHED)).json().stateString).toBe('LIVE_PUBLISHED');
    const byName = await newEvent({ state: S.LIVE_UNPUBLISHED, actualLiveStart: t.clock.now() });
    expect((await put(byName, 'live_published')).json().state).toBe(S.LIVE_PUBLISHED);
    const unknown = await put(byName, 'ON_AIR');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields[0].field).toBe('body.state');
  });

  it('treats the state the event is in (or STOPPED for a stopped event) as done, changing nothing', async () => {
    const live = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
    expect((await put(live, 'LIVE_PUBLISHED')).json().stateString).toBe('LIVE_PUBLISHED');
    const vod = await newEvent({ state: S.INSTANT_VOD, actualLiveStart: t.clock.now() });
    expect((await put(vod, 'STOPPED')).json().stateString).toBe('INSTANT_VOD');
    expect(await changesOf(db(), live)).toEqual([]);
    expect(await changesOf(db(), vod)).toEqual([]);
  });

  it('answers 404 for an unknown event and for another client’s event', async () => {
    const id = await newEvent();
    const stranger = await t.createTenant();
    expect((await put(id, 'LIVE_PUBLISHED', false, stranger.key)).statusCode).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', 'LIVE_PUBLISHED', false)).statusCode).toBe(404);
    expect((await eventRow(db(), id)).state).toBe(S.PRE_LIVE);
  });

  it('refuses to start an event without a channel', async () => {
    const id = await newEvent({ channelId: null });
    const response = await put(id, 'LIVE_UNPUBLISHED', false);
    expect(response.statusCode).toBe(400);
    expect(response.json().exceptionMessage).toContain('it has no channel');
    expect((await eventRow(db(), id)).state).toBe(S.PRE_LIVE);
  });

  it('lets only one of two simultaneous changes of an event pass', async () => {
    const id = await newEvent({ state: S.INSTANT_VOD, actualLiveStart: t.clock.now(), actualLiveEnd: t.clock.now() });
    const [a, b] = await Promise.all([put(id, 'INSTANT_VOD_BACKUP'), put(id, 'INSTANT_VOD_DELETE')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await changesOf(db(), id)).toHaveLength(1);
  });
});

describe('starting and stopping with the encoder', () => {
  beforeEach(() => failing.clear());

  it('without waiting: answers LIVE_STARTING, and the job finishes once the encoder runs', async () => {
    const id = await newEvent();
    const requestedAt = t.clock.now();
    const response = await put(id, 'LIVE_PUBLISHED', false);
    expect(response.json().stateString).toBe('LIVE_STARTING');
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_STARTING);
    t.clock.advance(3_999);
    await t.runJobs();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_STARTING);
    t.clock.advance(1);
    await t.runJobs();
    const live = await eventRow(db(), id);
    expect(live.state).toBe(S.LIVE_PUBLISHED);
    const readyAt = new Date(requestedAt.getTime() + 4_000);
    expect(live.actualLiveStart).toEqual(readyAt);
    expect(live.publishedStart).toEqual(readyAt);
    expect(live.actualLiveEnd).toBeNull();
    expect(await db().select().from(liveOperations).where(eq(liveOperations.eventId, id))).toEqual([]);
    expect((await changesOf(db(), id)).map((c) => c.state)).toEqual([S.LIVE_STARTING, S.LIVE_PUBLISHED]);

    const stop = await put(id, 'STOPPED', false);
    expect(stop.json().stateString).toBe('LIVE_STOPPING');
    await t.runJobs();
    t.clock.advance(2_000);
    await t.runJobs();
    const stopped = await eventRow(db(), id);
    expect(stopped.state).toBe(S.INSTANT_VOD);
    const endedAt = t.clock.now();
    expect(stopped.actualLiveEnd).toEqual(endedAt);
    expect(stopped.publishedEnd).toEqual(endedAt);
    expect(stopped.instantVodStart).toEqual(readyAt);
    expect(stopped.instantVodEnd).toEqual(endedAt);
  });

  it('waiting (the default): answers once the encoder reached the state', async () => {
    const id = await newEvent();
    const started = await whileTimePasses(t.clock, put(id, 'LIVE_UNPUBLISHED'));
    expect(started.statusCode).toBe(200);
    expect(started.json().stateString).toBe('LIVE_UNPUBLISHED');
    expect(started.json().actualLiveStart).not.toBeNull();
    const published = await put(id, 'LIVE_PUBLISHED');
    expect(published.json()).toMatchObject({ stateString: 'LIVE_PUBLISHED', publishedStart: t.clock.now().toISOString() });
    const suspended = await put(id, 'SUSPENDED');
    expect(suspended.json()).toMatchObject({ stateString: 'SUSPENDED', publishedEnd: t.clock.now().toISOString() });
    const resumed = await put(id, 'LIVE_PUBLISHED');
    expect(resumed.json()).toMatchObject({ stateString: 'LIVE_PUBLISHED', publishedStart: published.json().publishedStart, publishedEnd: null });
    const stopped = await whileTimePasses(t.clock, put(id, 'STOPPED'));
    expect(stopped.json()).toMatchObject({ stateString: 'INSTANT_VOD', actualLiveEnd: expect.any(String), instantVodEnd: expect.any(String) });
    // The job scheduled for the operation finds it done and does nothing.
    await settle();
    expect((await eventRow(db(), id)).state).toBe(S.INSTANT_VOD);
  });

  it('through the typed client, waiting for the encoder', async () => {
    const id = await newEvent();
    const api = createTestClient(t);
    const event = await whileTimePasses(t.clock, api.call(endpoints.event.setState, { params: { id }, body: { state: 'LIVE_PUBLISHED' } }));
    expect(event.stateString).toBe('LIVE_PUBLISHED');
  });

  it('answers with LIVE_STARTING when the wait times out, and the job finishes', async () => {
    let impatient: TestApp | undefined = undefined;
    const clock = { now: () => impatient!.clock.now() };
    impatient = await createTestApp({ services: { encoder: new SimulatedEncoder({ clock }), live: { waitTimeoutMs: 30, waitPollMs: 5 } } });
    try {
      const f = await seedLiveFixture(impatient.database.db, impatient.clientId, impatient.clock.now());
      const other = await insertEvent(impatient, { channelId: f.channelId });
      const response = await impatient.app.inject({ method: 'PUT', url: `/api/event/state/${other}`, headers: impatient.headers(), payload: { state: 'LIVE_UNPUBLISHED' } });
      expect(response.json().stateString).toBe('LIVE_STARTING');
      await impatient.runJobs();
      impatient.clock.advance(4_000);
      await impatient.runJobs();
      expect((await eventRow(impatient.database.db, other)).state).toBe(S.LIVE_UNPUBLISHED);
    } finally {
      await impatient.close();
    }
  });

  it('answers 502 when the encoder cannot start, and the event is PRE_LIVE again', async () => {
    const id = await newEvent();
    failing.add(id);
    const response = await whileTimePasses(t.clock, put(id, 'LIVE_PUBLISHED'));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorType: 'EncoderFailed', exceptionMessage: expect.stringContaining('no signal on input 1') });
    expect((await eventRow(db(), id)).state).toBe(S.PRE_LIVE);
    expect((await changesOf(db(), id)).map((c) => c.state)).toEqual([S.LIVE_STARTING, S.PRE_LIVE]);

    const background = await newEvent();
    failing.add(background);
    await put(background, 'LIVE_UNPUBLISHED', false);
    await settle();
    expect((await eventRow(db(), background)).state).toBe(S.PRE_LIVE);
  });

  it('changes the target while starting, and STOPPED cancels a start (back to PRE_LIVE: nothing streamed)', async () => {
    const id = await newEvent();
    await put(id, 'LIVE_UNPUBLISHED', false);
    const retarget = await put(id, 'LIVE_PUBLISHED', false);
    expect(retarget.json().stateString).toBe('LIVE_STARTING');
    await settle();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_PUBLISHED);

    const cancelled = await newEvent();
    await put(cancelled, 'LIVE_UNPUBLISHED', false);
    await t.runJobs();
    expect((await put(cancelled, 'STOPPED', false)).json().stateString).toBe('LIVE_STOPPING');
    await settle();
    const row = await eventRow(db(), cancelled);
    expect(row.state).toBe(S.PRE_LIVE);
    expect(row.actualLiveStart).toBeNull();
  });

  it('resumes a start left in LIVE_STARTING without an operation (e.g. written by another path)', async () => {
    const id = await newEvent({ state: S.LIVE_STARTING });
    expect((await put(id, 'LIVE_UNPUBLISHED', false)).json().stateString).toBe('LIVE_STARTING');
    await settle();
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_UNPUBLISHED);
  });

  it('INSTANT_VOD -> PRE_LIVE removes the publishing point and the last run’s stamps', async () => {
    const id = await newEvent();
    await whileTimePasses(t.clock, put(id, 'LIVE_PUBLISHED'));
    await whileTimePasses(t.clock, put(id, 'STOPPED'));
    const again = await put(id, 'PRE_LIVE');
    expect(again.json()).toMatchObject({
      stateString: 'PRE_LIVE',
      actualLiveStart: null,
      actualLiveEnd: null,
      publishedStart: null,
      publishedEnd: null,
      instantVodStart: null,
      instantVodEnd: null,
    });
    expect((await t.app.inject({ url: `/api/stream/${id}/index.m3u8` })).statusCode).toBe(404);
  });
});

describe('PUT /event/forcestop/{id}', () => {
  const forceStop = (id: string, key = t.key) => t.app.inject({ method: 'PUT', url: `/api/event/forcestop/${id}`, headers: { 'API-KEY': key } });

  it('stops a live event at once: INSTANT_VOD, forced, and the lock removed', async () => {
    const id = await newEvent();
    await whileTimePasses(t.clock, put(id, 'LIVE_PUBLISHED'));
    // A stop under way holds the lock; the force stop takes it away.
    await put(id, 'STOPPED', false);
    const response = await forceStop(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stateString: 'INSTANT_VOD', actualLiveEnd: t.clock.now().toISOString() });
    expect(await db().select().from(liveOperations).where(eq(liveOperations.eventId, id))).toEqual([]);
    expect((await changesOf(db(), id)).at(-1)).toMatchObject({ state: S.INSTANT_VOD, stateChanged: true, isForced: true });
    // The job of the removed operation finds nothing to do.
    await settle();
    expect((await eventRow(db(), id)).state).toBe(S.INSTANT_VOD);
    expect((await encoder.status(db(), { clientId: t.clientId, eventId: id })).state).toBe('stopped');
  });

  it('sends an event that never streamed back to PRE_LIVE', async () => {
    const id = await newEvent();
    await put(id, 'LIVE_UNPUBLISHED', false);
    expect((await forceStop(id)).json().stateString).toBe('PRE_LIVE');
    await settle();
    expect((await eventRow(db(), id)).state).toBe(S.PRE_LIVE);
  });

  it('checks nothing: an event in another state keeps it, with no change recorded', async () => {
    const id = await newEvent({ state: S.VOD_PUBLIC });
    const response = await forceStop(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().stateString).toBe('VOD_PUBLIC');
    expect(await changesOf(db(), id)).toEqual([]);
  });

  it('answers 404 for another client’s event', async () => {
    const id = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
    const stranger = await t.createTenant();
    expect((await forceStop(id, stranger.key)).statusCode).toBe(404);
    expect((await eventRow(db(), id)).state).toBe(S.LIVE_PUBLISHED);
  });
});

describe('PUT /event/forcerestart/{id}', () => {
  const forceRestart = (id: string, key = t.key) => t.app.inject({ method: 'PUT', url: `/api/event/forcerestart/${id}`, headers: { 'API-KEY': key } });

  it('accepts only LIVE_UNPUBLISHED or LIVE_PUBLISHED', async () => {
    for (const state of [S.PRE_LIVE, S.SUSPENDED, S.LIVE_STARTING, S.INSTANT_VOD]) {
      const id = await newEvent({ state, actualLiveStart: t.clock.now() });
      const response = await forceRestart(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().exceptionMessage).toContain('LIVE_UNPUBLISHED or LIVE_PUBLISHED');
      expect(response.json().data.allowedStates).toEqual(['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED']);
    }
  });

  it('stops the channel, goes pre-live and returns to the previous live state, every step forced', async () => {
    const id = await newEvent();
    const live = (await whileTimePasses(t.clock, put(id, 'LIVE_PUBLISHED'))).json();
    const before = (await changesOf(db(), id)).length;
    const response = await whileTimePasses(t.clock, forceRestart(id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stateString: 'LIVE_PUBLISHED', actualLiveStart: live.actualLiveStart, publishedStart: live.publishedStart });
    const steps = (await changesOf(db(), id)).slice(before);
    expect(steps.map((c) => c.state)).toEqual([S.LIVE_STOPPING, S.PRE_LIVE, S.LIVE_STARTING, S.LIVE_PUBLISHED]);
    expect(steps.every((c) => c.isForced && c.stateChanged)).toBe(true);
  });

  it('answers 404 for another client’s event', async () => {
    const id = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
    const { api } = await createStrangerClient(t);
    await expect(api.call(endpoints.event.forceRestart, { params: { id } })).rejects.toSatisfy((e) => e instanceof ApiError && e.status === 404);
  });
});

describe('the encoder check job', () => {
  it('is a durable row that re-schedules itself at the encoder’s ready time', async () => {
    const id = await newEvent();
    await put(id, 'LIVE_UNPUBLISHED', false);
    await t.runJobs();
    const pending = (await db().select().from(jobs).where(eq(jobs.type, 'live.encoderCheck'))).filter(
      (j) => j.status === 'pending' && (j.payload as { eventId: string }).eventId === id,
    );
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime()).toBe(t.clock.now().getTime() + 4_000);
  });
});
