import type { JobHandler } from '../../jobs/queue.ts';

export const webhookJobs: Record<string, JobHandler> = {};
