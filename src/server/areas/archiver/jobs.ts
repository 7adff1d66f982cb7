/**
 * Background work of the archiver: `archiver.tick` (recorder.ts), one per time bucket while any
 * capture needs work.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { TICK_JOB, tickJob } from './recorder.ts';

export const archiverJobs = [defineJob(TICK_JOB, z.null(), async (_payload, ctx) => tickJob(ctx.db, ctx.clock, ctx.services.archiver, ctx.log))];
