/** Recipes of write-walk.ts for assets, syndication, the archiver, downloads and search. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AssetState, endpoints, EventState, Mp4State } from '#schema';
import { assets, publications, vodDownloads } from '#server/db/tables/index.ts';
import { makeMp4File } from './asset.ts';
import { insertEvent } from './event-row.ts';
import { activeDestination, activeDirectDestination } from './syndication.ts';
import type { Walk, WriteRecipe } from './write-walk.ts';

const S = EventState.values;
const json = (o: object) => JSON.stringify(o);

/** An event of the demo that was recorded (a download's clip, an asset's source). */
const recorded = (w: Walk) =>
  w.row<{ id: string; contentId: string | null }>(
    sql`select id::text, content_id as "contentId" from events where client_id = ${w.t.clientId} and state in (${S.VOD_PUBLIC}, ${S.INSTANT_VOD}) and channel_id is not null and actual_live_start is not null and mp4_state = 1 and date_deleted is null order by actual_live_start limit 1`,
  );

/**
 * A VOD whose MP4 file is there (a publication uploads the file itself; the demo's VODs are marked
 * AVAILABLE without one): made once per walk, twenty seconds of the test programme.
 */
const vods = new WeakMap<Walk, Promise<{ id: string; contentId: string }>>();
function vodWithFile(w: Walk): Promise<{ id: string; contentId: string }> {
  let made = vods.get(w);
  if (!made) {
    made = (async () => {
      const start = w.t.clock.now();
      const contentId = w.unique('vod');
      const id = await insertEvent(w.t, { state: S.VOD_PUBLIC, mp4State: Mp4State.values.AVAILABLE, contentId, scheduledStart: start, scheduledEnd: new Date(start.getTime() + 20_000) });
      await makeMp4File(w.t, id);
      return { id, contentId };
    })();
    vods.set(w, made);
  }
  return made;
}

async function image(w: Walk) {
  return w.api.call(endpoints.asset.createImage, { body: { eventId: (await recorded(w)).id, name: w.unique('Still'), time: '00:00:02.000' } });
}

async function livePublication(w: Walk) {
  const eventId = await w.event({ state: S.PRE_LIVE, contentId: w.unique('live') });
  const destination = await activeDestination(w.t, w.api, 'Custom', w.unique('RTMP'), json({ streamUrl: 'rtmp://ingest.example.net/app' }));
  const [publication] = await w.api.call(endpoints.livePublication.create, {
    body: { eventId, publications: [{ destinationId: destination.id, publicationJson: json({ cstm_streamName: 'key-1' }) }] },
  });
  return { eventId, publicationId: publication!.id, destinationId: destination.id };
}

async function directPublication(w: Walk) {
  const destination = await activeDirectDestination(w.t, w.api, 'SocialNetwork');
  const { contentId } = await vodWithFile(w);
  const [publication] = await w.api.call(endpoints.directVodPublication.create, {
    body: { publications: [{ contentId, destinationId: destination.id, publicationJson: json({ sn_title: 'Replay' }) }] },
  });
  return { publicationId: publication!.id, destinationId: destination.id, contentId };
}

/** A download that failed (one still processing is neither retried nor deleted). */
async function download(w: Walk, contentId = w.unique('dl')) {
  const created = await w.api.call(endpoints.vodDownload.create, {
    body: { emailAddress: 'desk@example.com', contentId, downloadClips: [{ eventId: (await recorded(w)).id, start: '00:00:01', end: '00:00:05', isMasterClip: true }] },
  });
  await w.t.database.db.update(vodDownloads).set({ status: 'failed', failureReason: 'walk' }).where(eq(vodDownloads.id, created.id));
  return created;
}

const demoCapture = (w: Walk) => w.row<{ id: string }>(sql`select id from archiver_captures where client_id = ${w.t.clientId} order by id limit 1`);
const demoProfile = (w: Walk) => w.row<{ id: string }>(sql`select id from archiver_profiles where client_id = ${w.t.clientId} order by id limit 1`);

async function capture(w: Walk) {
  const demo = await w.api.call(endpoints.archiverCapture.get, { params: { id: (await demoCapture(w)).id } });
  return w.api.call(endpoints.archiverCapture.create, { body: { ...demo, id: `walk_${randomUUID().slice(0, 8)}`, active: false } });
}

async function profile(w: Walk) {
  const demo = await w.api.call(endpoints.archiverPlayoutProfile.get, { params: { id: (await demoProfile(w)).id } });
  return w.api.call(endpoints.archiverPlayoutProfile.create, { body: { ...demo, id: `walk_${randomUUID().slice(0, 8)}` } });
}

const mediaDestination = (w: Walk) => w.api.call(endpoints.mediaDestination.create, { body: { name: w.unique('Media'), target: 'Custom' } });
const directDestination = (w: Walk) => w.api.call(endpoints.destination.create, { body: { name: w.unique('Direct'), target: 'VideoSite', configJson: '{}' } });

export const MEDIA_CALLS: Record<string, WriteRecipe> = {
  // ---- Assets ----
  'asset.createGif': async (w) => ({ body: { clip: { eventId: (await recorded(w)).id, start: '00:00:01.000', end: '00:00:02.000' }, name: 'Loop' }, fields: ['name'] }),
  'asset.createVideo': async (w) => ({ body: { clip: { eventId: (await recorded(w)).id, start: '00:00:01.000', end: '00:00:03.000' }, name: 'Clip' }, fields: ['name'] }),
  'asset.createImage': async (w) => ({ body: { eventId: (await recorded(w)).id, name: 'Still', time: '00:00:02.000' }, fields: ['name'] }),
  'asset.rename': async (w) => ({ params: { id: (await image(w)).id }, query: { Name: 'Renamed' }, fields: ['name'] }),
  'asset.sync': async (w) => ({ params: { 'event-id': (await recorded(w)).id } }),
  'asset.deleteMany': async (w) => {
    const asset = await image(w);
    return { query: { eventId: asset.eventId, name: asset.name } };
  },
  'asset.delete': async (w) => ({ params: { id: (await image(w)).id }, fields: ['name'] }),
  'asset.generateVodFile': async (w) => ({ params: { id: (await recorded(w)).id }, body: { regenerate: true } }),
  'asset.retry': async (w) => {
    const asset = await image(w);
    await w.t.database.db.update(assets).set({ state: AssetState.values.FAILED }).where(eq(assets.id, asset.id));
    return { params: { id: asset.id }, fields: ['state'] };
  },

  // ---- Destinations ----
  'mediaDestination.create': async (w) => ({ body: { name: w.unique('Media'), target: 'Custom' }, fields: ['name'] }),
  'mediaDestination.update': async (w) => ({ params: { id: (await mediaDestination(w)).id }, body: { name: w.unique('Renamed'), target: 'Custom' }, fields: ['name'] }),
  'mediaDestination.setActive': async (w) => ({ params: { id: (await activeDestination(w.t, w.api, 'Custom')).id }, query: { active: false }, fields: ['active'] }),
  'mediaDestination.activate': async (w) => ({ params: { id: (await mediaDestination(w)).id } }),
  'mediaDestination.delete': async (w) => ({ params: { id: (await mediaDestination(w)).id }, fields: ['name'] }),
  'mediaDestinationProperty.upsert': async (w) => ({ body: { destinationId: (await mediaDestination(w)).id, category: 'notes', key: 'owner', value: 'desk' }, fields: ['value'] }),
  'mediaDestinationProperty.delete': async (w) => {
    const property = await w.api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: (await mediaDestination(w)).id, category: 'a', key: 'b', value: 'c' } });
    return { params: { id: property.id }, fields: ['value'] };
  },
  'mediaDestinationProperty.deleteByKey': async (w) => {
    const destination = await mediaDestination(w);
    await w.api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: destination.id, category: 'a', key: 'b', value: 'c' } });
    return { params: { destinationId: destination.id }, query: { category: 'a', key: 'b' } };
  },
  'mediaDestinationProperty.deleteAll': async (w) => {
    const destination = await mediaDestination(w);
    await w.api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: destination.id, category: 'a', key: 'b', value: 'c' } });
    return { params: { destinationId: destination.id } };
  },
  'destination.create': async (w) => ({ body: { name: w.unique('Direct'), target: 'VideoSite', configJson: '{}' }, fields: ['name'] }),
  'destination.update': async (w) => ({ params: { id: (await directDestination(w)).id }, body: { name: w.unique('Renamed'), target: 'VideoSite', configJson: '{}', active: false }, fields: ['name'] }),
  'destination.setActive': async (w) => ({ params: { id: (await activeDirectDestination(w.t, w.api, 'SocialNetwork')).id }, query: { active: false }, fields: ['active'] }),
  'destination.activate': async (w) => ({ params: { id: (await directDestination(w)).id } }),
  'destination.delete': async (w) => ({ params: { id: (await directDestination(w)).id }, fields: ['name'] }),
  'destination.clearCache': async (w) => ({ query: { destinationId: (await directDestination(w)).id } }),

  // ---- Publications ----
  'livePublication.create': async (w) => {
    const eventId = await w.event({ state: S.PRE_LIVE, contentId: w.unique('live') });
    const destination = await activeDestination(w.t, w.api, 'Custom', w.unique('RTMP'), json({ streamUrl: 'rtmp://ingest.example.net/app' }));
    return { body: { eventId, publications: [{ destinationId: destination.id, publicationJson: json({ cstm_streamName: 'key-1' }) }] }, fields: ['publicationState'] };
  },
  'livePublication.recreate': async (w) => ({ body: await livePublication(w) }),
  'livePublication.start': async (w) => {
    const publication = await livePublication(w);
    await w.t.database.db.execute(sql`update events set state = ${S.LIVE_PUBLISHED} where id = ${publication.eventId}`);
    return { body: publication, fields: ['publicationState'] };
  },
  'livePublication.stop': async (w) => {
    const publication = await livePublication(w);
    await w.t.database.db.execute(sql`update events set state = ${S.LIVE_PUBLISHED} where id = ${publication.eventId}`);
    await w.api.call(endpoints.livePublication.start, { body: publication });
    return { body: publication, fields: ['publicationState'] };
  },
  'livePublication.startAll': async (w) => {
    const { eventId, publicationId, destinationId } = await livePublication(w);
    await w.t.database.db.execute(sql`update events set state = ${S.LIVE_PUBLISHED} where id = ${eventId}`);
    return { body: { eventId, publications: [{ publicationId, destinationId }] }, entityId: publicationId, fields: ['publicationState'] };
  },
  'livePublication.stopAll': async (w) => {
    const publication = await livePublication(w);
    await w.t.database.db.execute(sql`update events set state = ${S.LIVE_PUBLISHED} where id = ${publication.eventId}`);
    await w.api.call(endpoints.livePublication.start, { body: publication });
    return { body: { eventId: publication.eventId, publications: [{ publicationId: publication.publicationId, destinationId: publication.destinationId }] }, entityId: publication.publicationId, fields: ['publicationState'] };
  },
  'livePublication.publish': async (w) => ({ body: await livePublication(w) }),
  'livePublication.unpublish': async (w) => ({ body: await livePublication(w) }),
  'livePublication.delete': async (w) => {
    const { eventId, publicationId, destinationId } = await livePublication(w);
    return { body: { eventId, publications: [{ publicationId, destinationId, hardDelete: true }] }, entityId: publicationId };
  },
  'vodPublication.create': async (w) => {
    const destination = await activeDestination(w.t, w.api, 'SocialNetwork');
    return { body: { eventId: (await vodWithFile(w)).id, publications: [{ destinationId: destination.id, publicationJson: json({ sn_title: 'Replay' }) }] }, fields: ['publicationState'] };
  },
  'vodPublication.delete': async (w) => {
    const destination = await activeDestination(w.t, w.api, 'SocialNetwork');
    const [publication] = await w.api.call(endpoints.vodPublication.create, {
      body: { eventId: (await vodWithFile(w)).id, publications: [{ destinationId: destination.id, publicationJson: json({ sn_title: 'Replay' }) }] },
    });
    return { params: { id: publication!.id }, query: { hardDelete: true } };
  },
  'publicationMonitor.retry': async (w) => {
    const destination = await activeDestination(w.t, w.api, 'SocialNetwork');
    const [publication] = await w.api.call(endpoints.vodPublication.create, {
      body: { eventId: (await vodWithFile(w)).id, publications: [{ destinationId: destination.id, publicationJson: json({ sn_title: 'Retry' }) }] },
    });
    // Failed as a target fails it (FailedPublication).
    await w.t.database.db.update(publications).set({ state: 6, reason: 'walk' }).where(eq(publications.id, publication!.id));
    return { params: { id: publication!.id }, fields: ['publicationState'] };
  },
  'directVodPublication.create': async (w) => {
    const destination = await activeDirectDestination(w.t, w.api, 'SocialNetwork');
    return { body: { publications: [{ contentId: (await vodWithFile(w)).contentId, destinationId: destination.id, publicationJson: json({ sn_title: 'Replay' }) }] }, fields: ['publicationState'] };
  },
  'directVodPublication.update': async (w) => {
    const { publicationId, destinationId } = await directPublication(w);
    return { params: { id: publicationId }, body: { destinationId, publicationJson: json({ sn_title: 'Second' }) } };
  },
  'directVodPublication.publish': async (w) => ({ body: await directPublication(w).then(({ publicationId, destinationId }) => ({ publicationId, destinationId })) }),
  'directVodPublication.unpublish': async (w) => ({ body: await directPublication(w).then(({ publicationId, destinationId }) => ({ publicationId, destinationId })) }),
  'directVodPublication.delete': async (w) => {
    const { publicationId, destinationId } = await directPublication(w);
    return { params: { id: publicationId }, query: { destinationId } };
  },
  'directVodPublication.deleteAllForContent': async (w) => ({ params: { contentId: (await directPublication(w)).contentId } }),

  // ---- Archiver ----
  'archiverCapture.create': async (w) => {
    const demo = await w.api.call(endpoints.archiverCapture.get, { params: { id: (await demoCapture(w)).id } });
    return { body: { ...demo, id: `walk_${randomUUID().slice(0, 8)}`, active: false }, fields: ['id'] };
  },
  'archiverCapture.update': async (w) => {
    const created = await capture(w);
    return { params: { id: created.id }, body: { ...created, expiresIn: 3600 }, fields: ['expiresIn'] };
  },
  'archiverCapture.delete': async (w) => ({ params: { id: (await capture(w)).id }, fields: ['id'] }),
  'archiverPlayoutProfile.create': async (w) => {
    const demo = await w.api.call(endpoints.archiverPlayoutProfile.get, { params: { id: (await demoProfile(w)).id } });
    return { body: { ...demo, id: `walk_${randomUUID().slice(0, 8)}` }, fields: ['id'] };
  },
  'archiverPlayoutProfile.update': async (w) => {
    const created = await profile(w);
    return { params: { id: created.id }, body: { ...created, expiresIn: 3600 }, fields: ['expiresIn'] };
  },
  'archiverPlayoutProfile.delete': async (w) => ({ params: { id: (await profile(w)).id }, fields: ['id'] }),
  'archiverStream.delete': async (w) => ({ params: { id: (await w.row<{ id: number }>(sql`select id from archiver_streams where client_id = ${w.t.clientId} limit 1`)).id } }),
  'archiverflow.create': async (w) => ({ body: { name: w.unique('Flow'), configurationJson: '{"archiverflows":[]}' }, fields: ['name'] }),
  'archiverflow.update': async (w) => {
    const flow = await w.api.call(endpoints.archiverflow.create, { body: { name: w.unique('Flow'), configurationJson: '{"archiverflows":[]}' } });
    return { params: { id: flow.id }, body: { name: w.unique('Renamed'), configurationJson: '{"archiverflows":[]}' }, fields: ['name'] };
  },
  'archiverflow.delete': async (w) => {
    const flow = await w.api.call(endpoints.archiverflow.create, { body: { name: w.unique('Flow'), configurationJson: '{"archiverflows":[]}' } });
    return { params: { id: flow.id }, fields: ['name'] };
  },

  // ---- Downloads ----
  'vodDownload.create': async (w) => ({
    body: { emailAddress: 'desk@example.com', contentId: w.unique('dl'), downloadClips: [{ eventId: (await recorded(w)).id, start: '00:00:01', end: '00:00:05', isMasterClip: true }] },
    fields: ['emailAddress'],
  }),
  'vodDownload.retry': async (w) => ({ params: { id: (await download(w)).id } }),
  'vodDownload.retryByContent': async (w) => ({ query: { id: (await download(w)).contentId } }),
  'vodDownload.purgeExpired': async () => ({ query: { Buffer: 0 } }),
  'vodDownload.delete': async (w) => ({ params: { id: (await download(w)).id }, fields: ['emailAddress'] }),
  'vodDownload.deleteByContent': async (w) => ({ query: { id: (await download(w)).contentId } }),
  'vodDownload.deleteForEvent': async (w) => {
    await download(w);
    return { params: { eventid: (await recorded(w)).id } };
  },

  // ---- Search ----
  'search.indexAll': async () => ({}),
  'search.indexEvent': async (w) => ({ params: { id: await w.event() } }),
  'search.indexChapterPoint': async (w) => {
    const point = await w.api.call(endpoints.chapterPoint.upsert, { body: { eventId: await w.event(), title: 'Indexed', startTime: '00:00:01' } });
    return { params: { id: point.id } };
  },
  // Presence is announced, not recorded (trail: false); a page's announcement is what the walk sends.
  'presence.announce': async () => ({ body: { entity: 'event', id: randomUUID(), session: `walk-${randomUUID()}` } }),
  'clientProperty.validate': async (w) => ({
    body: { templateId: (await w.row<{ id: string }>(sql`select id::text from property_configurations where client_id = ${w.t.clientId} limit 1`)).id, values: { rightsHolder: 'Ada', territory: 'Europe' } },
  }),
};

