/**
 * Retrying a failed publication (publicationMonitor.retry, beyond the interface): the same
 * publication tries again, so the retry is linked to the failure it answers. The monitor keeps one
 * row; its history records the retry (cause `request`, "Retried after: <what failed>") between the
 * failure and what follows; its Failed count clears once the retry succeeds. A VOD publication
 * (media or direct) is processed again from the start, a live one recreated on its target (the
 * failed item there removed). Creating a new publication instead left the failed one failed for
 * ever and the monitor counting it.
 */
import { and, eq } from 'drizzle-orm';
import { publicationStateName } from '#schema';
import { publications } from '../../db/tables/syndication.ts';
import { badField, notFound } from '../../http/errors.ts';
import { isFailed, type PublicationRow } from './core.ts';
import { recreateLive, type LiveEnv } from './live.ts';
import { eventMp4, mp4Problem } from './media-source.ts';
import { restartVod } from './vod.ts';

export async function retryPublication(env: LiveEnv, clientId: string, id: string): Promise<PublicationRow> {
  const [row] = await env.db
    .select()
    .from(publications)
    .where(and(eq(publications.clientId, clientId), eq(publications.id, id)))
    .for('update');
  if (!row) throw notFound(`No publication ${id}`);
  if (!isFailed(row.state)) {
    throw badField('params.id', `the publication has not failed (it is ${publicationStateName(row.kind, row.state)}): only a failed publication is retried`);
  }
  const reason = `Retried after: ${row.reason ?? 'it failed'}`;
  if (row.kind === 'live') return recreateLive(env, clientId, row, true, reason);
  const problem = row.eventId ? mp4Problem(await eventMp4(env.db, env.services, clientId, row.eventId)) : undefined;
  if (problem) throw badField('params.id', problem);
  return restartVod(env, row, reason);
}
