/** Live and VOD publications on the simulated targets: every operation, the state rules, faults, callbacks, tenancy, the monitor. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, Mp4State } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { Receiver } from '#testing/webhook-receiver.ts';
import { activeDestination, addAudioInput, advance, setEventState, setFaults } from '#testing/syndication.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';
import { makeMp4File } from '#testing/asset.ts';

let t: TestApp;

/** An event whose MP4 is there (AVAILABLE, with its file), a short one so that it is made quickly. */
async function eventWithMp4File(values: EventValues = {}): Promise<string> {
  const start = t.clock.now();
  const eventId = await insertEvent(t, { mp4State: Mp4State.values.AVAILABLE, scheduledStart: start, scheduledEnd: new Date(start.getTime() + 20_000), ...values });
  await makeMp4File(t, eventId);
  return eventId;
}
let api: ApiClient;
const receiver = new Receiver();

beforeAll(async () => {
  t = await createTestApp({ services: { outbound: { allowPrivate: true } } });
  api = createTestClient(t);
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

const LIVE = EventState.values.LIVE_PUBLISHED;
const json = (o: object) => JSON.stringify(o);

describe('live publications', () => {
  it('creates them in one transaction, prepares the broadcast on the target, starts, publishes, stops', async () => {
    const eventId = await insertEvent(t, { state: LIVE, contentId: 'match-1' });
    const audio = await addAudioInput(t, eventId);
    const vs = await activeDestination(t, api, 'VideoSite');
    const custom = await activeDestination(t, api, 'Custom', 'RTMP out', json({ streamUrl: 'rtmp://ingest.example.net/app' }));

    const created = await api.call(endpoints.livePublication.create, {
      body: {
        eventId,
        publications: [
          { audioInputId: audio, destinationId: vs.id, publicationJson: json({ vs_title: 'The match', vs_privacyStatus: 'unlisted' }) },
          { destinationId: custom.id, publicationJson: json({ cstm_streamName: 'key-1' }) },
        ],
      },
    });
    expect(created).toHaveLength(2);
    expect(created[0]!.transactionId).toBe(created[1]!.transactionId);
    expect(created.map((p) => p.publicationStateString)).toEqual(['Scheduled', 'Scheduled']);
    expect(created[0]).toMatchObject({ contentId: 'match-1', destinationName: vs.name, target: 2, details: { isUnavailable: false, vs_title: 'The match' } });

    // The platform creates the broadcast a moment later: ingestion details appear.
    await advance(t, 2_000);
    const [a, b] = await api.call(endpoints.livePublication.listByTransaction, { params: { transactionId: created[0]!.transactionId } });
    expect(a!.details!.ingestionDetails).toHaveLength(2);
    expect(b!.details!.ingestionDetails![0]).toMatchObject({ rtmpServerUrl: 'rtmp://ingest.example.net', rtmpApplicationName: 'app', rtmpStreamName: 'key-1', isPrimary: true });

    const body = (p: { id: string; destinationId: string }) => ({ eventId, publicationId: p.id, destinationId: p.destinationId });
    const started = await api.call(endpoints.livePublication.start, { body: body(a!) });
    expect(started).toMatchObject({ publicationStateString: 'InProgress' });
    expect(started.dateStarted).not.toBeNull();

    expect(await api.call(endpoints.livePublication.publish, { body: body(a!) })).toMatchObject({ isSuccessful: true });
    expect(await api.call(endpoints.livePublication.unpublish, { body: body(a!) })).toMatchObject({ isSuccessful: true });

    await advance(t, 60_000, 5_000);
    const stats = await api.call(endpoints.livePublication.statistics, { params: { publicationId: a!.id }, query: { destinationId: vs.id } });
    expect(stats).toMatchObject({ status: 'live', health: expect.any(String) });
    expect((stats.samples as unknown[]).length).toBeGreaterThan(2);
    expect(stats.viewers as number).toBeGreaterThan(0);

    const stopped = await api.call(endpoints.livePublication.stop, { body: body(a!) });
    expect(stopped).toMatchObject({ publicationStateString: 'Completed' });
    const again = await failure(api.call(endpoints.livePublication.start, { body: body(a!) }));
    expect(again.status).toBe(400);

    const viewed = await api.call(endpoints.livePublication.get, { params: { id: a!.id }, query: { destinationId: vs.id, queryTarget: true } });
    expect(viewed.details).toMatchObject({ link: expect.stringContaining('videosite.example'), isUnavailable: false, vs_videoId: expect.any(String) });
    expect(await api.call(endpoints.livePublication.getByContent, { params: { contentId: 'match-1' }, query: { destinationId: custom.id } })).toMatchObject({ id: b!.id });

    const history = await api.call(endpoints.publicationMonitor.history, { params: { id: a!.id } });
    expect(history.map((h) => h.toStateString)).toEqual(['Scheduled', 'InProgress', 'Completed']);
    expect(history[2]).toMatchObject({ reason: 'Stopped', cause: 'request' });
  });

  it('waits for the event to be live, starts with it, and completes when it ends; start/all and stop/all give each its attempt', async () => {
    const eventId = await insertEvent(t, { state: EventState.values.PRE_LIVE });
    const d1 = await activeDestination(t, api, 'SocialNetwork');
    const d2 = await activeDestination(t, api, 'MicroBlog');
    const created = await api.call(endpoints.livePublication.create, {
      body: {
        eventId,
        startInstantly: true,
        publications: [
          { destinationId: d1.id, publicationJson: json({ sn_title: 'Live now' }) },
          { destinationId: d2.id, publicationJson: json({ mb_text: 'Watch live' }) },
        ],
      },
    });
    await advance(t, 10_000);
    let rows = await api.call(endpoints.livePublication.listByTransaction, { params: { transactionId: created[0]!.transactionId } });
    expect(rows.map((r) => r.publicationStateString)).toEqual(['Scheduled', 'Scheduled']);

    await setEventState(t, eventId, LIVE);
    await advance(t, 6_000);
    rows = await api.call(endpoints.livePublication.listByTransaction, { params: { transactionId: created[0]!.transactionId } });
    expect(rows.map((r) => r.publicationStateString)).toEqual(['InProgress', 'InProgress']);

    const items = rows.map((r) => ({ publicationId: r.id, destinationId: r.destinationId }));
    expect((await api.call(endpoints.livePublication.stopAll, { body: { eventId, publications: items } })).map((r) => r.publicationStateString)).toEqual(['Completed', 'Completed']);

    // Recreate both, start them together; one destination now rejects streams.
    await setFaults(api, d2.id, 'streamRejected');
    for (const r of rows) await api.call(endpoints.livePublication.recreate, { body: { eventId, publicationId: r.id, destinationId: r.destinationId } });
    const startedAll = await api.call(endpoints.livePublication.startAll, { body: { eventId, publications: items } });
    expect(startedAll.map((r) => r.publicationStateString)).toEqual(['InProgress', 'FailedPublication']);

    await setEventState(t, eventId, EventState.values.INSTANT_VOD);
    await advance(t, 6_000);
    const [ended] = await api.call(endpoints.livePublication.listByTransaction, { params: { transactionId: created[0]!.transactionId } });
    expect(ended).toMatchObject({ publicationStateString: 'Completed' });
    const history = await api.call(endpoints.publicationMonitor.history, { params: { id: ended!.id } });
    expect(history.at(-1)).toMatchObject({ cause: 'event', reason: 'The event ended (INSTANT_VOD)' });
  });

  it('fails with FailedDestination on an inactive destination, and recreate (removeOriginal) tries again', async () => {
    const eventId = await insertEvent(t, { state: LIVE });
    const inactive = await api.call(endpoints.mediaDestination.create, { body: { name: 'Not yet', target: 'MediaPlatform' } });
    const [p] = await api.call(endpoints.livePublication.create, {
      body: { eventId, startInstantly: true, publications: [{ destinationId: inactive.id, publicationJson: json({ mp_title: 'T' }) }] },
    });
    await advance(t, 2_000);
    const failed = await api.call(endpoints.livePublication.get, { params: { id: p!.id }, query: { destinationId: inactive.id } });
    expect(failed.publicationStateString).toBe('FailedDestination');

    await api.call(endpoints.mediaDestination.setActive, { params: { id: inactive.id }, query: { active: true } });
    const recreated = await api.call(endpoints.livePublication.recreate, { body: { eventId, publicationId: p!.id, destinationId: inactive.id, removeOriginal: true } });
    expect(recreated.publicationStateString).toBe('InProgress');

    // The platform takes the broadcast down: the watcher (every 5 s, on 5 s boundaries) notices.
    await setFaults(api, inactive.id, 'itemRemoved');
    await advance(t, 10_000, 1_000);
    const removed = await api.call(endpoints.livePublication.get, { params: { id: p!.id }, query: { destinationId: inactive.id } });
    expect(removed.publicationStateString).toBe('FailedPublication');
  });

  it('answers 400 naming the field for what the target requires, a foreign audio input or destination, a bad callback URL', async () => {
    const eventId = await insertEvent(t, { state: LIVE });
    const other = await insertEvent(t);
    const foreignAudio = await addAudioInput(t, other);
    const vs = await activeDestination(t, api, 'VideoSite');
    const custom = await activeDestination(t, api, 'Custom');
    const e = await failure(
      api.call(endpoints.livePublication.create, {
        body: {
          eventId,
          publications: [
            { destinationId: vs.id, publicationJson: json({ vs_privacyStatus: 'secret' }) },
            { destinationId: custom.id, publicationJson: '{}', audioInputId: foreignAudio },
            { destinationId: eventId, publicationJson: '{}' },
            { destinationId: vs.id, publicationJson: json({ vs_title: 'x', callbackUrls: ['http://169.254.169.254/latest'] }) },
          ],
        },
      }),
    );
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field)).toEqual([
      'body.publications.0.publicationJson.vs_title',
      'body.publications.0.publicationJson.vs_privacyStatus',
      'body.publications.1.audioInputId',
      'body.publications.1.publicationJson.cstm_streamUrl',
      'body.publications.1.publicationJson.cstm_streamName',
      'body.publications.2.destinationId',
      'body.publications.3.publicationJson.callbackUrls.0',
    ]);
    const notJson = await failure(api.call(endpoints.livePublication.create, { body: { eventId, publications: [{ destinationId: vs.id, publicationJson: 'nope' }] } }));
    expect(notJson.fieldErrors[0]!.field).toBe('body.publications.0.publicationJson');
    const noEvent = await failure(api.call(endpoints.livePublication.create, { body: { eventId: vs.id, publications: [{ destinationId: vs.id, publicationJson: '{}' }] } }));
    expect(noEvent.fieldErrors[0]!.field).toBe('body.eventId');
    expect(await api.call(endpoints.livePublication.list, { query: { contentIdFilter: eventId } })).toEqual([]);
  });

  it('deletes, on the target too with hardDelete', async () => {
    const eventId = await insertEvent(t, { state: LIVE });
    const d = await activeDestination(t, api, 'VideoSite');
    const [p] = await api.call(endpoints.livePublication.create, { body: { eventId, startInstantly: true, publications: [{ destinationId: d.id, publicationJson: json({ vs_title: 'x' }) }] } });
    await advance(t, 2_000);
    const bad = await failure(api.call(endpoints.livePublication.delete, { body: { eventId, publications: [{ publicationId: eventId, destinationId: d.id }] } }));
    expect(bad.fieldErrors[0]!.field).toBe('body.publications.0.publicationId');
    await api.call(endpoints.livePublication.delete, { body: { eventId, publications: [{ publicationId: p!.id, destinationId: d.id, hardDelete: true }] } });
    expect((await failure(api.call(endpoints.livePublication.get, { params: { id: p!.id }, query: { destinationId: d.id } }))).status).toBe(404);
  });
});

describe('VOD publications', () => {
  it('needs an available MP4', async () => {
    const eventId = await insertEvent(t, { mp4State: Mp4State.values.NONE });
    const d = await activeDestination(t, api, 'SocialNetwork');
    const e = await failure(api.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: d.id, publicationJson: '{}' }] } }));
    expect(e.status).toBe(400);
    expect(e.fieldErrors[0]).toMatchObject({ field: 'body.eventId', message: expect.stringContaining('MP4') });
  });

  it('needs the MP4’s file: an event marked AVAILABLE without one is refused, and no size is made up', async () => {
    // Marked AVAILABLE with no file (as the demo's finished events are): 18.8 MB at 5 Mbit/s, had it been guessed.
    const start = t.clock.now();
    const eventId = await insertEvent(t, { mp4State: Mp4State.values.AVAILABLE, scheduledStart: start, scheduledEnd: new Date(start.getTime() + 30_000) });
    const d = await activeDestination(t, api, 'SocialNetwork');
    const body = { eventId, publications: [{ destinationId: d.id, publicationJson: '{}' }] };
    const e = await failure(api.call(endpoints.vodPublication.create, { body }));
    expect(e.fieldErrors[0]).toMatchObject({ field: 'body.eventId', message: expect.stringContaining('its file is missing') });
    expect(await api.call(endpoints.asset.vodFile, { params: { id: eventId } })).toMatchObject({ mp4StateString: 'AVAILABLE', fileExists: false, making: false, bytes: null, thumbnail: false, sprite: false });

    // Once made, it publishes with the size of the file that is there.
    await makeMp4File(t, eventId);
    const file = await api.call(endpoints.asset.vodFile, { params: { id: eventId } });
    expect(file).toMatchObject({ fileExists: true, making: false, thumbnail: true, sprite: true });
    const [created] = await api.call(endpoints.vodPublication.create, { body });
    await advance(t, 1_000, 250);
    expect(await api.call(endpoints.publicationMonitor.get, { params: { id: created!.id } })).toMatchObject({
      publicationStateString: 'Processing',
      reason: expect.stringMatching(/^(Uploading to|Processing on) /),
    });
  });

  it('goes Processing (with progress) -> Completed, fills details from the target, and POSTs its callbacks', async () => {
    receiver.respond = () => ({ status: 200 });
    const eventId = await eventWithMp4File({ contentId: 'vod-42' });
    const sn = await activeDestination(t, api, 'SocialNetwork');
    const vs = await activeDestination(t, api, 'VideoSite');
    const created = await api.call(endpoints.vodPublication.create, {
      body: {
        eventId,
        publications: [
          { destinationId: sn.id, publicationJson: json({ sn_title: 'Replay', sn_embeddable: true, callbackUrls: [receiver.url('/done')] }) },
          { destinationId: vs.id, publicationJson: json({ vs_title: 'Replay', publishAt: new Date(t.clock.now().getTime() + 60_000).toISOString() }) },
        ],
      },
    });
    expect(created.map((p) => p.publicationStateString)).toEqual(['Processing', 'Processing']);
    expect(created[0]!.callbacks).toEqual([expect.objectContaining({ url: receiver.url('/done'), lastTriggered: null })]);

    await advance(t, 3_000);
    const monitor = await api.call(endpoints.publicationMonitor.list, { query: { eventId } });
    expect(monitor.results.every((r) => r.publicationStateString === 'Processing' && (r.progress ?? 0) > 0)).toBe(true);

    await advance(t, 8_000);
    await receiver.waitFor(() => receiver.received.length > 0);
    await t.runJobs();
    const done = await api.call(endpoints.vodPublication.get, { params: { id: created[0]!.id }, query: { destinationId: sn.id, queryTarget: true } });
    expect(done).toMatchObject({ publicationStateString: 'Completed', details: { isUnavailable: false, link: expect.stringContaining('social.example'), sn_postId: expect.any(String), sn_title: 'Replay' } });
    expect(done.callbacks[0]!.lastTriggered).not.toBeNull();
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ id: created[0]!.id, publicationStateString: 'Completed' });

    const scheduled = await api.call(endpoints.vodPublication.get, { params: { id: created[1]!.id }, query: { destinationId: vs.id } });
    expect(scheduled.publicationStateString).toBe('Scheduled');
    await advance(t, 50_000, 5_000);
    expect((await api.call(endpoints.vodPublication.get, { params: { id: created[1]!.id }, query: { destinationId: vs.id } })).publicationStateString).toBe('Completed');

    const history = await api.call(endpoints.publicationMonitor.history, { params: { id: created[1]!.id } });
    expect(history.map((h) => h.toStateString)).toEqual(['Processing', 'Scheduled', 'Completed']);
  });

  it('fails the ways the target fails: FailedDestination, FailedMediaAsset, FailedPublication', async () => {
    const eventId = await eventWithMp4File();
    const inactive = await api.call(endpoints.mediaDestination.create, { body: { name: 'Inactive', target: 'VideoSite' } });
    const upload = await activeDestination(t, api, 'MediaPlatform');
    await setFaults(api, upload.id, 'uploadFailed');
    const removed = await activeDestination(t, api, 'SocialNetwork');
    await setFaults(api, removed.id, 'itemRemoved');
    const created = await api.call(endpoints.vodPublication.create, {
      body: {
        eventId,
        publications: [
          { destinationId: inactive.id, publicationJson: json({ vs_title: 'a' }) },
          { destinationId: upload.id, publicationJson: json({ mp_title: 'b' }) },
          { destinationId: removed.id, publicationJson: '{}' },
        ],
      },
    });
    await advance(t, 25_000, 1_000);
    const rows = await api.call(endpoints.vodPublication.listByTransaction, { params: { transactionId: created[0]!.transactionId } });
    expect(rows.map((r) => r.publicationStateString)).toEqual(['FailedDestination', 'FailedMediaAsset', 'FailedPublication']);
    const page = await api.call(endpoints.publicationMonitor.list, { query: { eventId } });
    expect(page.results.find((r) => r.id === created[1]!.id)!.reason).toMatch(/Upload failed at 60 %/);
    expect(page.counts.Failed).toBe(3);

    // A retry is the same publication trying again: linked to its failure in its history, and the
    // monitor's Failed count clears when it succeeds. Only a failed one is retried.
    await setFaults(api, upload.id, '');
    const retried = await api.call(endpoints.publicationMonitor.retry, { params: { id: created[1]!.id } });
    expect(retried).toMatchObject({ id: created[1]!.id, publicationStateString: 'Processing', reason: expect.stringMatching(/^Retried after: Upload failed at 60 %/) });
    await advance(t, 25_000, 1_000);
    const after = await api.call(endpoints.publicationMonitor.list, { query: { eventId } });
    expect(after.totalCount).toBe(3);
    expect(after.counts.Failed).toBe(2);
    expect(after.results.find((r) => r.id === created[1]!.id)!.publicationStateString).toBe('Completed');
    const history = await api.call(endpoints.publicationMonitor.history, { params: { id: created[1]!.id } });
    expect(history.map((h) => [h.toStateString, h.cause])).toEqual([['Processing', 'request'], ['FailedMediaAsset', 'target'], ['Processing', 'request'], ['Completed', 'target']]);
    const again = await failure(api.call(endpoints.publicationMonitor.retry, { params: { id: created[1]!.id } }));
    expect(again.fieldErrors).toEqual([{ field: 'params.id', message: 'the publication has not failed (it is Completed): only a failed publication is retried' }]);

    await api.call(endpoints.vodPublication.delete, { params: { id: created[2]!.id }, query: { hardDelete: true } });
    expect((await failure(api.call(endpoints.vodPublication.get, { params: { id: created[2]!.id }, query: { destinationId: removed.id } }))).status).toBe(404);
  });

  it('lists with every filter of the interface', async () => {
    const eventId = await eventWithMp4File({ contentId: 'LIST-abc' });
    const sn = await activeDestination(t, api, 'SocialNetwork');
    const vs = await activeDestination(t, api, 'VideoSite');
    const from = t.clock.now().toISOString();
    const first = await api.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: sn.id, publicationJson: '{}' }] } });
    t.clock.advance(1_000);
    const second = await api.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: vs.id, publicationJson: json({ vs_title: 't' }) }] } });
    const ids = (list: { id: string }[]) => list.map((p) => p.id);
    expect(ids(await api.call(endpoints.vodPublication.list, { query: { contentIdFilter: 'list-A', from } }))).toEqual([second[0]!.id, first[0]!.id]);
    expect(ids(await api.call(endpoints.vodPublication.list, { query: { contentIdFilter: 'list-a', targetFilter: 'VideoSite' } }))).toEqual([second[0]!.id]);
    expect(ids(await api.call(endpoints.vodPublication.list, { query: { contentIdFilter: 'list-a', pageSize: 1, pageNumber: 2 } }))).toEqual([first[0]!.id]);
    expect(ids(await api.call(endpoints.vodPublication.list, { query: { contentIdFilter: 'list-a', to: new Date(t.clock.now().getTime() - 500).toISOString() } }))).toEqual([first[0]!.id]);
    await advance(t, 12_000, 1_000);
    expect(ids(await api.call(endpoints.vodPublication.list, { query: { contentIdFilter: 'list-a', orderBy: 'Completed' } }))).toHaveLength(2);
    expect(await api.call(endpoints.vodPublication.getByContent, { params: { contentId: 'LIST-abc' }, query: { destinationId: vs.id } })).toMatchObject({ id: second[0]!.id });
    const e = await failure(api.call(endpoints.vodPublication.list, { query: { targetFilter: 'Fax' } }));
    expect(e.fieldErrors[0]!.field).toBe('query.targetFilter');
  });
});

describe('the monitor and tenancy', () => {
  it('puts failed first, filters by state group, and hides other clients', async () => {
    const page = await api.call(endpoints.publicationMonitor.list, { query: { pageSize: 500 } });
    const firstOk = page.results.findIndex((r) => r.publicationState < 4);
    const lastFailed = page.results.map((r) => r.publicationState >= 4).lastIndexOf(true);
    expect(lastFailed).toBeLessThan(firstOk);
    const failedOnly = await api.call(endpoints.publicationMonitor.list, { query: { states: 'Failed' } });
    expect(failedOnly.results.every((r) => r.publicationState >= 4)).toBe(true);
    expect(failedOnly.totalCount).toBe(page.counts.Failed);
    const bad = await t.app.inject({ method: 'GET', url: '/api/media/publications/monitor?states=Broken', headers: t.headers() });
    expect(bad.statusCode).toBe(400);
    // The CSV export: the same rows, the same order, every one.
    const csv = await api.call(endpoints.publicationMonitor.exportCsv, { query: { states: 'Failed' } });
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Id,Kind,Api,Target,Destination,Event id,Event title,Content id,State,Reason,Progress,Created,Started,Completed');
    expect(lines.slice(1).map((line) => line.slice(0, 36))).toEqual(failedOnly.results.map((r) => r.id));

    const stranger = await createStrangerClient(t);
    expect((await stranger.api.call(endpoints.publicationMonitor.list, {})).totalCount).toBe(0);
    const some = page.results[0]!;
    expect((await failure(stranger.api.call(endpoints.publicationMonitor.history, { params: { id: some.id } }))).status).toBe(404);
    expect(await stranger.api.call(endpoints.vodPublication.list, {})).toEqual([]);
    expect(await stranger.api.call(endpoints.livePublication.listByTransaction, { params: { transactionId: some.transactionId } })).toEqual([]);
    if (some.kind === 'live') {
      const e = await failure(stranger.api.call(endpoints.livePublication.start, { body: { eventId: some.eventId!, publicationId: some.id, destinationId: some.destinationId } }));
      expect(e.status).toBe(404);
    }
    const vod = page.results.find((r) => r.kind === 'vod')!;
    expect((await failure(stranger.api.call(endpoints.vodPublication.delete, { params: { id: vod.id } }))).status).toBe(404);
    // Their destinations are not ours to publish to.
    const theirEvent = await insertEvent(t, { clientId: stranger.tenant.clientId, mp4State: 1, scheduledEnd: new Date(t.clock.now().getTime() + 20_000) });
    await makeMp4File({ ...t, clientId: stranger.tenant.clientId }, theirEvent);
    const e = await failure(stranger.api.call(endpoints.vodPublication.create, { body: { eventId: theirEvent, publications: [{ destinationId: vod.destinationId, publicationJson: '{}' }] } }));
    expect(e.fieldErrors[0]!.field).toBe('body.publications.0.destinationId');
  });

  it('sends publication changes to the change feed as changes of their event', async () => {
    const eventId = await eventWithMp4File();
    const d = await activeDestination(t, api, 'Custom');
    const before = await t.database.db.execute<{ n: number }>(`select count(*)::int as n from event_changes where event_id = '${eventId}'` as never);
    await api.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: d.id, publicationJson: '{}' }] } });
    await advance(t, 12_000, 1_000);
    const after = await t.database.db.execute<{ n: number }>(`select count(*)::int as n from event_changes where event_id = '${eventId}'` as never);
    const count = (r: unknown) => (r as { rows: { n: number }[] }).rows[0]!.n;
    expect(count(after) - count(before)).toBeGreaterThanOrEqual(2);
  });
});
