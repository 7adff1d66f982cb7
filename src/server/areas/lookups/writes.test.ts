/**
 * The lookup writes: categories, rooms, tags, channels, xflows, infrastructure profiles and
 * property configurations; what deleting one in use does to events; and tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, type ChannelConfiguration, type XflowConfiguration } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { eventChanges, events } from '../../db/tables/index.ts';

let t: TestApp;
let api: ApiClient;
let stranger: ApiClient;
let strangerClientId: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
  api = createTestClient(t);
  const other = await createStrangerClient(t);
  stranger = other.api;
  strangerClientId = other.tenant.clientId;
});
afterAll(() => t.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';

async function eventRow(id: string) {
  const [row] = await t.database.db.select().from(events).where(eq(events.id, id));
  return row!;
}

/** The metadata changes recorded for an event. */
async function changesOf(eventId: string) {
  return t.database.db
    .select({ action: eventChanges.action, metadataChanged: eventChanges.metadataChanged, stateChanged: eventChanges.stateChanged })
    .from(eventChanges)
    .where(and(eq(eventChanges.clientId, t.clientId), eq(eventChanges.eventId, eventId)));
}

const channelConfiguration: ChannelConfiguration = {
  encoders: [
    {
      streamingServer: { primaryPublishingPoint: 'rtmp://ingest.example/live/a', dvrWindowLength: 3600 },
      outputUrls: [{ streamProtocol: 'HLS', liveCdnUrl: 'https://cdn.example/a/index.m3u8', liveOriginPrimaryUrl: 'https://origin.example/a/index.m3u8' }],
      supportsComposition: false,
    },
  ],
};

const xflowConfiguration: XflowConfiguration = {
  taskEngine: { endpoint: 'https://tasks.example/api' },
  streamingServer: { url: 'https://streaming.example' },
  outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example/vod/{content_id}/index.m3u8' }],
};

const template = {
  configuration: [{ name: 'rating', displayName: 'Rating', type: 'SelectList', category: 'broadcast', key: 'rating', additionalProperties: { options: ['G', 'PG'] } }],
};

describe('categories', () => {
  it('adds, updates and lists a category with its custom properties', async () => {
    const created = await api.call(endpoints.category.create, {
      body: { name: 'sports', label: 'Sports', description: 'Ball games', customProperties: [{ category: 'rights', key: 'holder', value: 'League' }] },
    });
    expect(created).toMatchObject({ name: 'sports', label: 'Sports', description: 'Ball games' });
    const [property] = created.customProperties;
    expect(property).toMatchObject({ category: 'rights', key: 'holder', value: 'League', id: expect.any(String) });

    // Re-sending a property without its id keeps the id: (category, key) identifies it.
    const updated = await api.call(endpoints.category.update, {
      params: { id: created.id },
      body: { name: 'sport', label: 'SPORTS', customProperties: [{ category: 'rights', key: 'holder', value: 'Union' }] },
    });
    expect(updated).toEqual({
      id: created.id,
      name: 'sport',
      label: 'SPORTS',
      description: null,
      customProperties: [{ id: property!.id, category: 'rights', key: 'holder', value: 'Union' }],
      version: expect.any(Number),
    });
    expect(await api.call(endpoints.category.get, { params: { id: created.id } })).toEqual(updated);
  });

  it('refuses a label another category has (any case), naming body.label', async () => {
    await api.call(endpoints.category.create, { body: { name: 'music', label: 'Music' } });
    const clash = await failure(api.call(endpoints.category.create, { body: { name: 'other', label: 'MUSIC' } }));
    expect(clash.status).toBe(400);
    expect(clash.fieldErrors).toEqual([{ field: 'body.label', message: 'a category labelled "MUSIC" already exists' }]);
    const sports = (await api.call(endpoints.category.list, {})).find((c) => c.name === 'sport')!;
    const onUpdate = await failure(api.call(endpoints.category.update, { params: { id: sports.id }, body: { name: 'sport', label: 'music' } }));
    expect(onUpdate.fieldErrors.map((f) => f.field)).toEqual(['body.label']);
    // Another client may use the same label.
    await stranger.call(endpoints.category.create, { body: { name: 'music', label: 'Music' } });
  });

  it('refuses a custom property given twice, and a blank name or label', async () => {
    const twice = await failure(
      api.call(endpoints.category.create, {
        body: { name: 'news', label: 'News', customProperties: [{ category: 'a', key: 'b', value: '1' }, { category: 'a', key: 'b', value: '2' }] },
      }),
    );
    expect(twice.fieldErrors).toEqual([{ field: 'body.customProperties.1.key', message: '"a/b" is given twice' }]);
    const blank = await failure(api.call(endpoints.category.create, { body: { name: ' ', label: '' } }));
    expect(blank.fieldErrors.map((f) => f.field).sort()).toEqual(['body.label', 'body.name']);
    expect((await api.call(endpoints.category.list, {})).map((c) => c.label)).not.toContain('News');
  });

  it('deletes a category in use: its events lose it, count as modified and notify', async () => {
    const category = await api.call(endpoints.category.create, { body: { name: 'temp', label: 'Temp' } });
    const eventId = await insertEvent(t, { title: 'An event' });
    // Linked the way the event writes link them.
    const { eventCategories } = await import('../../db/tables/index.ts');
    await t.database.db.insert(eventCategories).values({ clientId: t.clientId, eventId, categoryId: category.id, position: 0 });
    t.clock.advance(60_000);
    expect(await api.call(endpoints.category.delete, { params: { id: category.id } })).toBeNull();
    const event = await api.call(endpoints.event.get, { params: { id: eventId } });
    expect(event).toMatchObject({ categories: [], category: null, categoryId: null, dateModified: t.clock.now().toISOString() });
    expect(await changesOf(eventId)).toEqual([{ action: 'Updated', metadataChanged: true, stateChanged: false }]);
    expect((await failure(api.call(endpoints.category.delete, { params: { id: category.id } }))).status).toBe(404);
  });
});

describe('rooms', () => {
  it('adds (201), updates and deletes (410) a room; its events are left without one', async () => {
    const room = await api.call(endpoints.room.create, { body: { name: 'Studio A', referenceId: 'ROOM-A' } });
    expect(room).toEqual({ id: expect.any(String), name: 'Studio A', referenceId: 'ROOM-A', version: expect.any(Number) });
    const response = await t.app.inject({ method: 'POST', url: '/api/room/', headers: t.headers(), payload: { name: 'Studio B' } });
    expect(response.statusCode).toBe(201);

    const renamed = await api.call(endpoints.room.update, { params: { id: room.id }, body: { name: 'Studio A1' } });
    expect(renamed).toEqual({ id: room.id, name: 'Studio A1', referenceId: null, version: expect.any(Number) });

    const eventId = await insertEvent(t, { title: 'An event',  roomId: room.id });
    expect(await api.call(endpoints.event.get, { params: { id: eventId } })).toMatchObject({ room: 'Studio A1' });
    t.clock.advance(60_000);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/room/${room.id}`, headers: t.headers() });
    expect(deleted.statusCode).toBe(410);
    expect(await api.call(endpoints.event.get, { params: { id: eventId } })).toMatchObject({ roomId: null, room: null, dateModified: t.clock.now().toISOString() });
    expect(await changesOf(eventId)).toEqual([{ action: 'Updated', metadataChanged: true, stateChanged: false }]);
    expect((await failure(api.call(endpoints.room.delete, { params: { id: room.id } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.room.update, { params: { id: room.id }, body: { name: 'X' } }))).status).toBe(404);
  });

  it('refuses a reference id over 100 characters', async () => {
    const long = await failure(api.call(endpoints.room.create, { body: { name: 'Long', referenceId: 'x'.repeat(101) } }));
    expect(long.fieldErrors).toEqual([{ field: 'body.referenceId', message: 'must have at most 100 characters' }]);
  });
});

describe('tags', () => {
  it('adds (201) and renames (id in the body) a tag, refusing a name in use', async () => {
    const red = await api.call(endpoints.tag.create, { body: { name: 'red' } });
    expect(red).toEqual({ id: expect.any(String), name: 'red', version: expect.any(Number) });
    expect((await t.app.inject({ method: 'POST', url: '/api/tag/', headers: t.headers(), payload: { name: 'blue' } })).statusCode).toBe(201);
    const clash = await failure(api.call(endpoints.tag.create, { body: { name: 'RED' } }));
    expect(clash.fieldErrors).toEqual([{ field: 'body.name', message: 'a tag named "RED" already exists' }]);
    const comma = await failure(api.call(endpoints.tag.create, { body: { name: 'a,b' } }));
    expect(comma.fieldErrors.map((f) => f.field)).toEqual(['body.name']);

    expect(await api.call(endpoints.tag.update, { body: { id: red.id, name: 'Red' } })).toEqual({ id: red.id, name: 'Red', version: expect.any(Number) });
    expect((await failure(api.call(endpoints.tag.update, { body: { id: red.id, name: 'Blue' } }))).fieldErrors.map((f) => f.field)).toEqual(['body.name']);
    expect((await failure(api.call(endpoints.tag.update, { body: { id: NOBODY, name: 'x' } }))).status).toBe(404);
  });

  it('replaces an event’s tags, reusing tags by id or name and adding new names', async () => {
    const [blue, red] = await api.call(endpoints.tag.list, {});
    const eventId = await insertEvent(t, { title: 'An event' });
    t.clock.advance(60_000);
    const tags = await api.call(endpoints.tag.setForEvent, {
      params: { id: eventId },
      body: [{ id: red!.id, name: 'ignored when the id is known' }, { name: 'BLUE' }, { name: 'green' }, { name: 'Green' }, { id: NOBODY, name: 'red' }],
    });
    expect(tags.map((x) => x.name)).toEqual(['blue', 'green', 'Red']);
    expect(tags[0]!.id).toBe(blue!.id);
    expect(tags.find((x) => x.name === 'Red')!.id).toBe(red!.id);
    expect((await api.call(endpoints.tag.list, {})).map((x) => x.name)).toEqual(['blue', 'green', 'Red']);
    expect(await api.call(endpoints.event.get, { params: { id: eventId } })).toMatchObject({ tags: tags.map(({ id, name }) => ({ id, name })), dateModified: t.clock.now().toISOString() });
    expect(await changesOf(eventId)).toEqual([{ action: 'Updated', metadataChanged: true, stateChanged: false }]);

    // The same set again changes nothing and notifies nobody.
    t.clock.advance(60_000);
    await api.call(endpoints.tag.setForEvent, { params: { id: eventId }, body: [{ name: 'red' }, { name: 'green' }, { name: 'blue' }] });
    expect(await changesOf(eventId)).toHaveLength(1);
    expect((await eventRow(eventId)).dateModified.toISOString()).not.toBe(t.clock.now().toISOString());

    expect(await api.call(endpoints.tag.setForEvent, { params: { id: eventId }, body: [] })).toEqual([]);
    expect(await changesOf(eventId)).toHaveLength(2);
    expect((await failure(api.call(endpoints.tag.setForEvent, { params: { id: NOBODY }, body: [] }))).status).toBe(404);
    const gone = await insertEvent(t, { title: 'An event',  dateDeleted: t.clock.now() });
    expect((await failure(api.call(endpoints.tag.setForEvent, { params: { id: gone }, body: [{ name: 'red' }] }))).status).toBe(404);
  });

  it('deletes a tag (410) from every event that had it', async () => {
    const eventId = await insertEvent(t, { title: 'An event' });
    const [tag] = await api.call(endpoints.tag.setForEvent, { params: { id: eventId }, body: [{ name: 'doomed' }] });
    t.clock.advance(60_000);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tag/${tag!.id}`, headers: t.headers() })).statusCode).toBe(410);
    expect(await api.call(endpoints.tag.listForEvent, { params: { id: eventId } })).toEqual([]);
    expect(await changesOf(eventId)).toHaveLength(2);
    expect((await eventRow(eventId)).dateModified.toISOString()).toBe(t.clock.now().toISOString());
    expect((await failure(api.call(endpoints.tag.delete, { params: { id: tag!.id } }))).status).toBe(404);
  });
});

describe('channels', () => {
  it('adds, and updates when the body carries an id', async () => {
    const configurationJson = JSON.stringify(channelConfiguration);
    const added = await api.call(endpoints.channel.upsert, { body: { name: 'Arena', referenceId: 'CH-A', configurationJson } });
    expect(added).toEqual({ id: expect.any(String), name: 'Arena', referenceId: 'CH-A', configurationJson, version: expect.any(Number) });
    const updated = await api.call(endpoints.channel.upsert, { body: { id: added.id, name: 'Arena 1', configurationJson } });
    expect(updated).toEqual({ id: added.id, name: 'Arena 1', referenceId: null, configurationJson, version: expect.any(Number) });
    expect(await api.call(endpoints.channel.list, {})).toEqual([updated]);
    const unknown = await failure(api.call(endpoints.channel.upsert, { body: { id: NOBODY, name: 'X', configurationJson } }));
    expect(unknown.status).toBe(404);
  });

  it('refuses a configuration that does not match ChannelConfiguration, naming the inner path', async () => {
    const broken = structuredClone(channelConfiguration) as unknown as { encoders: { streamingServer: { primaryPublishingPoint: string } }[] };
    broken.encoders[0]!.streamingServer.primaryPublishingPoint = 'not a url';
    const bad = await failure(api.call(endpoints.channel.upsert, { body: { name: 'Bad', configurationJson: JSON.stringify(broken) } }));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors).toEqual([{ field: 'body.configurationJson', message: expect.stringContaining('encoders[0].streamingServer.primaryPublishingPoint') }]);
    const notJson = await failure(api.call(endpoints.channel.upsert, { body: { name: 'Bad', configurationJson: '{' } }));
    expect(notJson.fieldErrors[0]).toMatchObject({ field: 'body.configurationJson', message: expect.stringContaining('not valid JSON') });
  });

  it('refuses to delete a channel events use, saying how many; deletes it once they are deleted', async () => {
    const configurationJson = JSON.stringify(channelConfiguration);
    const channel = await api.call(endpoints.channel.upsert, { body: { name: 'Busy', configurationJson } });
    const first = await insertEvent(t, { title: 'An event',  channelId: channel.id });
    await insertEvent(t, { title: 'An event',  channelId: channel.id });
    const busy = await failure(api.call(endpoints.channel.delete, { params: { id: channel.id } }));
    expect(busy.status).toBe(400);
    expect(busy.message).toBe('The channel is used by 2 events; give them another channel (or delete them) first');
    expect(busy.body?.data).toMatchObject({ events: 2 });

    await t.database.db.update(events).set({ dateDeleted: t.clock.now() }).where(eq(events.channelId, channel.id));
    t.clock.advance(60_000);
    expect(await api.call(endpoints.channel.delete, { params: { id: channel.id } })).toBeNull();
    const row = await eventRow(first);
    expect(row.channelId).toBeNull();
    expect(row.dateModified.toISOString()).toBe(t.clock.now().toISOString());
    expect(await changesOf(first)).toEqual([{ action: 'Updated', metadataChanged: true, stateChanged: false }]);
    expect((await failure(api.call(endpoints.channel.delete, { params: { id: channel.id } }))).status).toBe(404);
  });
});

describe('xflows and infrastructure profiles', () => {
  it('adds, updates and deletes an xflow, checking its configuration', async () => {
    const configurationJson = JSON.stringify(xflowConfiguration);
    const xflow = await api.call(endpoints.xflow.create, { body: { name: 'VOD flow', configurationJson } });
    expect(xflow).toEqual({ id: expect.any(String), name: 'VOD flow', configurationJson, version: expect.any(Number) });
    expect(await api.call(endpoints.xflow.update, { params: { id: xflow.id }, body: { name: 'VOD flow 2', configurationJson } })).toMatchObject({
      name: 'VOD flow 2',
    });
    const noPlaceholder = { ...xflowConfiguration, outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example/vod/index.m3u8' }] };
    const bad = await failure(api.call(endpoints.xflow.update, { params: { id: xflow.id }, body: { name: 'x', configurationJson: JSON.stringify(noPlaceholder) } }));
    expect(bad.fieldErrors).toEqual([{ field: 'body.configurationJson', message: 'outputUrls[0].vodCdnUrl: must contain {content_id}' }]);
    expect((await failure(api.call(endpoints.xflow.update, { params: { id: NOBODY }, body: { name: 'x', configurationJson } }))).status).toBe(404);

    // In use as a remixflow counts too.
    const eventId = await insertEvent(t, { title: 'An event',  remixflowId: xflow.id });
    const busy = await failure(api.call(endpoints.xflow.delete, { params: { id: xflow.id } }));
    expect(busy.message).toBe('The xflow is used by 1 event; give them another xflow (or delete them) first');
    await t.database.db.update(events).set({ remixflowId: null }).where(eq(events.id, eventId));
    expect(await api.call(endpoints.xflow.delete, { params: { id: xflow.id } })).toBeNull();
    expect(await api.call(endpoints.xflow.get, { params: { id: xflow.id } })).toBeNull();
  });

  it('refuses malformed configuration JSON on every write, naming body.configurationJson and where it breaks', async () => {
    const profile = await api.call(endpoints.infrastructureProfile.create, { body: { name: 'P', configurationJson: '{}' } });
    const xflow = await api.call(endpoints.xflow.create, { body: { name: 'X', configurationJson: JSON.stringify(xflowConfiguration) } });
    const malformed = '{\n  "cpu": 2,\n}';
    const writes = [
      () => api.call(endpoints.channel.upsert, { body: { name: 'C', configurationJson: malformed } }),
      () => api.call(endpoints.xflow.create, { body: { name: 'X2', configurationJson: malformed } }),
      () => api.call(endpoints.xflow.update, { params: { id: xflow.id }, body: { name: 'X', configurationJson: malformed } }),
      () => api.call(endpoints.infrastructureProfile.create, { body: { name: 'P2', configurationJson: malformed } }),
      () => api.call(endpoints.infrastructureProfile.update, { params: { id: profile.id }, body: { name: 'P', configurationJson: malformed } }),
    ];
    for (const write of writes) {
      const bad = await failure(write());
      expect(bad.status).toBe(400);
      expect(bad.fieldErrors).toEqual([{ field: 'body.configurationJson', message: expect.stringContaining('not valid JSON') }]);
    }
    // Nothing was written.
    expect((await api.call(endpoints.xflow.get, { params: { id: xflow.id } }))?.configurationJson).toBe(JSON.stringify(xflowConfiguration));
    expect((await api.call(endpoints.infrastructureProfile.list, {})).map((p) => p.name)).not.toContain('P2');
  });

  it('keeps an xflow\u2019s name and configuration through an update, and its reference id untouched', async () => {
    const configurationJson = JSON.stringify(xflowConfiguration, null, 2);
    const xflow = await api.call(endpoints.xflow.create, { body: { name: 'Formatted', configurationJson } });
    expect(xflow.configurationJson).toBe(configurationJson);
    // Xflow bodies carry no reference id; one set in the database (an import) survives an update.
    const { xflows } = await import('../../db/tables/index.ts');
    await t.database.db.update(xflows).set({ referenceId: 'XF-1' }).where(eq(xflows.id, xflow.id));
    const updated = await api.call(endpoints.xflow.update, { params: { id: xflow.id }, body: { name: 'Formatted 2', configurationJson } });
    expect(updated).toEqual({ id: xflow.id, name: 'Formatted 2', configurationJson, version: expect.any(Number) });
    const [row] = await t.database.db.select().from(xflows).where(eq(xflows.id, xflow.id));
    expect(row).toMatchObject({ name: 'Formatted 2', referenceId: 'XF-1' });
  });

  it('adds, updates and deletes an infrastructure profile, whose configuration must be a JSON object', async () => {
    const profile = await api.call(endpoints.infrastructureProfile.create, { body: { name: 'Small', referenceId: 'IP-S', configurationJson: '{"cpu":2}' } });
    expect(profile).toEqual({ id: expect.any(String), name: 'Small', referenceId: 'IP-S', configurationJson: '{"cpu":2}', version: expect.any(Number) });
    const bad = await failure(api.call(endpoints.infrastructureProfile.update, { params: { id: profile.id }, body: { name: 'S', configurationJson: '[1]' } }));
    expect(bad.fieldErrors.map((f) => f.field)).toEqual(['body.configurationJson']);
    expect(await api.call(endpoints.infrastructureProfile.update, { params: { id: profile.id }, body: { name: 'S', configurationJson: '{}' } })).toMatchObject({
      name: 'S',
      referenceId: null,
    });
    const eventId = await insertEvent(t, { title: 'An event',  infrastructureProfileId: profile.id });
    expect((await failure(api.call(endpoints.infrastructureProfile.delete, { params: { id: profile.id } }))).status).toBe(400);
    await t.database.db.delete(events).where(eq(events.id, eventId));
    expect(await api.call(endpoints.infrastructureProfile.delete, { params: { id: profile.id } })).toBeNull();
    expect((await failure(api.call(endpoints.infrastructureProfile.delete, { params: { id: profile.id } }))).status).toBe(404);
  });
});

describe('property configurations', () => {
  it('adds, updates and deletes a template; its events keep their properties and lose the link', async () => {
    const configurationJson = JSON.stringify(template);
    const created = await api.call(endpoints.propertyConfiguration.create, { body: { name: 'Broadcast', referenceId: 'PC-1', configurationJson } });
    expect(created).toEqual({ id: expect.any(String), name: 'Broadcast', referenceId: 'PC-1', configurationJson, version: expect.any(Number) });
    const duplicate = { configuration: [...template.configuration, { ...template.configuration[0]!, name: 'rating2' }] };
    const bad = await failure(
      api.call(endpoints.propertyConfiguration.update, { params: { id: created.id }, body: { name: 'B', configurationJson: JSON.stringify(duplicate) } }),
    );
    expect(bad.fieldErrors).toEqual([{ field: 'body.configurationJson', message: 'configuration[1].key: duplicate category and key "broadcast/rating"' }]);
    const noOptions = { configuration: [{ ...template.configuration[0]!, additionalProperties: {} }] };
    const bad2 = await failure(api.call(endpoints.propertyConfiguration.create, { body: { name: 'B', configurationJson: JSON.stringify(noOptions) } }));
    expect(bad2.fieldErrors[0]?.message).toBe('configuration[0].additionalProperties.options: a SelectList needs at least one option');

    const eventId = await insertEvent(t, { title: 'An event',  customPropertyConfigurationId: created.id });
    t.clock.advance(60_000);
    expect(await api.call(endpoints.propertyConfiguration.delete, { params: { id: created.id } })).toBeNull();
    expect(await api.call(endpoints.event.get, { params: { id: eventId } })).toMatchObject({
      customPropertyConfigurationId: null,
      dateModified: t.clock.now().toISOString(),
    });
    expect(await changesOf(eventId)).toEqual([{ action: 'Updated', metadataChanged: true, stateChanged: false }]);
    expect((await failure(api.call(endpoints.propertyConfiguration.delete, { params: { id: created.id } }))).status).toBe(404);
  });
});

describe('tenancy', () => {
  it('never lets another client see or change a client’s lookups', async () => {
    const room = await api.call(endpoints.room.create, { body: { name: 'Private room' } });
    const category = await api.call(endpoints.category.create, { body: { name: 'private', label: 'Private' } });
    const tag = await api.call(endpoints.tag.create, { body: { name: 'private' } });
    const channel = await api.call(endpoints.channel.upsert, { body: { name: 'Private channel', configurationJson: JSON.stringify(channelConfiguration) } });
    const xflow = await api.call(endpoints.xflow.create, { body: { name: 'Private flow', configurationJson: JSON.stringify(xflowConfiguration) } });
    const profile = await api.call(endpoints.infrastructureProfile.create, { body: { name: 'Private profile', configurationJson: '{}' } });
    const templateRow = await api.call(endpoints.propertyConfiguration.create, { body: { name: 'Private template', configurationJson: JSON.stringify(template) } });
    const eventId = await insertEvent(t, { title: 'An event' });

    const statuses = await Promise.all(
      [
        stranger.call(endpoints.room.update, { params: { id: room.id }, body: { name: 'Taken' } }),
        stranger.call(endpoints.room.delete, { params: { id: room.id } }),
        stranger.call(endpoints.category.update, { params: { id: category.id }, body: { name: 'x', label: 'Taken' } }),
        stranger.call(endpoints.category.delete, { params: { id: category.id } }),
        stranger.call(endpoints.tag.update, { body: { id: tag.id, name: 'taken' } }),
        stranger.call(endpoints.tag.delete, { params: { id: tag.id } }),
        stranger.call(endpoints.tag.setForEvent, { params: { id: eventId }, body: [{ name: 'x' }] }),
        stranger.call(endpoints.channel.upsert, { body: { id: channel.id, name: 'Taken', configurationJson: JSON.stringify(channelConfiguration) } }),
        stranger.call(endpoints.channel.delete, { params: { id: channel.id } }),
        stranger.call(endpoints.xflow.update, { params: { id: xflow.id }, body: { name: 'Taken', configurationJson: JSON.stringify(xflowConfiguration) } }),
        stranger.call(endpoints.xflow.delete, { params: { id: xflow.id } }),
        stranger.call(endpoints.infrastructureProfile.update, { params: { id: profile.id }, body: { name: 'Taken', configurationJson: '{}' } }),
        stranger.call(endpoints.infrastructureProfile.delete, { params: { id: profile.id } }),
        stranger.call(endpoints.propertyConfiguration.update, {
          params: { id: templateRow.id },
          body: { name: 'Taken', configurationJson: JSON.stringify(template) },
        }),
        stranger.call(endpoints.propertyConfiguration.delete, { params: { id: templateRow.id } }),
      ].map((p) => failure(p).then((e) => e.status)),
    );
    expect(statuses).toEqual(Array(statuses.length).fill(404));

    expect(await api.call(endpoints.room.get, { params: { id: room.id } })).toEqual(room);
    expect(await api.call(endpoints.category.get, { params: { id: category.id } })).toEqual(category);
    expect(await api.call(endpoints.tag.get, { params: { id: tag.id } })).toEqual(tag);
    expect(await api.call(endpoints.channel.get, { params: { id: channel.id } })).toEqual(channel);
    expect(await api.call(endpoints.xflow.get, { params: { id: xflow.id } })).toEqual(xflow);
    expect(await api.call(endpoints.infrastructureProfile.get, { params: { id: profile.id } })).toEqual(profile);
    expect(await api.call(endpoints.propertyConfiguration.get, { params: { id: templateRow.id } })).toEqual(templateRow);
    expect(await stranger.call(endpoints.room.get, { params: { id: room.id } })).toBeNull();
    expect(await stranger.call(endpoints.tag.exists, { params: { text: 'private' } })).toEqual({ exists: false });
    // A tag of another client named by id is not reused: the name decides, among the caller's own tags.
    const theirEvent = await insertEvent(t, { title: 'An event',  clientId: strangerClientId });
    const theirs = await stranger.call(endpoints.tag.setForEvent, { params: { id: theirEvent }, body: [{ id: tag.id, name: 'private' }] });
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.id).not.toBe(tag.id);
    expect(await api.call(endpoints.tag.get, { params: { id: tag.id } })).toEqual(tag);
  });
});
