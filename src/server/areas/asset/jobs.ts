/**
 * Background work of assets: `asset.dispatch` starts GENERATING media work beside the worker
 * (dispatcher.ts); scheduled after every request, and at each claim's lease end (restarts).
 */
import { defineJob } from '../../jobs/define.ts';
import { dispatch, mediaDispatchKind } from './dispatcher.ts';

export const assetJobs = [
  defineJob(mediaDispatchKind, async (_payload, { db, clock, services, log }) => {
    await dispatch({ db, clock, services, log });
  }),
];
