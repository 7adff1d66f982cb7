/** An event's encoder health: sampled while it streams, its faults switched and shown, kept by the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z' });
  api = createTestClient(t);
});
afterAll(() => t.close());

/** Moves the clock in sampling steps, running the ticks. */
async function sample(times: number) {
  for (let i = 0; i < times; i++) {
    t.clock.advance(10_000);
    await t.runJobs();
  }
}

const health = (id: string, minutes?: number) => api.call(endpoints.encoderHealth.get, { params: { id }, query: minutes ? { minutes } : {} });

describe('encoder health', () => {
  it('samples a streaming event every ten seconds: ingest near the expected bitrate, full frame rate, every point healthy', async () => {
    const id = await insertEvent(t, { title: 'Live match', state: EventState.values.LIVE_PUBLISHED });
    const first = await health(id);
    expect(first).toMatchObject({ eventId: id, live: true, status: 'healthy', fault: null, sampleSeconds: 10, expected: { kbps: 6000, frameRate: 50 } });
    await sample(3);
    const after = await health(id);
    expect(after.samples).toHaveLength(3);
    for (const s of after.samples) {
      expect(s.ingestKbps).toBeGreaterThan(5000);
      expect(s.ingestKbps).toBeLessThan(6300);
      expect(s.frameRate).toBe(50);
      expect(s.points.every((p) => p.healthy)).toBe(true);
    }
  });

  it('shows a switched fault from the next sample, and its status; clearing it restores health', async () => {
    const id = await insertEvent(t, { title: 'Faulty feed', state: EventState.values.LIVE_UNPUBLISHED });
    await health(id);
    await sample(1);
    const degraded = await api.call(endpoints.encoderHealth.setFault, { params: { id }, body: { fault: 'frameDrops' } });
    expect([degraded.status, degraded.fault, degraded.faultSince]).toEqual(['degraded', 'frameDrops', t.clock.now().toISOString()]);
    await sample(1);
    const dropping = (await health(id)).samples.at(-1)!;
    expect([dropping.fault, dropping.droppedFrames >= 40, dropping.frameRate < 50]).toEqual(['frameDrops', true, true]);

    await api.call(endpoints.encoderHealth.setFault, { params: { id }, body: { fault: 'ingestLost' } });
    await sample(1);
    const lost = await health(id);
    expect([lost.status, lost.samples.at(-1)!.ingestKbps, lost.samples.at(-1)!.points.some((p) => p.healthy)]).toEqual(['down', 0, false]);
    const everyone = await api.call(endpoints.encoderHealth.live, {});
    expect(everyone.find((h) => h.eventId === id)).toMatchObject({ status: 'down', fault: 'ingestLost', ingestKbps: 0 });

    await api.call(endpoints.encoderHealth.setFault, { params: { id }, body: { fault: null } });
    await sample(1);
    expect(await health(id)).toMatchObject({ status: 'healthy', fault: null });
  });

  it('lists many live events without queueing statements on its transaction (pg deprecates it; PostgreSQL only)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await insertEvent(t, { title: `Live ${i}`, state: EventState.values.LIVE_PUBLISHED }));
      await api.call(endpoints.encoderHealth.setFault, { params: { id: ids[2]! }, body: { fault: 'pointDown' } });
      const everyone = await api.call(endpoints.encoderHealth.live, {});
      expect(ids.map((id) => everyone.find((h) => h.eventId === id)?.fault ?? null)).toEqual([null, null, 'pointDown', null]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('keeps the samples asked for only, says offline for an event not streaming, and hides other clients’ events', async () => {
    const idle = await insertEvent(t, { title: 'Tomorrow', state: EventState.values.PRE_LIVE });
    expect(await health(idle)).toMatchObject({ live: false, status: 'offline', samples: [] });
    const live = await insertEvent(t, { state: EventState.values.LIVE_PUBLISHED });
    await health(live);
    await sample(12);
    expect((await health(live, 1)).samples.length).toBeLessThanOrEqual(7);
    const stranger = await createStrangerClient(t);
    expect((await failure(stranger.api.call(endpoints.encoderHealth.get, { params: { id: live }, query: {} }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.encoderHealth.setFault, { params: { id: live }, body: { fault: 'pointDown' } }))).status).toBe(404);
    expect(await stranger.api.call(endpoints.encoderHealth.live, {})).toEqual([]);
  });
});
