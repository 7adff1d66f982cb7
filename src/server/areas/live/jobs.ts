import type { JobHandler } from '../../jobs/queue.ts';

export const liveJobs: Record<string, JobHandler> = {};
