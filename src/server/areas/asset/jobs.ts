/**
 * Background work of assets:
 * - `asset.make` (make.ts): makes one GENERATING asset, in the media lane (beside the job rounds,
 *   in priority order, at most MEDIA_CONCURRENCY at once).
 * - `event.mp4StateSet` (queued by the event area when POST /event/xflow/add/ declares an MP4
 *   state): the event's MP4 files follow it (vod-file.ts); removed files go once committed.
 * - `asset.removeFiles` (files.ts): the files of deleted assets, once their rows are gone.
 */
import { defineJob } from '../../jobs/define.ts';
import { mp4StateSetKind } from '../event/index.ts';
import { removeFiles, removeFilesKind } from './files.ts';
import { makeAsset, makeKind } from './make.ts';
import { followMp4State } from './vod-file.ts';

export const assetJobs = [
  defineJob(makeKind, makeAsset, { lane: 'media' }),
  defineJob(mp4StateSetKind, async ({ clientId, eventId, state }, { db, clock, services }) => {
    const removed = await db.transaction((tx) => followMp4State(tx, clock, clientId, eventId, state));
    await removeFiles(services.media, removed);
  }),
  defineJob(removeFilesKind, async ({ paths }, { services }) => removeFiles(services.media, paths)),
];
