/** Direct destinations and direct VOD publications: every operation, the metadata rules, the per-destination cache, tenancy, the monitor. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, Mp4State } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { activeDestination, activeDirectDestination, advance, authorise, setFaults } from '#testing/syndication.ts';
import { insertEvent } from '#testing/event-row.ts';
import { makeMp4File } from '#testing/asset.ts';
import { syndicationDestinations } from '../../db/tables/syndication.ts';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
});
afterAll(async () => {
  await t.close();
});

const AVAILABLE = Mp4State.values.AVAILABLE;
const json = (o: object) => JSON.stringify(o);

describe('direct destinations', () => {
  it('adds by target name (201), reads, lists, updates, deletes; the number is refused', async () => {
    const created = await api.call(endpoints.destination.create, { body: { name: 'Channel', target: 'videosite', configJson: json({ region: 'GB' }) } });
    expect(created).toMatchObject({ name: 'Channel', target: 2, active: false, configJson: '{"region":"GB"}', destinationProperties: [] });
    expect(created.link).toMatch(/^https:\/\/videosite\.example\/channel\//);
    const raw = await t.app.inject({ method: 'POST', url: '/api/destination/', headers: { 'api-key': t.key, 'content-type': 'application/json' }, payload: { name: 'N', target: 2 } });
    expect(raw.statusCode).toBe(400);
    expect(raw.body).toContain('body.target');
    const long = await failure(api.call(endpoints.destination.create, { body: { name: 'n'.repeat(201), target: 'VideoSite' } }));
    expect(long.fieldErrors[0]!.field).toBe('body.name');
    const longContent = await failure(api.call(endpoints.directVodPublication.create, { body: { publications: [{ contentId: 'c'.repeat(101), destinationId: created.id, publicationJson: '{}' }] } }));
    expect(longContent.fieldErrors[0]!.field).toBe('body.publications.0.contentId');

    expect(await api.call(endpoints.destination.get, { params: { id: created.id } })).toMatchObject({ id: created.id, client: expect.any(String) });
    expect((await api.call(endpoints.destination.list, {})).map((d) => d.id)).toContain(created.id);
    // Media destinations are not direct ones, and the other way round.
    const media = await api.call(endpoints.mediaDestination.create, { body: { name: 'Media one', target: 'Custom' } });
    expect((await api.call(endpoints.destination.list, {})).map((d) => d.id)).not.toContain(media.id);
    expect((await api.call(endpoints.mediaDestination.list, {})).map((d) => d.id)).not.toContain(created.id);
    expect((await failure(api.call(endpoints.destination.get, { params: { id: media.id } }))).status).toBe(404);

    await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: created.id, category: 'notes', key: 'owner', value: 'sports desk' } });
    const updated = await api.call(endpoints.destination.update, { params: { id: created.id }, body: { name: 'Channel 2', target: 'VideoSite', configJson: '{}', active: false } });
    expect(updated).toMatchObject({ name: 'Channel 2', destinationProperties: [{ category: 'notes', key: 'owner', value: 'sports desk' }] });

    await api.call(endpoints.destination.delete, { params: { id: created.id } });
    expect((await failure(api.call(endpoints.destination.get, { params: { id: created.id } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.destination.delete, { params: { id: created.id } }))).status).toBe(404);
  });

  it('activates through the same workflow as media destinations; the state flag repairs and resets', async () => {
    const d = await api.call(endpoints.destination.create, { body: { name: 'To activate', target: 'SocialNetwork' } });
    const step = await api.call(endpoints.destination.activate, { params: { id: d.id } });
    expect(step).toMatchObject({ actionRequired: true, actionTitle: expect.stringContaining('SocialNetwork') });
    await authorise(t, step.actionDescription!);
    expect(await api.call(endpoints.destination.activate, { params: { id: d.id } })).toMatchObject({ actionRequired: false, actionTitle: 'Active' });
    expect((await api.call(endpoints.destination.get, { params: { id: d.id } })).active).toBe(true);

    expect((await api.call(endpoints.destination.setActive, { params: { id: d.id }, query: { active: false } })).active).toBe(false);
    expect((await api.call(endpoints.destination.activate, { params: { id: d.id } })).actionRequired).toBe(true);
    expect((await api.call(endpoints.destination.setActive, { params: { id: d.id }, query: { active: true } })).active).toBe(true);

    const custom = await api.call(endpoints.destination.create, { body: { name: 'Out', target: 'Custom', configJson: json({ streamUrl: 'rtmp://x.example/app' }) } });
    expect(custom.link).toBe('rtmp://x.example/app');
    expect(await api.call(endpoints.destination.activate, { params: { id: custom.id } })).toMatchObject({ actionRequired: false });
  });

  it("keeps each client's destinations to itself", async () => {
    const d = await api.call(endpoints.destination.create, { body: { name: 'Mine', target: 'VideoSite' } });
    const stranger = await createStrangerClient(t);
    expect(await stranger.api.call(endpoints.destination.list, {})).toEqual([]);
    for (const call of [
      () => stranger.api.call(endpoints.destination.get, { params: { id: d.id } }),
      () => stranger.api.call(endpoints.destination.activate, { params: { id: d.id } }),
      () => stranger.api.call(endpoints.destination.setActive, { params: { id: d.id }, query: { active: true } }),
      () => stranger.api.call(endpoints.destination.update, { params: { id: d.id }, body: { name: 'x', target: 'VideoSite', configJson: '{}', active: true } }),
      () => stranger.api.call(endpoints.destination.delete, { params: { id: d.id } }),
      () => stranger.api.call(endpoints.destination.clearCache, { query: { destinationId: d.id } }),
      () => stranger.api.call(endpoints.destination.metadataFor, { params: { id: d.id }, query: { metadata: 'VideoSiteRegions', target: 'VideoSite' } }),
    ]) {
      expect((await failure(call())).status).toBe(404);
    }
    expect((await api.call(endpoints.destination.get, { params: { id: d.id } })).active).toBe(false);
  });
});

describe('metadata lookups', () => {
  const lookup = (metadata: string, target: string, extra: Record<string, unknown> = {}) =>
    api.call(endpoints.destination.metadata, { query: { metadata: metadata as 'VideoSiteRegions', target, ...extra } });

  it('answers {name, target, Data} for every name of its target', async () => {
    const regions = await lookup('VideoSiteRegions', 'VideoSite');
    expect(regions).toMatchObject({ name: 'VideoSiteRegions', target: 2, Data: { GB: 'United Kingdom', US: 'United States' } });
    const raw = await t.app.inject({ method: 'GET', url: '/api/destination/metadata?metadata=VideoSitePrivacyStatus&target=VideoSite', headers: { 'api-key': t.key } });
    expect(raw.json()).toEqual({ name: 'VideoSitePrivacyStatus', target: 2, Data: { public: 'Public', unlisted: 'Unlisted', private: 'Private' } });
    expect(Object.keys((await lookup('VideoSiteLicense', 'VideoSite')).Data)).toEqual(['standard', 'creativeCommon']);
    expect((await lookup('VideoSitePlaylists', 'VideoSite')).Data).toEqual({});
    expect((await lookup('SocialNetworkPages', 'SocialNetwork')).Data).toEqual({});
  });

  it('needs a region for categories, and the categories follow the region', async () => {
    const none = await failure(lookup('VideoSiteVideoCategories', 'VideoSite'));
    expect(none.status).toBe(400);
    expect(none.fieldErrors[0]!.field).toBe('query.youTubeRegions');
    const us = await lookup('VideoSiteVideoCategories', 'VideoSite', { youTubeRegions: 'US' });
    const de = await lookup('VideoSiteVideoCategories', 'VideoSite', { youTubeRegions: 'de' });
    expect(us.Data['17']).toBe('Sports');
    expect(us.Data['44']).toBe('Trailers');
    expect(de.Data['17']).toBe('Sports');
    expect(de.Data['44']).toBeUndefined();
    const unknown = await failure(lookup('VideoSiteVideoCategories', 'VideoSite', { youTubeRegions: 'XX' }));
    expect(unknown.fieldErrors[0]!.field).toBe('query.youTubeRegions');
  });

  it('refuses a name of another target, an unknown name and an unknown target (400)', async () => {
    const wrongTarget = await failure(lookup('SocialNetworkPages', 'VideoSite'));
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.fieldErrors[0]).toMatchObject({ field: 'query.metadata', message: expect.stringContaining('SocialNetwork') });
    expect((await failure(lookup('VideoSiteRegions', 'MicroBlog'))).fieldErrors[0]!.field).toBe('query.metadata');
    expect((await failure(lookup('VideoSiteTags', 'VideoSite'))).fieldErrors[0]!.field).toBe('query.metadata');
    expect((await failure(lookup('VideoSiteRegions', 'Nowhere'))).fieldErrors[0]!.field).toBe('query.target');
    expect((await failure(lookup('VideoSiteRegions', '2'))).fieldErrors[0]!.field).toBe('query.target');
  });

  it("takes the region and the account's playlists and pages from the destination", async () => {
    const vs = await api.call(endpoints.destination.create, { body: { name: 'Cup channel', target: 'VideoSite', configJson: json({ region: 'JP', playlists: ['Finals', 'Interviews'] }) } });
    const forD = (metadata: string, target = 'VideoSite', extra: Record<string, unknown> = {}) =>
      api.call(endpoints.destination.metadataFor, { params: { id: vs.id }, query: { metadata: metadata as 'VideoSiteRegions', target, ...extra } });
    const categories = await forD('VideoSiteVideoCategories');
    expect(categories.Data['30']).toBe('Movies'); // JP has Movies, DE has not
    expect((await forD('VideoSiteVideoCategories', 'VideoSite', { youTubeRegions: 'DE' })).Data['30']).toBeUndefined();
    expect(Object.values((await forD('VideoSitePlaylists')).Data)).toEqual(['Finals', 'Interviews']);
    expect((await failure(forD('VideoSiteRegions', 'SocialNetwork'))).fieldErrors[0]!.field).toBe('query.target');

    const plain = await api.call(endpoints.destination.create, { body: { name: 'Plain', target: 'VideoSite' } });
    const noRegion = await failure(api.call(endpoints.destination.metadataFor, { params: { id: plain.id }, query: { metadata: 'VideoSiteVideoCategories', target: 'VideoSite' } }));
    expect(noRegion.fieldErrors[0]!.field).toBe('query.youTubeRegions');
    expect(Object.values((await api.call(endpoints.destination.metadataFor, { params: { id: plain.id }, query: { metadata: 'VideoSitePlaylists', target: 'VideoSite' } })).Data)).toEqual([
      'Uploads',
      'Plain: highlights',
    ]);

    const sn = await api.call(endpoints.destination.create, { body: { name: 'Club page', target: 'SocialNetwork', configJson: json({ pages: { p1: 'Club', p2: 'Club Youth' } }) } });
    expect((await api.call(endpoints.destination.metadataFor, { params: { id: sn.id }, query: { metadata: 'SocialNetworkPages', target: 'SocialNetwork' } })).Data).toEqual({ p1: 'Club', p2: 'Club Youth' });
  });

  it('caches per destination: noCache reads past it, clearing one destination leaves the others', async () => {
    const config = (titles: string[]) => json({ playlists: titles });
    const a = await api.call(endpoints.destination.create, { body: { name: 'A', target: 'VideoSite', configJson: config(['A1']) } });
    const b = await api.call(endpoints.destination.create, { body: { name: 'B', target: 'VideoSite', configJson: config(['B1']) } });
    const playlists = async (id: string, noCache = false) =>
      Object.values((await api.call(endpoints.destination.metadataFor, { params: { id }, query: { metadata: 'VideoSitePlaylists', target: 'VideoSite', noCache } })).Data);
    expect(await playlists(a.id)).toEqual(['A1']);
    expect(await playlists(b.id)).toEqual(['B1']);

    // The platform's playlists change behind the service's back (written directly, as the platform would).
    await t.database.db.update(syndicationDestinations).set({ configJson: config(['A2']) }).where(eq(syndicationDestinations.id, a.id));
    await t.database.db.update(syndicationDestinations).set({ configJson: config(['B2']) }).where(eq(syndicationDestinations.id, b.id));
    t.clock.advance(6_000); // past the generic response cache's life, not the destination cache's
    expect(await playlists(a.id)).toEqual(['A1']);
    expect(await playlists(a.id, true)).toEqual(['A2']);
    expect(await playlists(b.id)).toEqual(['B1']);

    await api.call(endpoints.destination.clearCache, { query: { destinationId: b.id } });
    expect(await playlists(b.id)).toEqual(['B2']);
    await t.database.db.update(syndicationDestinations).set({ configJson: config(['A3']) }).where(eq(syndicationDestinations.id, a.id));
    t.clock.advance(6_000);
    expect(await playlists(a.id)).toEqual(['A2']); // a's entry stayed

    await api.call(endpoints.destination.clearCache, {});
    expect(await playlists(a.id)).toEqual(['A3']);

    // Updating a destination drops its entries.
    await api.call(endpoints.destination.update, { params: { id: a.id }, body: { name: 'A', target: 'VideoSite', configJson: config(['A4']), active: false } });
    expect(await playlists(a.id)).toEqual(['A4']);
  });
});

describe('direct VOD publications', () => {
  /** An event with its MP4 file when AVAILABLE (a short one, made quickly). */
  async function eventWithMp4(contentId: string, mp4State: number = AVAILABLE) {
    const start = t.clock.now();
    const eventId = await insertEvent(t, { contentId, mp4State, title: `Event ${contentId}`, scheduledStart: start, scheduledEnd: new Date(start.getTime() + 20_000) });
    if (mp4State === AVAILABLE) await makeMp4File(t, eventId);
    return eventId;
  }

  it('publishes content ids in one transaction, through Processing to Completed, and reads them every way', async () => {
    await eventWithMp4('final-2026');
    const vs = await activeDirectDestination(t, api, 'VideoSite');
    const sn = await activeDirectDestination(t, api, 'SocialNetwork');
    const created = await api.call(endpoints.directVodPublication.create, {
      body: {
        publications: [
          { contentId: 'final-2026', destinationId: vs.id, publicationJson: json({ vs_title: 'The final', vs_region: 'GB', vs_category: '17', vs_privacyStatus: 'public', vs_license: 'standard' }) },
          { contentId: 'final-2026', destinationId: sn.id, publicationJson: json({ sn_title: 'The final' }) },
        ],
      },
    });
    expect(created).toHaveLength(2);
    expect(created[0]!.transactionId).toBe(created[1]!.transactionId);
    expect(created.map((p) => p.publicationStateString)).toEqual(['Processing', 'Processing']);
    expect(created[0]).toMatchObject({ contentId: 'final-2026', destinationName: vs.name, target: 2, details: { vs_category: '17' } });

    await advance(t, 10_000);
    const [a, b] = await api.call(endpoints.directVodPublication.listByTransaction, { params: { transactionId: created[0]!.transactionId }, query: { transactionId: created[0]!.transactionId } });
    expect([a!.publicationStateString, b!.publicationStateString]).toEqual(['Completed', 'Completed']);
    expect(a!.dateCompleted).toBeTruthy();
    const onlySn = await api.call(endpoints.directVodPublication.listByTransaction, {
      params: { transactionId: a!.transactionId },
      query: { transactionId: a!.transactionId, targetFilter: 'SocialNetwork' },
    });
    expect(onlySn.map((p) => p.id)).toEqual([b!.id]);
    expect((await failure(api.call(endpoints.directVodPublication.listByTransaction, { params: { transactionId: a!.transactionId }, query: { transactionId: vs.id } }))).status).toBe(400);

    const got = await api.call(endpoints.directVodPublication.get, { params: { id: a!.id }, query: { destinationId: vs.id, queryTarget: true } });
    expect(got.details).toMatchObject({ isUnavailable: false, link: expect.stringContaining('videosite.example/watch'), vs_videoId: expect.any(String) });
    expect((await failure(api.call(endpoints.directVodPublication.get, { params: { id: a!.id }, query: { destinationId: sn.id } }))).status).toBe(404);
    expect((await api.call(endpoints.directVodPublication.getByContent, { query: { contentId: 'final-2026', destinationId: sn.id } })).id).toBe(b!.id);

    const page = await api.call(endpoints.directVodPublication.list, { query: { contentIdFilter: 'final-20', pageSize: 1 } });
    expect(page).toMatchObject({ pageSize: 1, pageNumber: 1, totalCount: 2 });
    expect(page.results).toHaveLength(1);
    expect((await api.call(endpoints.directVodPublication.list, { query: { targetFilter: 'VideoSite', contentIdFilter: 'final-2026' } })).results.map((p) => p.id)).toEqual([a!.id]);
    expect((await api.call(endpoints.directVodPublication.list, { query: { orderBy: 'Completed', from: '2000-01-01T00:00:00Z', contentIdFilter: 'final-2026' } })).totalCount).toBe(2);
    // Not among the media VOD publications.
    expect((await api.call(endpoints.vodPublication.list, { query: { contentIdFilter: 'final-2026' } })).map((p) => p.id)).toEqual([]);

    // In the monitor beside the media publications, with the same history.
    const monitor = await api.call(endpoints.publicationMonitor.list, { query: { contentIdFilter: 'final-2026' } });
    expect(monitor.results.map((r) => r.api)).toEqual(['direct', 'direct']);
    expect(monitor.results[0]!.eventTitle).toBe('Event final-2026');
    const history = await api.call(endpoints.publicationMonitor.history, { params: { id: a!.id } });
    expect(history[0]!.toStateString).toBe('Processing');
    expect(history.at(-1)!.toStateString).toBe('Completed');
  });

  it('refuses content ids the service does not know or without an available MP4, naming the field', async () => {
    await eventWithMp4('no-mp4-yet', Mp4State.values.NONE);
    const vs = await activeDirectDestination(t, api, 'VideoSite');
    const media = await activeDestination(t, api, 'VideoSite');
    const e = await failure(
      api.call(endpoints.directVodPublication.create, {
        body: {
          publications: [
            { contentId: 'nobody-has-this', destinationId: vs.id, publicationJson: json({ vs_title: 'x' }) },
            { contentId: 'no-mp4-yet', destinationId: vs.id, publicationJson: json({ vs_title: 'x' }) },
            { contentId: 'no-mp4-yet', destinationId: media.id, publicationJson: json({ vs_title: 'x' }) },
            { contentId: 'no-mp4-yet', destinationId: vs.id, publicationJson: json({ vs_privacyStatus: 'hidden' }) },
          ],
        },
      }),
    );
    expect(e.status).toBe(400);
    const fields = e.fieldErrors.map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'body.publications.0.contentId',
        'body.publications.1.contentId',
        'body.publications.2.destinationId',
        'body.publications.3.publicationJson.vs_title',
        'body.publications.3.publicationJson.vs_privacyStatus',
      ]),
    );
    expect(e.fieldErrors.find((f) => f.field === 'body.publications.1.contentId')!.message).toContain('MP4');
    expect((await api.call(endpoints.directVodPublication.list, { query: { contentIdFilter: 'no-mp4-yet' } })).totalCount).toBe(0);
  });

  it('publishes and unpublishes where the target supports it, and says so where it does not', async () => {
    await eventWithMp4('clip-7');
    const vs = await activeDirectDestination(t, api, 'VideoSite');
    const mb = await activeDirectDestination(t, api, 'MicroBlog');
    const [v, m] = await api.call(endpoints.directVodPublication.create, {
      body: {
        publications: [
          { contentId: 'clip-7', destinationId: vs.id, publicationJson: json({ vs_title: 'Clip', vs_privacyStatus: 'private' }) },
          { contentId: 'clip-7', destinationId: mb.id, publicationJson: json({ mb_text: 'Watch the clip' }) },
        ],
      },
    });
    expect(await api.call(endpoints.directVodPublication.publish, { body: { publicationId: v!.id, destinationId: vs.id } })).toMatchObject({ isSuccessful: false, description: expect.stringContaining('upload') });
    await advance(t, 10_000);
    const view = async () => (await api.call(endpoints.directVodPublication.get, { params: { id: v!.id }, query: { destinationId: vs.id, queryTarget: true } })).details;
    expect((await view())!.vs_privacyStatus).toBe('private');
    expect(await api.call(endpoints.directVodPublication.publish, { body: { publicationId: v!.id, destinationId: vs.id } })).toMatchObject({ isSuccessful: true });
    expect((await view())!.vs_privacyStatus).toBe('public');
    expect(await api.call(endpoints.directVodPublication.unpublish, { body: { publicationId: v!.id, destinationId: vs.id } })).toMatchObject({ isSuccessful: true });
    expect((await view())!.vs_privacyStatus).toBe('private');
    expect(await api.call(endpoints.directVodPublication.unpublish, { body: { publicationId: m!.id, destinationId: mb.id } })).toMatchObject({
      isSuccessful: false,
      description: expect.stringContaining('MicroBlog does not support'),
    });
    expect((await failure(api.call(endpoints.directVodPublication.publish, { body: { publicationId: v!.id, destinationId: mb.id } }))).status).toBe(404);
  });

  it('fails on an inactive destination and a faulty upload; an update tries again', async () => {
    await eventWithMp4('retry-me');
    const inactive = await api.call(endpoints.destination.create, { body: { name: 'Not yet', target: 'VideoSite' } });
    const [p] = await api.call(endpoints.directVodPublication.create, {
      body: { publications: [{ contentId: 'retry-me', destinationId: inactive.id, publicationJson: json({ vs_title: 'First' }) }] },
    });
    await advance(t, 3_000);
    const failed = await api.call(endpoints.directVodPublication.get, { params: { id: p!.id }, query: { destinationId: inactive.id } });
    expect(failed.publicationStateString).toBe('FailedDestination');

    const step = await api.call(endpoints.destination.activate, { params: { id: inactive.id } });
    await authorise(t, step.actionDescription!);
    await api.call(endpoints.destination.activate, { params: { id: inactive.id } });
    await setFaults(api, inactive.id, 'uploadFailed');
    const updated = await api.call(endpoints.directVodPublication.update, { params: { id: p!.id }, body: { destinationId: inactive.id, publicationJson: json({ vs_title: 'Second' }) } });
    expect(updated).toMatchObject({ publicationStateString: 'Processing', details: { vs_title: 'Second' } });
    await advance(t, 10_000);
    expect((await api.call(endpoints.directVodPublication.get, { params: { id: p!.id }, query: { destinationId: inactive.id } })).publicationStateString).toBe('FailedMediaAsset');

    await api.call(endpoints.mediaDestinationProperty.deleteByKey, { params: { destinationId: inactive.id }, query: { category: 'simulation', key: 'faults' } });
    await api.call(endpoints.directVodPublication.update, { params: { id: p!.id }, body: { destinationId: inactive.id, publicationJson: json({ vs_title: 'Third' }) } });
    await advance(t, 10_000);
    expect((await api.call(endpoints.directVodPublication.get, { params: { id: p!.id }, query: { destinationId: inactive.id } })).publicationStateString).toBe('Completed');
    const history = await api.call(endpoints.publicationMonitor.history, { params: { id: p!.id } });
    expect(history.map((h) => h.toStateString)).toEqual(expect.arrayContaining(['FailedDestination', 'FailedMediaAsset', 'Completed']));

    const bad = await failure(api.call(endpoints.directVodPublication.update, { params: { id: p!.id }, body: { destinationId: inactive.id, publicationJson: 'not json' } }));
    expect(bad.fieldErrors[0]!.field).toBe('body.publicationJson');
  });

  it('deletes one (the item leaves the target, except on SocialNetwork) and all of a content id', async () => {
    await eventWithMp4('to-delete');
    const vs = await activeDirectDestination(t, api, 'VideoSite');
    const sn = await activeDirectDestination(t, api, 'SocialNetwork');
    const [v, s] = await api.call(endpoints.directVodPublication.create, {
      body: {
        publications: [
          { contentId: 'to-delete', destinationId: vs.id, publicationJson: json({ vs_title: 'Gone' }) },
          { contentId: 'to-delete', destinationId: sn.id, publicationJson: json({}) },
          { contentId: 'to-delete', destinationId: sn.id, publicationJson: json({}) },
        ],
      },
    });
    await advance(t, 10_000);
    expect((await failure(api.call(endpoints.directVodPublication.delete, { params: { id: v!.id }, query: { destinationId: sn.id } }))).status).toBe(404);
    await api.call(endpoints.directVodPublication.delete, { params: { id: v!.id }, query: { destinationId: vs.id } });
    expect((await failure(api.call(endpoints.directVodPublication.get, { params: { id: v!.id }, query: { destinationId: vs.id } }))).status).toBe(404);
    expect(s!.target).toBe(0);
    await api.call(endpoints.directVodPublication.deleteAllForContent, { params: { contentId: 'to-delete' } });
    expect((await api.call(endpoints.directVodPublication.list, { query: { contentIdFilter: 'to-delete' } })).totalCount).toBe(0);
    expect((await failure(api.call(endpoints.directVodPublication.deleteAllForContent, { params: { contentId: 'to-delete' } }))).status).toBe(404);
  });

  it("keeps each client's publications to itself", async () => {
    await eventWithMp4('private-content');
    const vs = await activeDirectDestination(t, api, 'VideoSite');
    const [p] = await api.call(endpoints.directVodPublication.create, { body: { publications: [{ contentId: 'private-content', destinationId: vs.id, publicationJson: json({ vs_title: 'Mine' }) }] } });
    const stranger = await createStrangerClient(t);
    expect((await stranger.api.call(endpoints.directVodPublication.list, {})).totalCount).toBe(0);
    expect(await stranger.api.call(endpoints.directVodPublication.listByTransaction, { params: { transactionId: p!.transactionId }, query: { transactionId: p!.transactionId } })).toEqual([]);
    for (const call of [
      () => stranger.api.call(endpoints.directVodPublication.get, { params: { id: p!.id }, query: { destinationId: vs.id } }),
      () => stranger.api.call(endpoints.directVodPublication.getByContent, { query: { contentId: 'private-content', destinationId: vs.id } }),
      () => stranger.api.call(endpoints.directVodPublication.publish, { body: { publicationId: p!.id, destinationId: vs.id } }),
      () => stranger.api.call(endpoints.directVodPublication.update, { params: { id: p!.id }, body: { destinationId: vs.id, publicationJson: '{}' } }),
      () => stranger.api.call(endpoints.directVodPublication.delete, { params: { id: p!.id }, query: { destinationId: vs.id } }),
      () => stranger.api.call(endpoints.directVodPublication.deleteAllForContent, { params: { contentId: 'private-content' } }),
    ]) {
      expect((await failure(call())).status).toBe(404);
    }
    // Another client's content id is unknown to the stranger, and so is the destination.
    const e = await failure(
      stranger.api.call(endpoints.directVodPublication.create, { body: { publications: [{ contentId: 'private-content', destinationId: vs.id, publicationJson: '{}' }] } }),
    );
    expect(e.fieldErrors.map((f) => f.field)).toEqual(['body.publications.0.contentId', 'body.publications.0.destinationId']);
  });
});
