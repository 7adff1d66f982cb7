/**
 * Background work of assets: `asset.dispatch` starts GENERATING media work beside the worker
 * (dispatcher.ts); scheduled after every request, and at each claim's lease end (restarts).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { dispatch, MEDIA_DISPATCH_JOB } from './dispatcher.ts';

export const assetJobs = [
  defineJob(MEDIA_DISPATCH_JOB, z.null(), async (_payload, { db, clock, services, log }) => {
    await dispatch({ db, clock, services, log });
  }),
];
