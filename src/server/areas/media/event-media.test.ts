import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventState } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { recordedEvent, seedComposeFixture, type ComposeFixture } from '#testing/compose.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';
import { TEST_PROGRAMME_DEFAULT_MS, TEST_PROGRAMME_MAX_MS } from '../live/recording.ts';
import { eventMediaOf, formatMediaTime, mediaInputOf, parseMediaTime } from './event-media.ts';

const S = EventState.values;
let t: TestApp;
let fixture: ComposeFixture;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await seedComposeFixture(t);
});
afterAll(() => t.close());

async function vodEvent(values: EventValues = {}) {
  return insertEvent(t, { title: 'API VOD', state: S.VOD_PUBLIC, ...values });
}

describe('eventMediaOf', () => {
  it('gives an event nothing recorded the test programme for its scheduled span', async () => {
    const start = new Date('2026-01-20T10:00:00Z');
    const id = await vodEvent({ scheduledStart: start, scheduledEnd: new Date(start.getTime() + 90_000) });
    const { media } = await eventMediaOf(t.database.db, t.clientId, id, t.clock.now());
    expect(media).toMatchObject({ source: 'test-programme', durationMs: 90_000, hasTimecode: false });
    expect(media!.count).toBe(45);
  });

  it('caps the span, and defaults without one', async () => {
    const long = await vodEvent({ scheduledStart: new Date('2026-01-20T10:00:00Z'), scheduledEnd: new Date('2026-01-21T10:00:00Z') });
    expect((await eventMediaOf(t.database.db, t.clientId, long, t.clock.now())).media?.durationMs).toBe(TEST_PROGRAMME_MAX_MS);
    const none = await vodEvent({ state: S.VOD_PRIVATE });
    expect((await eventMediaOf(t.database.db, t.clientId, none, t.clock.now())).media?.durationMs).toBe(TEST_PROGRAMME_DEFAULT_MS);
  });

  it('gives a recorded event its recording, with timecode', async () => {
    const recorded = await recordedEvent(t, fixture, 61);
    const { media } = await eventMediaOf(t.database.db, t.clientId, recorded.id, t.clock.now());
    expect(media).toMatchObject({ source: 'recording', durationMs: 61_000, hasTimecode: true });
    expect(media!.startsAt).toEqual(recorded.liveStart);
    const at = new Date(recorded.liveStart.getTime() + 12_500).toISOString();
    expect(parseMediaTime(media!, at)).toEqual({ ms: 12_500 });
  });

  it('says why an event has none, and treats a foreign event as unknown', async () => {
    const preLive = await insertEvent(t, { state: S.PRE_LIVE });
    expect(await eventMediaOf(t.database.db, t.clientId, preLive, t.clock.now())).toMatchObject({ reason: 'no-media', problem: expect.stringMatching(/PRE_LIVE/) });
    const stranger = await t.createTenant();
    const id = await vodEvent();
    const foreign = await eventMediaOf(t.database.db, stranger.clientId, id, t.clock.now());
    const unknown = await eventMediaOf(t.database.db, stranger.clientId, '5b0e7a43-1c1d-4a8e-9d1e-000000000000', t.clock.now());
    expect(foreign.reason).toBe('not-found');
    expect(foreign.problem!.replace(id, 'X')).toBe(unknown.problem!.replace('5b0e7a43-1c1d-4a8e-9d1e-000000000000', 'X'));
  });
});

describe('mediaInputOf', () => {
  it('lists the segment files of a range, across the loop of the programme', async () => {
    const id = await vodEvent({ scheduledStart: new Date('2026-01-20T10:00:00Z'), scheduledEnd: new Date('2026-01-20T10:02:00Z') });
    const { media } = await eventMediaOf(t.database.db, t.clientId, id, t.clock.now());
    const input = mediaInputOf(media!, 45_000, 50_500);
    expect(input.segments.map((s) => s.file.split('/').pop())).toEqual(['seg-22.m2t', 'seg-23.m2t', 'seg-00.m2t', 'seg-01.m2t']);
    expect(input.startMs).toBe(1_000);
    expect(input.durationMs).toBe(5_500);
  });

  it('reads and writes HH:mm:ss.fff, and refuses a date-time without timecode', async () => {
    const id = await vodEvent();
    const { media } = await eventMediaOf(t.database.db, t.clientId, id, t.clock.now());
    expect(parseMediaTime(media!, '00:01:02.5')).toEqual({ ms: 62_500 });
    expect(parseMediaTime(media!, '2026-01-20T10:00:00Z').error).toMatch(/no timecode/);
    expect(parseMediaTime(media!, 'soon').error).toMatch(/neither/);
    expect(formatMediaTime(3_723_004)).toBe('01:02:03.004');
  });
});
