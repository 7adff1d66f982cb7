/** Background work of the encoder health: `encoderHealth.tick` (sampling.ts), every sampleMs while an event streams. */
import { defineJob } from '../../jobs/define.ts';
import { tickJob, tickKind } from './sampling.ts';

export const encoderHealthJobs = [defineJob(tickKind, async (_payload, ctx) => tickJob(ctx.db, ctx.clock, ctx.services.encoderHealth))];
