/** Helpers for the archiver's tests: a live channel, captures of it, and reading catch-up playlists. */
import type { CaptureBody } from '#schema';
import { eq } from 'drizzle-orm';
import { EventState } from '#schema';
import { events } from '#server/db/tables/index.ts';
import { seedLiveFixture, SERVICE } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import type { TestApp as FullTestApp } from '#testing/app.ts';
import type { ArchiveAttempt } from '#server/areas/archiver/index.ts';
import type { ServiceOptions } from '#server/services.ts';
import { SimulatedArchiveStorage } from '#server/sim/archive-storage.ts';

const S = EventState.values;

/** What these helpers need of a test app. */
type TestApp = Pick<FullTestApp, 'app' | 'database' | 'clock' | 'clientId' | 'runJobs'>;

/** The primary publishing point of the fixture channel's first encoder (demo catalogue, `main`). */
/** The services of an archiver test: segments of `segmentMs`, and the attempts that fail (none by default). */
export function archiverServices(segmentMs: number, fault: (attempt: ArchiveAttempt) => boolean = () => false, more: ServiceOptions['archiver'] = {}): ServiceOptions {
  return { archiver: { segmentMs, ...more }, archiveStorage: new SimulatedArchiveStorage({ fault }) };
}

export const PRIMARY_POINT = `${SERVICE}/api/stream/ingest/ch-main/0/primary`;
export const SECONDARY_POINT = `${SERVICE}/api/stream/ingest/ch-main/0/secondary`;

export interface ArchiverFixture {
  channelId: string;
}

export async function seedArchiverFixture(t: TestApp): Promise<ArchiverFixture> {
  const { channelId } = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
  return { channelId };
}

/** An event live on the channel since `since` (now by default). */
export async function goLive(t: TestApp, fixture: ArchiverFixture, since = t.clock.now()): Promise<string> {
  return insertEvent(t, {
    title: 'Live match',
    channelId: fixture.channelId,
    state: S.LIVE_PUBLISHED,
    actualLiveStart: since,
  });
}

/** The event stops now (INSTANT_VOD with its end stamped). */
export async function stop(t: TestApp, eventId: string): Promise<void> {
  const now = t.clock.now();
  await t.database.db.update(events).set({ state: S.INSTANT_VOD, actualLiveEnd: now, dateModified: now }).where(eq(events.id, eventId));
}

export function captureBody(values: Partial<CaptureBody> = {}): CaptureBody {
  return {
    id: 'match_capture',
    startTime: null,
    endTime: null,
    active: true,
    decryptKey: null,
    expiresIn: null,
    publishingPoints: [PRIMARY_POINT],
    ...values,
  };
}

/** Moves the clock in steps of `stepMs`, running due jobs after each (the tick every couple of seconds). */
export async function elapse(t: TestApp, ms: number, stepMs = 2_000): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    t.clock.advance(Math.min(stepMs, ms - done));
    await t.runJobs();
  }
}
