/**
 * Retrying a failed publication (publicationMonitor.retry, beyond the interface): the same
 * publication tries again, so the retry is linked to the failure it answers. The monitor keeps one
 * row; its history records the retry (cause `request`, "Retried after: <what failed>") between the
 * failure and what follows; its Failed count clears once the retry succeeds. A VOD publication
 * (media or direct) is processed again from the start, a live one recreated on its target (the
 * failed item there removed). Creating a new publication instead left the failed one failed for
 * ever and the monitor counting it.
 *
 * Like every operation that talks to a target, it is decided in prepare (the live recreate on the
 * target, the look at the VOD's MP4 file) and written by the handler.
 */
import { publicationStateName } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { badField, notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/implement.ts';
import { isFailed, type PublicationRow } from './core.ts';
import { applyLive, planRecreate, type LivePlan } from './live.ts';
import { eventMp4, mp4Problem } from './media-source.ts';
import { publicationById } from './repo.ts';
import { restartVod } from './vod.ts';

export type RetryPlan = { live: LivePlan } | { vod: PublicationRow; reason: string };

export async function planRetry(ctx: RequestContext, id: string): Promise<RetryPlan> {
  const clientId = ctx.client.clientId;
  const row = await publicationById(ctx.db, clientId, id);
  if (!row) throw notFound(`No publication ${id}`);
  if (!isFailed(row.state)) {
    throw badField('params.id', `the publication has not failed (it is ${publicationStateName(row.kind, row.state)}): only a failed publication is retried`);
  }
  const reason = `Retried after: ${row.reason ?? 'it failed'}`;
  if (row.kind === 'live') return { live: await planRecreate({ db: ctx.db, clock: ctx.clock, services: ctx }, row, true, reason) };
  const problem = row.eventId ? mp4Problem(await eventMp4(ctx.db, ctx, clientId, row.eventId)) : undefined;
  if (problem) throw badField('params.id', problem);
  return { vod: row, reason };
}

export async function applyRetry(db: DbOrTx, clock: Clock, planned: RetryPlan): Promise<void> {
  if ('live' in planned) await applyLive(db, clock, planned.live);
  else {
    // Unless it changed meanwhile (another retry, an update): then what it is now stands.
    const current = await publicationById(db, planned.vod.clientId, planned.vod.id, { lock: true });
    if (current && isFailed(current.state)) await restartVod(db, clock, current, planned.reason);
  }
}
