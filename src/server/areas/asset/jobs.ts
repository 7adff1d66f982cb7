/**
 * Background work of assets: `asset.dispatch` starts GENERATING media work beside the worker
 * (dispatcher.ts); scheduled after every request, and at each claim's lease end (restarts).
 */
import type { JobHandler } from '../../jobs/queue.ts';
import { dispatch, MEDIA_DISPATCH_JOB } from './dispatcher.ts';

export const assetJobs: Record<string, JobHandler> = {
  [MEDIA_DISPATCH_JOB]: async (_payload, { db, clock, services, log }) => {
    await dispatch({ db, clock, services, log });
  },
};
