/**
 * Background work of media syndication (src/server/jobs/handlers.ts lists these):
 * - `syndication.livePrepare` {publicationId}: creates a new live publication's broadcast on its target (live.ts).
 * - `syndication.liveWatch` {clientId, eventId}: keeps an event's live publications in step with the event (live.ts).
 * - `syndication.vodStep` {publicationId}: one step of a VOD publication's download and upload (vod.ts).
 * - `syndication.vodPublish` {publicationId}: publishes a Scheduled VOD publication at its publishAt (vod.ts).
 * - `syndication.vodVerify` {publicationId}: looks at a completed publication's item on its target once (vod.ts).
 * - `syndication.callback` {callbackId}: POSTs a completed publication to one of its callback URLs (callbacks.ts).
 */
import type { JobHandler } from '../../jobs/queue.ts';
import { callbackJob } from './callbacks.ts';
import { CALLBACK_JOB } from './core.ts';
import { LIVE_PREPARE_JOB, LIVE_WATCH_JOB, livePrepareJob, liveWatchJob } from './live.ts';
import { VOD_PUBLISH_JOB, VOD_STEP_JOB, VOD_VERIFY_JOB, vodPublishJob, vodStepJob, vodVerifyJob } from './vod.ts';

export const syndicationJobs: Record<string, JobHandler> = {
  [LIVE_PREPARE_JOB]: livePrepareJob,
  [LIVE_WATCH_JOB]: liveWatchJob,
  [VOD_STEP_JOB]: vodStepJob,
  [VOD_PUBLISH_JOB]: vodPublishJob,
  [VOD_VERIFY_JOB]: vodVerifyJob,
  [CALLBACK_JOB]: callbackJob,
};
