/**
 * Every background job type and its handler, in one registry for the worker. An area with
 * background work exports `<area>Jobs: Record<string, JobHandler>` from
 * src/server/areas/<area>/jobs.ts and adds it below. Job types are namespaced `area.action`.
 */
import { liveJobs } from '../areas/live/jobs.ts';
import { webhookJobs } from '../areas/webhook/jobs.ts';
import { composeJobs } from '../areas/compose/jobs.ts';
import { vodDownloadJobs } from '../areas/vod-download/jobs.ts';
import { assetJobs } from '../areas/asset/jobs.ts';
import type { JobHandler } from './queue.ts';

export const jobHandlers: Readonly<Record<string, JobHandler>> = { ...liveJobs, ...webhookJobs, ...composeJobs, ...assetJobs, ...vodDownloadJobs };
