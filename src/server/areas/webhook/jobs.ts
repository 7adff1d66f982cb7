/**
 * Background work of webhooks:
 * - `webhook.dispatch` (scheduled by the dispatcher for retries and leases): starts what is due.
 *   New deliveries need no job: their writer creates them and wakes the dispatchers (changes/fanout.ts,
 *   extension.ts).
 * - `webhook.prune` (scheduled when deliveries finish, prune.ts): deletes finished deliveries
 *   older than the retention, then schedules itself for the next one to expire.
 */
import { defineJob } from '../../jobs/define.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { dispatcherFor, dispatchKind, type DispatchEnv } from './dispatcher.ts';
import { pruneKind, runPrune } from './prune.ts';

export function dispatchEnv(ctx: Pick<JobContext, 'db' | 'clock' | 'log' | 'services'>): DispatchEnv {
  return { db: ctx.db, clock: ctx.clock, log: ctx.log, settings: ctx.services.webhooks };
}

/**
 * Lets pending I/O run. The embedded PGlite answers queries without ever giving the event loop
 * back, so a worker going through a backlog of jobs would otherwise starve every socket of the
 * process: the API, and the webhook calls in flight (whose time-outs would then fire for nothing).
 */
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const dispatchJob = defineJob(dispatchKind, async (_payload, ctx) => {
  await yieldToIo();
  await dispatcherFor(ctx.db).pump(dispatchEnv(ctx));
}, { changesAnswers: false }); // deliveries: no cached GET reads them

const pruneJob = defineJob(pruneKind, async (_payload, ctx) => {
  await yieldToIo();
  const { retentionMs } = ctx.services.webhooks;
  const { deleted, nextAt } = await runPrune(ctx.db, ctx.clock, retentionMs);
  if (deleted > 0) ctx.log.info({ deleted, retentionDays: retentionMs / 86_400_000, nextAt }, 'pruned the webhook delivery log');
}, { changesAnswers: false });

export const webhookJobs = [dispatchJob, pruneJob];
