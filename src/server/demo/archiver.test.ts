/** The demo archiver: a capture of a live demo channel with hours of segments, a gap, failures, a profile and a stream. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_CAPTURE_ID } from './archiver.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, t.clientId, t.clock, { metadata: false });
});
afterAll(() => t.close());

describe('demo archiver', () => {
  it('has a recording capture of a live channel with hours of segments, a gap, failed segments, a profile and a stream', async () => {
    const api = createTestClient(t);
    const capture = await api.call(endpoints.archiverCapture.get, { params: { id: DEMO_CAPTURE_ID } });
    expect(capture.active).toBe(true);
    const stats = await api.call(endpoints.archiverCapture.stats, { params: { id: DEMO_CAPTURE_ID } });
    expect(stats.failedCount).toBeGreaterThan(0);
    expect(stats.profileIds).toEqual(['web_catchup']);
    const hours = (Date.parse(stats.endTime!) - Date.parse(stats.startTime!)) / 3_600_000;
    expect(hours).toBeGreaterThan(1);
    const available = await api.call(endpoints.archiverCapture.available, { params: { id: DEMO_CAPTURE_ID } });
    expect(available.length).toBeGreaterThanOrEqual(2);
    const streams = await api.call(endpoints.archiverStream.list, {});
    expect(streams.map((s) => `${s.profileId}/${s.captureId}`)).toEqual([`web_catchup/${DEMO_CAPTURE_ID}`]);
    const flows = await api.call(endpoints.archiverflow.list, {});
    expect(flows.map((f) => f.name)).toEqual(['Catch-up CDN']);
  });
});
