/**
 * Background work of media syndication (src/server/areas/index.ts lists them for the worker):
 * - `syndication.livePrepare` {publicationId}: creates a new live publication's broadcast on its target (live.ts).
 * - `syndication.liveWatch` {clientId, eventId}: keeps an event's live publications in step with the event (live.ts).
 * - `syndication.vodStep` {publicationId}: one step of a VOD publication's download and upload (vod.ts).
 * - `syndication.vodPublish` {publicationId}: publishes a Scheduled VOD publication at its publishAt (vod.ts).
 * - `syndication.vodVerify` {publicationId}: looks at a completed publication's item on its target once (vod.ts).
 * - `syndication.callback` {callbackId}: POSTs a completed publication to one of its callback URLs (callbacks.ts).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { callbackJob } from './callbacks.ts';
import { CALLBACK_JOB } from './core.ts';
import { LIVE_PREPARE_JOB, LIVE_WATCH_JOB, livePrepareJob, liveWatchJob } from './live.ts';
import { VOD_PUBLISH_JOB, VOD_STEP_JOB, VOD_VERIFY_JOB, vodPublishJob, vodStepJob, vodVerifyJob } from './vod.ts';

const Publication = z.object({ publicationId: z.string().min(1) });

export const syndicationJobs = [
  defineJob(LIVE_PREPARE_JOB, Publication, livePrepareJob),
  defineJob(LIVE_WATCH_JOB, z.object({ clientId: z.string().min(1), eventId: z.string().min(1) }), liveWatchJob),
  defineJob(VOD_STEP_JOB, Publication, vodStepJob),
  defineJob(VOD_PUBLISH_JOB, Publication, vodPublishJob),
  defineJob(VOD_VERIFY_JOB, Publication, vodVerifyJob),
  defineJob(CALLBACK_JOB, z.object({ callbackId: z.string().min(1) }), callbackJob),
];
