/**
 * Background work of the change log: `changes.prune` (prune.ts) deletes the changes past the
 * retention, then schedules its next run an interval later.
 */
import { defineJob } from '../jobs/define.ts';
import { changePruneKind, pruneChanges, pruneSettingsOf, scheduleChangePrune } from './prune.ts';

const pruneJob = defineJob(changePruneKind, async (_payload, ctx) => {
  const { retentionMs, intervalMs } = pruneSettingsOf(ctx.services.changeFeed);
  const deleted = await pruneChanges(ctx.db, ctx.clock, retentionMs);
  if (deleted > 0) ctx.log.info({ deleted, retentionHours: retentionMs / 3_600_000 }, 'pruned the change log');
  if (retentionMs > 0) await scheduleChangePrune(ctx.db, ctx.clock, ctx.clock.now().getTime() + intervalMs, intervalMs);
}, { changesAnswers: false });

export const changeJobs = [pruneJob];
