/**
 * The archiver across a restart of the service: its tick is a durable job, so a new process on the
 * same database carries on where the old one stopped. What the origin still holds (the source's DVR
 * window, 2 h on the fixture channel) is caught up; what slid out of it is an honest gap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { buildApp } from '#server/app.ts';
import { captureBody, elapse, goLive, seedArchiverFixture, type ArchiverFixture, archiverServices } from '#testing/archiver.ts';

const services = archiverServices(4_000);
let t: TestApp;
let fixture: ArchiverFixture;
let api: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  t = await createTestApp({ services });
  fixture = await seedArchiverFixture(t);
  api = createTestClient(t);
});
afterAll(() => t.close());

/** Another service process on the same database (the first one is gone: its jobs never run again). */
async function restart(): Promise<() => Promise<void>> {
  const app = await buildApp({ database: t.database, clock: t.clock, services });
  await app.ready();
  await app.jobs.runDue();
  // The new process ticks on: a few rounds until it has caught up.
  for (let i = 0; i < 100 && (await app.jobs.runDue()) > 0; i++) t.clock.advance(0);
  for (let i = 0; i < 5; i++) {
    t.clock.advance(2_000);
    await app.jobs.runDue();
  }
  return () => app.close();
}

describe('the archiver across a restart', () => {
  it('catches up what the origin still holds after a short outage', async () => {
    await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_short_outage' }) });
    await elapse(t, 20_000);
    // The service is down for ten minutes: nothing runs.
    t.clock.advance(10 * 60_000);
    const close = await restart();
    try {
      const available = await api.call(endpoints.archiverCapture.available, { params: { id: 'cap_short_outage' } });
      expect(available).toHaveLength(1);
      const [range] = available;
      expect(t.clock.now().getTime() - new Date(range!.endTime).getTime()).toBeLessThan(12_000);
      const segments = await api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_short_outage' }, query: {} });
      expect(segments.length).toBeGreaterThan(150);
    } finally {
      await close();
    }
  });

  it('leaves an honest gap for what slid out of the origin during a long outage, and stays bounded per tick', async () => {
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_long_outage' }) });
    await elapse(t, 20_000);
    const before = t.clock.now().getTime();
    // Three hours down: more than the channel's two-hour DVR window.
    t.clock.advance(3 * 3_600_000);
    const close = await restart();
    try {
      const available = await api.call(endpoints.archiverCapture.available, { params: { id: 'cap_long_outage' } });
      expect(available, JSON.stringify(available)).toHaveLength(2);
      const [first, second] = available;
      expect(new Date(first!.endTime).getTime()).toBeLessThanOrEqual(before);
      // The gap ends where the origin's window began when the new process looked.
      const restartedAt = t.clock.now().getTime() - 10_000;
      expect(new Date(second!.startTime).getTime()).toBeGreaterThanOrEqual(restartedAt - 2 * 3_600_000 - 4_000);
      expect(new Date(second!.startTime).getTime()).toBeLessThan(restartedAt - 2 * 3_600_000 + 10_000);
    } finally {
      await close();
    }
  });
});
