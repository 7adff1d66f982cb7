/**
 * The simulated encoder keeps its runs in the database (sim/encoder.ts): a service started again
 * on the same data (or a second process sharing it) finds a running event's encoder running, and
 * stopping it takes the encoder's time, as it would have in the first one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventState } from '#schema';
import { insertEvent } from '#testing/event-row.ts';
import { eventRow, seedLiveFixture } from '#testing/live.ts';
import { buildApp } from '../../app.ts';
import { clientForKey, createKey } from '../../db/keys.ts';
import { openTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { ManualClock } from '../../jobs/clock.ts';

const S = EventState.values;
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('a running event, after a restart', () => {
  it('is still running on the encoder of the new service, which stops it in its own time', async () => {
    const clock = new ManualClock('2026-03-01T09:00:00Z');
    const first = await buildApp({ database, clock });
    await first.ready();
    const { key } = await createKey(database.db, `encoder-restart-${Date.now()}`, 'test');
    const clientId = (await clientForKey(database.db, key))!.clientId;
    const fixture = await seedLiveFixture(database.db, clientId, clock.now());
    const id = await insertEvent({ database, clock, clientId }, { channelId: fixture.channelId });
    const put = (app: typeof first, state: string) =>
      app.inject({ method: 'PUT', url: `/api/event/state/${id}`, headers: { 'API-KEY': key }, payload: { state, waitUntilCompleted: false } });
    expect((await put(first, 'LIVE_PUBLISHED')).json()).toMatchObject({ stateString: 'LIVE_STARTING' });
    await first.jobs.runDue();
    clock.advance(4_000);
    await first.jobs.runDue();
    expect((await eventRow(database.db, id)).state).toBe(S.LIVE_PUBLISHED);
    await first.close();

    // Started again: a new simulated encoder, the same database.
    clock.advance(60_000);
    const second = await buildApp({ database, clock });
    await second.ready();
    try {
      const video = async () => (await second.inject({ url: `/api/event/${id}?processVideo=true`, headers: { 'API-KEY': key } })).json().video.publishingPointUrls as { state: string }[];
      expect(new Set((await video()).map((p) => p.state))).toEqual(new Set(['running']));
      expect((await put(second, 'STOPPED')).json()).toMatchObject({ stateString: 'LIVE_STOPPING' });
      await second.jobs.runDue();
      // The encoder takes its 2 s to stop: it was running, not forgotten.
      expect((await eventRow(database.db, id)).state).toBe(S.LIVE_STOPPING);
      expect(new Set((await video()).map((p) => p.state))).toEqual(new Set(['stopping']));
      clock.advance(2_000);
      await second.jobs.runDue();
      expect(await eventRow(database.db, id)).toMatchObject({ state: S.INSTANT_VOD, actualLiveEnd: clock.now() });
    } finally {
      await second.close();
    }
  });
});
