/**
 * A long frame-accurate download runs in the media lane, beside the job rounds: the automation
 * start that falls due while ffmpeg works fires on time (within a second), and the download shows
 * how far it got and how long it has left while it runs. Real time, a real ffmpeg, the worker
 * polling as in the service; the download is stopped once the automation has fired (closing the
 * app gives it back to the queue).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventState, type VodDownloadDetails } from '#schema';
import { insertEvent } from '#testing/event-row.ts';
import { seedLiveFixture } from '#testing/live.ts';
import { buildApp } from '../../app.ts';
import { openTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { clientForKey, createKey } from '../../db/keys.ts';
import { eventChanges } from '../../db/tables/index.ts';
import { systemClock } from '../../jobs/clock.ts';
import { scheduleAutomation } from '../event/index.ts';

const S = EventState.values;
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let key: string;
let clientId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, clock: systemClock });
  await app.ready();
  key = (await createKey(database.db, `lane-${Date.now()}`, 'test')).key;
  clientId = (await clientForKey(database.db, key))!.clientId;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a long frame-accurate download', () => {
  it('does not hold up an automation start that falls due while it runs, and shows its progress', async () => {
    const t = { database, clock: systemClock, clientId };
    const fixture = await seedLiveFixture(database.db, clientId, systemClock.now());
    const liveEnd = new Date(Date.now() - 3_600_000);
    const recorded = await insertEvent(t, { channelId: fixture.channelId, state: S.INSTANT_VOD, actualLiveStart: new Date(liveEnd.getTime() - 600_000), actualLiveEnd: liveEnd });
    const response = await app.inject({
      method: 'POST',
      url: '/api/voddownload/',
      headers: { 'API-KEY': key },
      payload: { emailAddress: 'ops@example.com', frameAccurate: true, downloadClips: [{ eventId: recorded, start: '00:00:00.000', end: '00:10:00.000', isMasterClip: true }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const downloadId = (response.json() as { id: string }).id;
    const details = async () => {
      const answer = await app.inject({ url: '/api/voddownload/details/', headers: { 'API-KEY': key } });
      return (answer.json() as VodDownloadDetails[]).find((d) => d.id === downloadId)!;
    };

    app.jobs.start();
    // ffmpeg at work: the download reports how far it got, and then how long it has left.
    let progress: VodDownloadDetails['progress'] = null;
    for (let i = 0; i < 600 && !(progress && progress.percent > 0 && progress.etaSeconds !== null); i += 1) {
      await wait(100);
      progress = (await details()).progress;
    }
    expect(progress).toMatchObject({ percent: expect.any(Number), etaSeconds: expect.any(Number) });

    // An automation start due in two seconds, while the download goes on.
    const startAt = new Date(Date.now() + 2_000);
    const automated = await insertEvent(t, { channelId: fixture.channelId, autoStart: true, scheduledStart: startAt });
    await scheduleAutomation(database.db, systemClock, clientId, automated);
    let started: { createdAt: Date } | undefined;
    for (let i = 0; i < 300 && !started; i += 1) {
      await wait(100);
      [started] = await database.db
        .select({ createdAt: eventChanges.createdAt })
        .from(eventChanges)
        .where(and(eq(eventChanges.eventId, automated), eq(eventChanges.stateChanged, true)))
        .orderBy(asc(eventChanges.seq))
        .limit(1);
    }
    expect(started, 'the automation start fired').toBeDefined();
    expect((await details()).state, 'the download was still under way').toBe('processing');
    expect(started!.createdAt.getTime() - startAt.getTime()).toBeLessThan(1_000);
  }, 120_000);
});
