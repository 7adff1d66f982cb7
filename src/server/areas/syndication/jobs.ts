/**
 * Background work of media syndication (src/server/areas/index.ts lists them for the worker):
 * - `syndication.livePrepare` {publicationId}: creates a new live publication's broadcast on its target (live-jobs.ts).
 * - `syndication.liveWatch` {clientId, eventId}: keeps an event's live publications in step with the event (live-jobs.ts).
 * - `syndication.vodStep` {publicationId}: one step of a VOD publication's upload (vod.ts).
 * - `syndication.vodPublish` {publicationId}: publishes a Scheduled VOD publication at its publishAt (vod.ts).
 * - `syndication.vodVerify` {publicationId}: looks at a completed publication's item on its target once (vod.ts).
 * - `syndication.callback` {callbackId}: POSTs a completed publication to one of its callback URLs (callbacks.ts).
 */
import { defineJob } from '../../jobs/define.ts';
import { callbackJob } from './callbacks.ts';
import { callbackKind } from './core.ts';
import { livePrepareKind, liveWatchKind } from './live.ts';
import { livePrepareJob, liveWatchJob } from './live-jobs.ts';
import { vodPublishJob, vodPublishKind, vodStepJob, vodStepKind, vodVerifyJob, vodVerifyKind } from './vod.ts';

export const syndicationJobs = [
  defineJob(livePrepareKind, livePrepareJob),
  defineJob(liveWatchKind, liveWatchJob),
  defineJob(vodStepKind, vodStepJob),
  defineJob(vodPublishKind, vodPublishJob),
  defineJob(vodVerifyKind, vodVerifyJob),
  defineJob(callbackKind, callbackJob),
];
