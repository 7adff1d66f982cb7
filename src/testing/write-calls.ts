/**
 * Recipes of write-walk.ts for events, their properties, playlists, lookups and webhooks; the
 * media side (assets, syndication, archiver, downloads, search) is in write-calls-media.ts.
 */
import { sql } from 'drizzle-orm';
import { endpoints, EventState } from '#schema';
import type { Walk, WriteRecipe } from './write-walk.ts';
import { MEDIA_CALLS } from './write-calls-media.ts';

const S = EventState.values;
const HOOK = 'https://hooks.example.com/walk';
const webhookBody = { webhookUrl: HOOK, useHttpBasicAuthentication: false, useJsonBody: true };

/** A VOD of the demo whose media is there (a composition's item). */
const vodWithMedia = (w: Walk) => w.row<{ id: string }>(sql`select id::text from events where client_id = ${w.t.clientId} and state = ${S.VOD_PUBLIC} and mp4_state = 1 and date_deleted is null order by id limit 1`);
const demoChannel = (w: Walk) => w.row<{ id: string }>(sql`select id::text from channels where client_id = ${w.t.clientId} order by name limit 1`);
const demoXflow = (w: Walk) => w.row<{ id: string }>(sql`select id::text from xflows where client_id = ${w.t.clientId} order by name limit 1`);
const template = (w: Walk) => w.row<{ id: string }>(sql`select id::text from property_configurations where client_id = ${w.t.clientId} limit 1`);

async function chapterPoint(w: Walk, eventId?: string) {
  const event = eventId ?? (await w.event());
  return w.api.call(endpoints.chapterPoint.upsert, { body: { eventId: event, title: w.unique('Chapter'), startTime: '00:00:05' } });
}

async function webhook(w: Walk) {
  return w.api.call(endpoints.webhook.upsert, { body: webhookBody });
}

async function eventWebhook(w: Walk) {
  return w.api.call(endpoints.webhook.upsertForEvent, { body: { ...webhookBody, eventId: await w.event() } });
}

async function encoderPlaylist(w: Walk) {
  const item = await vodWithMedia(w);
  const id = await w.api.call(endpoints.compose.createEncoder, {
    body: { event: { channelId: (await demoChannel(w)).id, title: w.unique('Loop') }, playlist: { name: 'Loop', looped: true, items: [{ type: 0, value: item.id, properties: {}, markers: null }] } },
  });
  return { eventId: id, itemId: item.id };
}

async function standardPlaylist(w: Walk) {
  const item = await vodWithMedia(w);
  const id = await w.api.call(endpoints.compose.create, {
    body: { event: { workflowId: (await demoXflow(w)).id, title: w.unique('Goals') }, playlist: { name: 'Goals', liveStreamStart: null, items: [{ type: 0, value: item.id, properties: { start: '00:00:01.000', end: '00:00:03.000' }, markers: null }] } },
  });
  return { eventId: id, itemId: item.id };
}

const lookup = {
  category: (w: Walk) => w.api.call(endpoints.category.create, { body: { name: w.unique('cat'), label: w.unique('Cat') } }),
  eventType: (w: Walk) => w.api.call(endpoints.eventType.create, { body: { name: w.unique('type'), colour: '#123456' } }),
  room: (w: Walk) => w.api.call(endpoints.room.create, { body: { name: w.unique('Studio') } }),
  tag: (w: Walk) => w.api.call(endpoints.tag.create, { body: { name: w.unique('tag') } }),
  xflow: async (w: Walk) => {
    const { configurationJson } = (await w.api.call(endpoints.xflow.get, { params: { id: (await demoXflow(w)).id } }))!;
    return w.api.call(endpoints.xflow.create, { body: { name: w.unique('Flow'), configurationJson } });
  },
  channel: async (w: Walk) => {
    const { configurationJson } = (await w.api.call(endpoints.channel.get, { params: { id: (await demoChannel(w)).id } }))!;
    return w.api.call(endpoints.channel.upsert, { body: { name: w.unique('Channel'), configurationJson } });
  },
  infrastructureProfile: (w: Walk) => w.api.call(endpoints.infrastructureProfile.create, { body: { name: w.unique('Small'), configurationJson: '{"cpu":2}' } }),
  propertyConfiguration: async (w: Walk) => {
    const { configurationJson } = (await w.api.call(endpoints.propertyConfiguration.get, { params: { id: (await template(w)).id } }))!;
    return w.api.call(endpoints.propertyConfiguration.create, { body: { name: w.unique('Template'), configurationJson } });
  },
};

export const WRITE_CALLS: Record<string, WriteRecipe> = {
  ...MEDIA_CALLS,

  // ---- Events ----
  'event.upsert': async (w) => ({ body: { Id: await w.event({ title: 'Before' }), Title: 'After' }, fields: ['title'] }),
  'eventImport.importMany': async () => ({ body: [{ Title: 'Imported one' }, { Title: 'Imported two' }], fields: ['title'] }),
  'event.patch': async (w) => ({ params: { id: await w.event({ title: 'Before' }) }, body: [{ op: 'replace', path: '/Title', value: 'Patched' }], fields: ['title'] }),
  'event.patchByReference': async (w) => {
    const refId = w.unique('REF');
    const id = await w.event({ refId });
    return { params: { referenceid: refId }, body: [{ op: 'replace', path: '/Description', value: 'By reference' }], entityId: id, fields: ['description'] };
  },
  'event.setDvrWindowLength': async (w) => ({ params: { id: await w.event() }, body: { DvrWindowLength: 600 }, fields: ['dvrLength'] }),
  'event.addXflowTask': async (w) => ({ body: { Id: await w.event(), TaskEngineJson: '{"type":"ingest"}' }, fields: ['taskEngineJson'] }),
  'event.setExternalUpdate': async (w) => ({ params: { id: await w.event(), flag: true }, fields: ['externalUpdateAllowed'] }),
  'event.setState': async (w) => ({ params: { id: await w.event({ channelId: (await demoChannel(w)).id }) }, body: { state: 'LIVE_UNPUBLISHED', waitUntilCompleted: false }, fields: ['state'] }),
  'event.forceStop': async (w) => {
    const live = await w.row<{ id: string }>(sql`select id::text from events where client_id = ${w.t.clientId} and state = ${S.LIVE_PUBLISHED} and date_deleted is null order by id limit 1`);
    return { params: { id: live.id }, waits: true, fields: ['state'] };
  },
  'event.forceRestart': async (w) => {
    const live = await w.row<{ id: string }>(sql`select id::text from events where client_id = ${w.t.clientId} and state = ${S.LIVE_UNPUBLISHED} and date_deleted is null order by id limit 1`);
    return { params: { id: live.id }, waits: true };
  },
  'event.clone': async (w) => ({ params: { id: await w.event({ title: 'Original' }) }, fields: ['title'] }),
  'event.restore': async (w) => {
    const id = await w.event({ title: 'Deleted' });
    await w.api.call(endpoints.event.delete, { params: { id } });
    return { params: { id }, fields: ['title'] };
  },
  'event.delete': async (w) => ({ params: { id: await w.event({ title: 'Doomed' }) }, fields: ['title'] }),
  'event.setThumbnail': async (w) => ({ params: { id: await w.event() }, body: { Thumbnail: 'https://img.example.com/t.jpg' }, fields: ['thumbnailUrl'] }),
  'event.deleteThumbnail': async (w) => ({ params: { id: await w.event({ thumbnailUrl: 'https://img.example.com/t.jpg' }) }, fields: ['thumbnailUrl'] }),
  'eventType.setForEvent': async (w) => ({ params: { id: await w.event() }, body: { eventTypeId: (await lookup.eventType(w)).id }, fields: ['eventTypeId'] }),
  'tag.setForEvent': async (w) => ({ params: { id: await w.event() }, body: [{ name: w.unique('tag') }], fields: ['tags'] }),

  // ---- Properties ----
  'customProperty.upsert': async (w) => ({ body: { eventId: await w.event(), category: 'rights', key: 'holder', value: 'League' }, fields: ['value'] }),
  'customProperty.bulkUpsert': async (w) => ({ params: { id: await w.event() }, body: [{ category: 'rights', key: 'holder', value: 'League' }], fields: ['customProperties'] }),
  'customProperty.clone': async (w) => {
    const source = await w.event();
    await w.api.call(endpoints.customProperty.upsert, { body: { eventId: source, category: 'rights', key: 'holder', value: 'League' } });
    return { query: { sourceEventId: source, targetEventId: await w.event() }, fields: ['customProperties'] };
  },
  'customProperty.delete': async (w) => {
    const property = await w.api.call(endpoints.customProperty.upsert, { body: { eventId: await w.event(), category: 'a', key: 'b', value: 'c' } });
    return { params: { id: property.id }, fields: ['value'] };
  },
  'customProperty.deleteMany': async (w) => {
    const eventId = await w.event();
    await w.api.call(endpoints.customProperty.upsert, { body: { eventId, category: 'a', key: 'b', value: 'c' } });
    return { query: { eventId, category: 'a' }, fields: ['customProperties'] };
  },
  'clientProperty.create': async (w) => ({ params: { eventId: await w.event() }, body: { templateId: (await template(w)).id, values: { rightsHolder: 'Ada', territory: 'Europe' } }, fields: ['rightsHolder.value'] }),
  'clientProperty.update': async (w) => {
    const eventId = await w.event();
    await w.api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: (await template(w)).id, values: { rightsHolder: 'Ada', territory: 'Europe' } } });
    return { params: { eventId }, body: { values: { rightsHolder: 'Grace' } } };
  },
  'clientProperty.delete': async (w) => {
    const eventId = await w.event();
    await w.api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: (await template(w)).id, values: { rightsHolder: 'Ada', territory: 'Europe' } } });
    return { params: { eventId } };
  },
  'chapterPoint.upsert': async (w) => ({ body: { eventId: await w.event(), title: 'Kick-off', startTime: '00:00:01' }, fields: ['title'] }),
  'chapterPoint.delete': async (w) => ({ params: { id: (await chapterPoint(w)).id }, fields: ['title'] }),
  'chapterPointCustomProperty.upsert': async (w) => ({ body: { chapterPointId: (await chapterPoint(w)).id, category: 'match', key: 'scorer', value: 'Ada' }, fields: ['value'] }),
  'chapterPointCustomProperty.bulkUpsert': async (w) => ({ params: { chapterPointId: (await chapterPoint(w)).id }, body: [{ category: 'match', key: 'scorer', value: 'Ada' }], fields: ['chapterPointCustomProperties'] }),
  'chapterPointCustomProperty.clone': async (w) => {
    const source = await chapterPoint(w);
    await w.api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: source.id, category: 'match', key: 'scorer', value: 'Ada' } });
    return { query: { sourceChapterId: source.id, targetChapterId: (await chapterPoint(w)).id }, fields: ['chapterPointCustomProperties'] };
  },
  'chapterPointCustomProperty.delete': async (w) => {
    const property = await w.api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: (await chapterPoint(w)).id, category: 'a', key: 'b', value: 'c' } });
    return { params: { id: property.id }, fields: ['value'] };
  },
  'chapterPointCustomProperty.deleteMany': async (w) => {
    const point = await chapterPoint(w);
    await w.api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: point.id, category: 'a', key: 'b', value: 'c' } });
    return { query: { chapterPointId: point.id }, fields: ['chapterPointCustomProperties'] };
  },
  'channelProfile.create': async (w) => ({ body: { EventId: await w.event(), AudioInputs: [{ LanguageCode: 'en', AudioChannel: 1 }] }, fields: ['audioInputs'] }),
  'channelProfile.update': async (w) => {
    const profile = await w.api.call(endpoints.channelProfile.create, { body: { EventId: await w.event(), AudioInputs: [{ LanguageCode: 'en', AudioChannel: 1 }] } });
    return { params: { id: profile.id }, body: { AudioInputs: [{ LanguageCode: 'de', AudioChannel: 2 }] }, fields: ['audioInputs'] };
  },
  'channelProfile.upsertForEvent': async (w) => ({ params: { id: await w.event() }, body: { AudioInputs: [{ LanguageCode: 'fr', AudioChannel: 1 }] }, fields: ['audioInputs'] }),
  'channelProfile.clone': async (w) => {
    const source = await w.event();
    await w.api.call(endpoints.channelProfile.upsertForEvent, { params: { id: source }, body: { AudioInputs: [{ LanguageCode: 'en', AudioChannel: 1 }] } });
    return { query: { sourceEventId: source, targetEventId: await w.event() }, fields: ['audioInputs'] };
  },
  'channelProfile.delete': async (w) => {
    const profile = await w.api.call(endpoints.channelProfile.create, { body: { EventId: await w.event(), AudioInputs: [{ LanguageCode: 'en', AudioChannel: 1 }] } });
    return { params: { id: profile.id }, fields: ['audioInputs'] };
  },
  'channelProfile.deleteForEvent': async (w) => {
    const eventId = await w.event();
    await w.api.call(endpoints.channelProfile.upsertForEvent, { params: { id: eventId }, body: { AudioInputs: [{ LanguageCode: 'en', AudioChannel: 1 }] } });
    return { params: { id: eventId }, fields: ['audioInputs'] };
  },

  // ---- Playlists ----
  'compose.create': async (w) => {
    const item = await vodWithMedia(w);
    return {
      body: { event: { workflowId: (await demoXflow(w)).id, title: w.unique('Goals') }, playlist: { name: 'Goals', liveStreamStart: null, items: [{ type: 0, value: item.id, properties: { start: '00:00:01.000', end: '00:00:03.000' }, markers: null }] } },
      fields: ['name'],
    };
  },
  'compose.createEncoder': async (w) => {
    const item = await vodWithMedia(w);
    return { body: { event: { channelId: (await demoChannel(w)).id, title: w.unique('Loop') }, playlist: { name: 'Loop', looped: true, items: [{ type: 0, value: item.id, properties: {}, markers: null }] } }, fields: ['name'] };
  },
  'compose.update': async (w) => {
    const { eventId, itemId } = await standardPlaylist(w);
    return { params: { eventId }, body: { name: 'Renamed', items: [{ type: 0, value: itemId, properties: { start: '00:00:01.000', end: '00:00:04.000' }, markers: null }] }, fields: ['name'] };
  },
  'compose.upsertEncoder': async (w) => {
    const { eventId, itemId } = await encoderPlaylist(w);
    return { params: { eventId }, body: { name: 'Renamed loop', items: [{ type: 0, value: itemId, properties: {}, markers: null }] }, fields: ['name'] };
  },
  'compose.setDrm': async (w) => ({ params: { eventId: (await standardPlaylist(w)).eventId }, body: { drmJson: JSON.stringify({ drm_provider: 'NONE' }) }, fields: ['drmJson'] }),
  'compose.clone': async (w) => ({ params: { sourceEventId: (await standardPlaylist(w)).eventId }, query: { targetEventId: await w.event({ state: S.PRE_VOD }) }, fields: ['name'] }),
  'compose.delete': async (w) => ({ params: { eventId: (await encoderPlaylist(w)).eventId }, fields: ['name'] }),

  // ---- Lookups ----
  'category.create': async (w) => ({ body: { name: w.unique('cat'), label: w.unique('Cat') }, fields: ['name'] }),
  'category.update': async (w) => {
    const category = await lookup.category(w);
    return { params: { id: category.id }, body: { name: category.name, label: category.label, description: 'Described' }, fields: ['description'] };
  },
  'category.delete': async (w) => ({ params: { id: (await lookup.category(w)).id }, fields: ['name'] }),
  'eventType.create': async (w) => ({ body: { name: w.unique('type'), colour: '#123456' }, fields: ['name'] }),
  'eventType.update': async (w) => ({ params: { id: (await lookup.eventType(w)).id }, body: { name: w.unique('renamed'), colour: '#654321' }, fields: ['colour'] }),
  'eventType.delete': async (w) => ({ params: { id: (await lookup.eventType(w)).id }, fields: ['name'] }),
  'room.create': async (w) => ({ body: { name: w.unique('Studio') }, fields: ['name'] }),
  'room.update': async (w) => ({ params: { id: (await lookup.room(w)).id }, body: { name: w.unique('Studio B') }, fields: ['name'] }),
  'room.delete': async (w) => ({ params: { id: (await lookup.room(w)).id }, fields: ['name'] }),
  'tag.create': async (w) => ({ body: { name: w.unique('tag') }, fields: ['name'] }),
  'tag.update': async (w) => ({ body: { id: (await lookup.tag(w)).id, name: w.unique('renamed') }, fields: ['name'] }),
  'tag.delete': async (w) => ({ params: { id: (await lookup.tag(w)).id }, fields: ['name'] }),
  'xflow.create': async (w) => {
    const { configurationJson } = await lookup.xflow(w);
    return { body: { name: w.unique('Flow'), configurationJson }, fields: ['name'] };
  },
  'xflow.update': async (w) => {
    const xflow = await lookup.xflow(w);
    return { params: { id: xflow.id }, body: { name: w.unique('Flow 2'), configurationJson: xflow.configurationJson }, fields: ['name'] };
  },
  'xflow.delete': async (w) => ({ params: { id: (await lookup.xflow(w)).id }, fields: ['name'] }),
  'channel.upsert': async (w) => {
    const channel = await lookup.channel(w);
    return { body: { id: channel.id, name: w.unique('Channel 2'), configurationJson: channel.configurationJson }, fields: ['name'] };
  },
  'channel.delete': async (w) => ({ params: { id: (await lookup.channel(w)).id }, fields: ['name'] }),
  'infrastructureProfile.create': async (w) => ({ body: { name: w.unique('Small'), configurationJson: '{}' }, fields: ['name'] }),
  'infrastructureProfile.update': async (w) => ({ params: { id: (await lookup.infrastructureProfile(w)).id }, body: { name: w.unique('Large'), configurationJson: '{"cpu":8}' }, fields: ['configurationJson'] }),
  'infrastructureProfile.delete': async (w) => ({ params: { id: (await lookup.infrastructureProfile(w)).id }, fields: ['name'] }),
  'propertyConfiguration.create': async (w) => {
    const { configurationJson } = await lookup.propertyConfiguration(w);
    return { body: { name: w.unique('Template'), configurationJson }, fields: ['name'] };
  },
  'propertyConfiguration.update': async (w) => {
    const configuration = await lookup.propertyConfiguration(w);
    return { params: { id: configuration.id }, body: { name: w.unique('Template 2'), configurationJson: configuration.configurationJson }, fields: ['name'] };
  },
  'propertyConfiguration.delete': async (w) => ({ params: { id: (await lookup.propertyConfiguration(w)).id }, fields: ['name'] }),

  // ---- Webhooks ----
  // The password is write-only: the trail says it was set (masked), not what it is.
  'webhook.upsert': async () => ({ body: { ...webhookBody, password: 'hunter2', useHttpBasicAuthentication: true, username: 'u' }, fields: ['webhookUrl', 'passwordSet'] }),
  'webhook.upsertForEvent': async (w) => ({ body: { ...webhookBody, eventId: await w.event() }, fields: ['webhookUrl'] }),
  'webhook.update': async (w) => ({ params: { id: (await webhook(w)).id }, body: { ...webhookBody, useJsonBody: false }, fields: ['useJsonBody'] }),
  'webhook.updateForEvent': async (w) => {
    const hook = await eventWebhook(w);
    return { params: { id: hook.id }, body: { ...webhookBody, eventId: hook.eventId, useJsonBody: false }, fields: ['useJsonBody'] };
  },
  'webhook.delete': async (w) => ({ params: { id: (await webhook(w)).id }, fields: ['webhookUrl'] }),
  'webhook.deleteForEvent': async (w) => ({ params: { id: (await eventWebhook(w)).id }, fields: ['webhookUrl'] }),
  'webhook.test': async (w) => ({ params: { id: (await webhook(w)).id } }),
  // ---- Alerts and the simulated encoder's health (issue 28) ----
  'alert.acknowledge': async () => ({ body: { ids: ['publicationFailed:walk'] } }),
  'encoderHealth.setFault': async (w) => ({ params: { id: await w.event({ state: S.LIVE_PUBLISHED }) }, body: { fault: 'frameDrops' } }),
  'webhook.redeliver': async (w) => {
    const hook = await webhook(w);
    const attempt = await w.api.call(endpoints.webhook.test, { params: { id: hook.id } });
    return { params: { deliveryId: attempt.deliveryId } };
  },
};
