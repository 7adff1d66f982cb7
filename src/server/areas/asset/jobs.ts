/**
 * Background work of assets: `asset.dispatch` starts GENERATING media work beside the worker
 * (dispatcher.ts); scheduled after every request, and at each claim's lease end (restarts).
 * `event.mp4StateSet` (queued by the event area when POST /event/xflow/add/ declares an MP4
 * state) makes the event's MP4 files follow it (vod-file.ts); removed files go once committed.
 */
import { defineJob } from '../../jobs/define.ts';
import { mp4StateSetKind } from '../event/index.ts';
import { dispatch, mediaDispatchKind } from './dispatcher.ts';
import { followMp4State } from './vod-file.ts';

export const assetJobs = [
  defineJob(mediaDispatchKind, async (_payload, { db, clock, services, log }) => {
    await dispatch({ db, clock, services, log });
  }),
  defineJob(mp4StateSetKind, async ({ clientId, eventId, state }, { db, clock, services }) => {
    const removed = await db.transaction((tx) => followMp4State(tx, clock, services, clientId, eventId, state));
    for (const path of removed) await services.media.storage.delete(path).catch(() => undefined);
  }),
];
