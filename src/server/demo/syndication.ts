/**
 * Demo media syndication: five media destinations (four authorised, one still to activate, one
 * whose platform fails uploads: the `uploadFailed` fault) and a direct VideoSite destination with
 * playlists, completed and failed VOD publications of events with an MP4 (the first one also
 * published directly), and live publications running on the events that are live now (the event
 * watcher keeps them in step, so they complete when their event ends).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { events } from '../db/tables/events.ts';
import { publicationHistory, publications, syndicationDestinationProperties, syndicationDestinations, targetItems } from '../db/tables/syndication.ts';
import type { Clock } from '../jobs/clock.ts';
import { scheduleWatch } from '../areas/syndication/index.ts';

const MINUTE = 60_000;

export async function seedSyndicationDemo(db: DbOrTx, clientId: string, clock: Clock): Promise<void> {
  const now = clock.now();
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const stamps = { dateCreated: at(60 * 24 * 7), dateModified: at(60 * 24 * 7) };
  const authorised = (account: string) => ({ status: 'authorised' as const, authorisedAt: at(60 * 24 * 7).toISOString(), account });
  const [videoSite, social, custom, media, blog] = await db
    .insert(syndicationDestinations)
    .values([
      { clientId, name: 'Main VideoSite channel', target: 2, configJson: '{"vs_channelId":"UC-main","vs_region":"GB"}', active: true, activation: authorised('Main VideoSite channel (videosite.example)'), ...stamps },
      { clientId, name: 'Official page', target: 0, configJson: '{}', active: true, activation: authorised('Official page (social.example)'), ...stamps },
      { clientId, name: 'Partner RTMP relay', target: 4, configJson: '{"cstm_streamUrl":"rtmp://relay.partner.example/live","cstm_streamName":"control-room"}', active: true, activation: authorised('custom'), ...stamps },
      { clientId, name: 'Archive platform', target: 3, configJson: '{"mp_folder":"archive"}', active: true, activation: authorised('Archive platform (mediaplatform.example)'), ...stamps },
      { clientId, name: 'Newsroom account', target: 1, configJson: '{"mb_account":"@newsroom"}', active: false, activation: { status: 'none' as const }, ...stamps },
    ])
    .returning();
  const [highlights] = await db
    .insert(syndicationDestinations)
    .values({
      clientId,
      api: 'direct',
      name: 'Highlights channel',
      target: 2,
      configJson: '{"region":"GB","playlists":{"PLmatch":"Match highlights","PLinterviews":"Interviews"}}',
      active: true,
      activation: authorised('Highlights channel (videosite.example)'),
      ...stamps,
    })
    .returning();
  await db.insert(syndicationDestinationProperties).values({ clientId, destinationId: media!.id, category: 'simulation', key: 'faults', value: 'uploadFailed' });
  void blog;

  const withMp4 = await db
    .select()
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.mp4State, 1)))
    .limit(4);
  for (const [i, event] of withMp4.entries()) {
    const transactionId = randomUUID();
    const created = at(60 * (i + 2));
    for (const [destination, state, reason] of [
      [videoSite!, 3, null],
      [social!, 3, null],
      ...(i === 0 ? [[highlights!, 3, null] as const] : []),
      ...(i === 0 ? [[media!, 5, 'Upload failed at 60 %: MediaPlatform answered 500 Internal Server Error (upload session expired).'] as const] : []),
    ] as const) {
      const publicationId = randomUUID();
      let targetItemId: string | null = null;
      if (state === 3) {
        const [item] = await db
          .insert(targetItems)
          .values({ clientId, destinationId: destination.id, publicationId, target: destination.target, kind: 'vod', remoteId: randomUUID().replace(/-/g, '').slice(0, 11), status: 'published', visibility: 'public', title: event.title, createdAt: created, updatedAt: at(60 * (i + 2) - 1) })
          .returning();
        targetItemId = item!.id;
      }
      const titleKey = destination.target === 2 ? 'vs_title' : destination.target === 0 ? 'sn_title' : 'mp_title';
      await db.insert(publications).values({
        id: publicationId,
        clientId,
        api: destination.api,
        kind: 'vod',
        eventId: event.id,
        destinationId: destination.id,
        target: destination.target,
        transactionId,
        contentId: event.contentId ?? event.id,
        publicationJson: JSON.stringify({ [titleKey]: event.title }),
        state,
        reason,
        targetItemId,
        details: { [titleKey]: event.title },
        dateCreated: created,
        dateStarted: created,
        dateCompleted: state === 3 ? at(60 * (i + 2) - 1) : null,
        dateModified: at(60 * (i + 2) - 1),
      });
      await db.insert(publicationHistory).values([
        { clientId, publicationId, at: created, fromState: null, toState: 0, reason: 'Waiting to download the MP4', cause: 'request' as const },
        { clientId, publicationId, at: at(60 * (i + 2) - 1), fromState: 0, toState: state, reason, cause: 'target' as const },
      ]);
    }
  }

  const live = await db
    .select()
    .from(events)
    .where(and(eq(events.clientId, clientId), inArray(events.state, [1, 2])))
    .limit(2);
  for (const event of live) {
    const transactionId = randomUUID();
    for (const destination of [videoSite!, custom!]) {
      const publicationId = randomUUID();
      const since = at(12);
      const ingestion = [{ rtmpServerUrl: destination.target === 4 ? 'rtmp://relay.partner.example' : 'rtmps://live-ingest.videosite.example:443', rtmpApplicationName: 'live', rtmpStreamName: `demo-${publicationId.slice(0, 8)}`, isPrimary: true, isSsl: destination.target !== 4 }];
      const [item] = await db
        .insert(targetItems)
        .values({ clientId, destinationId: destination.id, publicationId, target: destination.target, kind: 'live', remoteId: randomUUID().replace(/-/g, '').slice(0, 11), status: 'live', visibility: 'public', title: event.title, data: { ingestion }, liveSince: since, createdAt: at(15), updatedAt: since })
        .returning();
      await db.insert(publications).values({
        id: publicationId,
        clientId,
        kind: 'live',
        eventId: event.id,
        destinationId: destination.id,
        target: destination.target,
        transactionId,
        contentId: event.contentId ?? event.id,
        publicationJson: destination.target === 2 ? JSON.stringify({ vs_title: event.title, vs_privacyStatus: 'public' }) : '{}',
        state: 2,
        startRequested: true,
        targetItemId: item!.id,
        details: { ...(destination.target === 2 ? { vs_title: event.title } : {}), ingestionDetails: ingestion, visibility: 'public' },
        dateCreated: at(15),
        dateStarted: since,
        dateModified: since,
      });
      await db.insert(publicationHistory).values([
        { clientId, publicationId, at: at(15), fromState: null, toState: 1, reason: 'Starts when the event is live', cause: 'request' as const },
        { clientId, publicationId, at: since, fromState: 1, toState: 2, reason: null, cause: 'event' as const },
      ]);
    }
    await scheduleWatch(db, clock, clientId, event.id, 5_000);
  }
}
