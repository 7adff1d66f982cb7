/** POST /event/ (add or update) through the real routing and database. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, ProvisionState, type Event, type EventBody } from '#schema';
import { type ApiError, type ApiClient } from '#client';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { eventCount, seedLookups, setColumns, tagNames, type Lookups } from '#testing/event-writes.ts';

let t: TestApp;
let api: ApiClient;
let ids: Lookups;
let stranger: TestTenant;
let strangerApi: ApiClient;
let strangerIds: Lookups;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z' });
  api = createTestClient(t);
  ids = await seedLookups(t.database.db, t.clientId);
  stranger = await t.createTenant();
  strangerApi = createTestClient(t, { tenant: stranger });
  strangerIds = await seedLookups(t.database.db, stranger.clientId);
});
afterAll(() => t.close());

const post = (body: EventBody, client = api) => client.call(endpoints.event.upsert, { body });
const fieldsOf = (error: ApiError) => error.fieldErrors.map((f) => f.field);

const DRM = JSON.stringify({
  drm_provider: 'THIRDPARTY',
  drm_data: [{ name: 'FAIRPLAY', key_id: 'k', key_iv: 'iv', laurl: 'https://drm.example/fp' }],
});

describe('POST /event/ adds', () => {
  it('saves every body field and answers 201 with the event', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({
        Title: 'Cup final',
        RefId: 'CUP-1',
        ExternalId: 'ext-cup-1',
        Description: 'The final',
        ScheduledStart: '2026-05-01T18:00:00Z',
        ScheduledEnd: '2026-05-01T20:00:00Z',
        PublishedStart: '2026-05-01T17:45:00Z',
        PublishedEnd: '2026-05-02T20:00:00Z',
        InstantVodStart: '2026-05-01T18:05:00Z',
        InstantVodEnd: '2026-05-01T19:55:00Z',
        ScheduledProvisionAt: '2026-05-01T17:00:00Z',
        ScheduledTerminateAt: '2026-05-01T21:00:00Z',
        ArchiverStart: '2026-05-01T18:00:00',
        ArchiverEnd: '2026-05-01T20:00:00',
        RoomId: ids.room,
        EventTypeId: ids.eventType,
        CategoryId: ids.category,
        ChannelId: ids.channel,
        XflowId: ids.xflow,
        RemixflowId: ids.remixflow,
        InfrastructureProfileId: ids.infrastructureProfile,
        AutoStart: true,
        AutoEnd: true,
        AutoProvisionInfrastructure: true,
        AutoTerminateInfrastructure: true,
        AutoPublish: true,
        AutoStartPublications: true,
        VodEnableDrm: true,
        SetPrivateAfterGeneration: true,
        RefreshIndex: true,
        Tags: [{ name: 'final' }, { name: 'Football' }],
        DrmJson: DRM,
        AdditionalStreamingOptions: 'lowlatency',
        TaskEngineJson: '{"tasks":[]}',
        Thumbnail: 'https://img.example/cup.jpg',
        EventState: 'PRE_LIVE',
        DvrLength: 7200,
        MaxBitrate: 6000,
        MinBitrate: 800,
        AutoExpirePublishingPoints: true,
      }),
    });
    expect(response.statusCode).toBe(201);
    const event = response.json<Event>();
    expect(event).toMatchObject({
      title: 'Cup final',
      refId: 'CUP-1',
      externalId: 'ext-cup-1',
      description: 'The final',
      scheduledStart: '2026-05-01T18:00:00.000Z',
      scheduledEnd: '2026-05-01T20:00:00.000Z',
      publishedStart: '2026-05-01T17:45:00.000Z',
      instantVodEnd: '2026-05-01T19:55:00.000Z',
      scheduledTerminateAt: '2026-05-01T21:00:00.000Z',
      // A date-time without an offset is UTC.
      archiverStart: '2026-05-01T18:00:00.000Z',
      roomId: ids.room,
      room: 'Studio',
      eventTypeId: ids.eventType,
      categoryId: ids.category,
      channelId: ids.channel,
      channel: 'Main',
      xflowId: ids.xflow,
      remixflowId: ids.remixflow,
      infrastructureProfileId: ids.infrastructureProfile,
      autoStart: true,
      autoEnd: true,
      autoProvisionInfrastructure: true,
      autoTerminateInfrastructure: true,
      autoPublish: true,
      autoStartPublications: true,
      vodDrm: true,
      setPrivateAfterGeneration: true,
      drmJson: DRM,
      additionalStreamingOptions: 'lowlatency',
      taskEngineJson: '{"tasks":[]}',
      thumbnail: 'https://img.example/cup.jpg',
      thumbnailUrl: 'https://img.example/cup.jpg',
      stateString: 'PRE_LIVE',
      dvrLength: 7200,
      maxBitrateUrlParam: 6000,
      minBitrateUrlParam: 800,
      dateCreated: '2026-04-01T09:00:00.000Z',
      dateModified: '2026-04-01T09:00:00.000Z',
      dateDeleted: null,
    });
    expect(event.contentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(event.tags?.map((tag) => tag.name)).toEqual(['final', 'Football']);
    expect(await api.call(endpoints.event.get, { params: { id: event.id } })).toMatchObject({ title: 'Cup final', categoryId: ids.category });

    const [added, ...more] = await changesOf(t.database.db, event.id);
    expect(more).toEqual([]);
    expect(added).toMatchObject({ action: 'Added', referenceId: 'CUP-1', externalId: 'ext-cup-1', state: 0 });
    expect(flagsOf(added!)).toEqual(['metadataChanged', 'thumbnailChanged']);
  });

  it('adds in PRE_LIVE by default, with only a title', async () => {
    const event = await post({ Title: 'Bare' });
    expect(event).toMatchObject({ state: 0, stateString: 'PRE_LIVE', channelId: null, categories: [], tags: [], autoStart: false });
    expect(flagsOf((await changesOf(t.database.db, event.id))[0]!)).toEqual(['metadataChanged']);
  });

  it('adds with the Id given when no event has it', async () => {
    const id = randomUUID();
    const event = await post({ Id: id, Title: 'Chosen id' });
    expect(event.id).toBe(id);
    expect((await changesOf(t.database.db, id))[0]?.action).toBe('Added');
  });

  it('creates in a resting EventState, and refuses a live or transitional one', async () => {
    expect((await post({ Title: 'Already public', EventState: 'VOD_PUBLIC' })).stateString).toBe('VOD_PUBLIC');
    expect((await post({ Title: 'Waiting VOD', EventState: EventState.values.PRE_VOD })).stateString).toBe('PRE_VOD');
    const before = await eventCount(t.database.db, t.clientId);
    for (const state of ['LIVE_PUBLISHED', 'LIVE_STARTING', 'VOD_INGESTING', 'VOD_ERROR'] as const) {
      const error = await failure(post({ Title: `In ${state}`, EventState: state }));
      expect(error.status).toBe(400);
      expect(error.fieldErrors).toEqual([{ field: 'body.EventState', message: expect.stringContaining('PUT /event/state/{id}') }]);
    }
    expect(await eventCount(t.database.db, t.clientId)).toBe(before);
  });
});

describe('POST /event/ refuses bad input, naming the field', () => {
  it('refId and externalId over 100 characters', async () => {
    const error = await failure(post({ Title: 'x', RefId: 'r'.repeat(101), ExternalId: 'e'.repeat(101) }));
    expect(error.status).toBe(400);
    expect(fieldsOf(error).sort()).toEqual(['body.ExternalId', 'body.RefId']);
  });

  it('an end before its start', async () => {
    const error = await failure(post({ Title: 'x', ScheduledStart: '2026-05-01T10:00:00Z', ScheduledEnd: '2026-05-01T09:00:00Z' }));
    expect(fieldsOf(error)).toEqual(['body.ScheduledEnd']);
  });

  it.each([
    ['ChannelId', 'channel'],
    ['RoomId', 'room'],
    ['EventTypeId', 'eventType'],
    ['CategoryId', 'category'],
    ['XflowId', 'xflow'],
    ['RemixflowId', 'remixflow'],
    ['InfrastructureProfileId', 'infrastructureProfile'],
  ] as const)('an unknown %s, and another client’s', async (field, key) => {
    const unknown = await failure(post({ Title: 'x', [field]: randomUUID() }));
    expect(unknown.status).toBe(400);
    expect(unknown.fieldErrors).toEqual([{ field: `body.${field}`, message: expect.stringMatching(/^there is no /) }]);
    const foreign = await failure(post({ Title: 'x', [field]: strangerIds[key] }));
    expect(foreign.fieldErrors).toEqual([{ field: `body.${field}`, message: expect.stringContaining(strangerIds[key]) }]);
  });

  it('a DRM JSON of the wrong shape', async () => {
    const error = await failure(post({ Title: 'x', DrmJson: '{"drm_provider": "THIRDPARTY", "drm_data": [{"name": "CENC"}]}' }));
    expect(error.status).toBe(400);
    expect(new Set(fieldsOf(error))).toEqual(new Set(['body.DrmJson']));
  });

  it('an unknown tag id and a DVR length beyond 24 hours, together', async () => {
    const error = await failure(post({ Title: 'x', Tags: [{ name: 'ok' }, { id: randomUUID(), name: 'ghost' }], DvrLength: 86_401 }));
    expect(fieldsOf(error).sort()).toEqual(['body.DvrLength', 'body.Tags.1.id']);
  });

  it('leaves nothing behind when one field is wrong: no event, no new tag, no change record', async () => {
    const events = await eventCount(t.database.db, t.clientId);
    const tagsBefore = await tagNames(t.database.db, t.clientId);
    const id = randomUUID();
    const error = await failure(post({ Id: id, Title: 'Half', Tags: [{ name: 'brand-new-tag' }], CategoryId: randomUUID() }));
    expect(fieldsOf(error)).toEqual(['body.CategoryId']);
    expect(await eventCount(t.database.db, t.clientId)).toBe(events);
    expect(await tagNames(t.database.db, t.clientId)).toEqual(tagsBefore);
    expect(await changesOf(t.database.db, id)).toEqual([]);
  });
});

describe('POST /event/ updates', () => {
  let base: Event;
  beforeAll(async () => {
    base = await post({
      Title: 'Evening news',
      RefId: 'NEWS-1',
      Description: 'Daily',
      ChannelId: ids.channel,
      InfrastructureProfileId: ids.infrastructureProfile,
      ScheduledStart: '2026-05-02T18:00:00Z',
      ScheduledEnd: '2026-05-02T18:30:00Z',
      Tags: [{ name: 'news' }],
      AutoStart: true,
    });
  });

  it('keeps fields left out, clears fields sent as null, and records the metadata change', async () => {
    t.clock.advance(60_000);
    const updated = await post({ Id: base.id, Title: 'Evening news (late)', Description: null });
    expect(updated).toMatchObject({
      id: base.id,
      title: 'Evening news (late)',
      description: null,
      refId: 'NEWS-1',
      channelId: ids.channel,
      autoStart: true,
      scheduledStart: '2026-05-02T18:00:00.000Z',
      dateCreated: base.dateCreated,
      dateModified: '2026-04-01T09:01:00.000Z',
    });
    expect(updated.tags?.map((tag) => tag.name)).toEqual(['news']);
    const last = (await changesOf(t.database.db, base.id)).at(-1)!;
    expect(last.action).toBe('Updated');
    expect(flagsOf(last)).toEqual(['metadataChanged']);
  });

  it('flags a thumbnail change alone as such', async () => {
    await post({ Id: base.id, Title: 'Evening news (late)', Thumbnail: 'https://img.example/news.png' });
    const last = (await changesOf(t.database.db, base.id)).at(-1)!;
    expect(flagsOf(last)).toEqual(['thumbnailChanged']);
  });

  it('records nothing and keeps dateModified when nothing changes', async () => {
    const before = await changesOf(t.database.db, base.id);
    const current = await api.call(endpoints.event.get, { params: { id: base.id } });
    t.clock.advance(60_000);
    const same = await post({ Id: base.id, Title: current!.title, RefId: 'NEWS-1', Tags: [{ name: 'NEWS' }], RefreshIndex: true });
    expect(same.dateModified).toBe(current!.dateModified);
    expect(await changesOf(t.database.db, base.id)).toHaveLength(before.length);
  });

  it('reuses tags by name in any case and adds new ones; [] removes them all', async () => {
    const other = await post({ Title: 'Tagged', Tags: [{ name: 'News' }, { name: 'weather' }, { name: 'WEATHER' }] });
    expect(other.tags?.map((tag) => tag.name)).toEqual(['news', 'weather']);
    expect((await tagNames(t.database.db, t.clientId)).filter((n) => n.toLowerCase() === 'news')).toEqual(['news']);
    const cleared = await post({ Id: other.id, Title: 'Tagged', Tags: [] });
    expect(cleared.tags).toEqual([]);
    expect(flagsOf((await changesOf(t.database.db, other.id)).at(-1)!)).toEqual(['metadataChanged']);
  });

  it('makes CategoryId the first category and keeps the others; null clears them', async () => {
    const event = await post({ Title: 'Two categories', CategoryId: ids.category });
    const both = await post({ Id: event.id, Title: 'Two categories', CategoryId: ids.otherCategory });
    expect(both.categories.map((c) => c.id)).toEqual([ids.otherCategory, ids.category]);
    expect(both.categoryId).toBe(ids.otherCategory);
    const back = await post({ Id: event.id, Title: 'Two categories', CategoryId: ids.category });
    expect(back.categories.map((c) => c.id)).toEqual([ids.category, ids.otherCategory]);
    const none = await post({ Id: event.id, Title: 'Two categories', CategoryId: null });
    expect(none).toMatchObject({ categories: [], categoryId: null, category: null });
  });

  it('checks a period against the stored start or end', async () => {
    const error = await failure(post({ Id: base.id, Title: 'x', ScheduledEnd: '2026-05-02T17:00:00Z' }));
    expect(error.fieldErrors).toEqual([{ field: 'body.ScheduledEnd', message: expect.stringContaining('must not be before ScheduledStart') }]);
    const start = await failure(post({ Id: base.id, Title: 'x', ScheduledStart: '2026-05-02T19:00:00Z' }));
    expect(fieldsOf(start)).toEqual(['body.ScheduledStart']);
  });

  it('refuses a state change, and accepts the current state', async () => {
    const error = await failure(post({ Id: base.id, Title: 'x', EventState: 'VOD_PUBLIC' }));
    expect(error.fieldErrors).toEqual([{ field: 'body.EventState', message: expect.stringContaining('use PUT /event/state/{id}') }]);
    expect((await post({ Id: base.id, Title: 'Evening news (late)', EventState: 'PRE_LIVE' })).stateString).toBe('PRE_LIVE');
  });

  it('ignores channel and infrastructure changes while live, saves the rest and says so', async () => {
    const db = t.database.db;
    await setColumns(db, t.clientId, base.id, { state: EventState.values.LIVE_PUBLISHED });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ Id: base.id, Title: 'On air', ChannelId: ids.otherChannel, InfrastructureProfileId: ids.infrastructureProfile }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-ignored-fields']).toBe('ChannelId');
    expect(response.json<Event>()).toMatchObject({ title: 'On air', channelId: ids.channel });

    await setColumns(db, t.clientId, base.id, { state: EventState.values.PRE_LIVE, provisionState: ProvisionState.values.PROVISIONING });
    const provisioning = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ Id: base.id, Title: 'On air', ChannelId: ids.otherChannel, InfrastructureProfileId: ids.otherInfrastructureProfile }),
    });
    expect(provisioning.headers['x-ignored-fields']).toBe('ChannelId, InfrastructureProfileId');
    expect(provisioning.json<Event>()).toMatchObject({ channelId: ids.channel, infrastructureProfileId: ids.infrastructureProfile });

    await setColumns(db, t.clientId, base.id, { provisionState: ProvisionState.values.PROVISIONED });
    const idle = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ Id: base.id, Title: 'On air', ChannelId: ids.otherChannel }),
    });
    expect(idle.headers['x-ignored-fields']).toBeUndefined();
    expect(idle.json<Event>().channelId).toBe(ids.otherChannel);
  });

  it('does not update a deleted event: 409, restore it first', async () => {
    const event = await post({ Title: 'Binned' });
    await api.call(endpoints.event.delete, { params: { id: event.id } });
    const error = await failure(post({ Id: event.id, Title: 'Changed' }));
    expect(error.status).toBe(409);
    expect(error.message).toContain(`/event/restore/${event.id}`);
  });
});

describe('tenancy', () => {
  it('cannot update another client’s event through its Id, nor learn anything of it', async () => {
    const mine = await post({ Title: 'Mine', RefId: 'MINE' });
    const error = await failure(post({ Id: mine.id, Title: 'Taken over' }, strangerApi));
    expect(error.status).toBe(400);
    expect(fieldsOf(error)).toEqual(['body.Id']);
    expect(await api.call(endpoints.event.get, { params: { id: mine.id } })).toMatchObject({ title: 'Mine' });
    expect(await eventCount(t.database.db, stranger.clientId)).toBe(0);
  });

  it('keeps tags per client: the same name is another tag for another client', async () => {
    const mine = await post({ Title: 'A', Tags: [{ name: 'shared-name' }] });
    const theirs = await post({ Title: 'B', Tags: [{ name: 'shared-name' }] }, strangerApi);
    expect(theirs.tags?.[0]?.id).not.toBe(mine.tags?.[0]?.id);
    const error = await failure(post({ Title: 'C', Tags: [{ id: mine.tags![0]!.id, name: 'shared-name' }] }, strangerApi));
    expect(fieldsOf(error)).toEqual(['body.Tags.0.id']);
  });
});
