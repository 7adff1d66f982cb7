/**
 * What the direct operations (direct-routes.ts) decide with a target, outside any transaction:
 * metadata lookups through the per-destination cache, an item's visibility, and removing an item
 * (a deleted publication's, except on SocialNetwork, where the posted item stays).
 */
import { DestinationTarget, type DestinationMetadata, type DestinationMetadataName } from '#schema';
import { badField, notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/implement.ts';
import { adapterFor, asTargetDestination, isFailed, plan, targetEnv, VOD, type Planned, type PublicationRow } from './core.ts';
import { NO_DESTINATION } from './destination-cache.ts';
import type { TargetContext } from './live.ts';
import { findPublication } from './repo.ts';
import { findDestination, type DestinationRow } from './destination-repo.ts';

/** The direct VOD publication of the client with this id on this destination. */
export async function directPublicationOr404(ctx: Pick<RequestContext, 'db' | 'client'>, id: string, destinationId: string): Promise<PublicationRow> {
  const row = await findPublication(ctx.db, ctx.client.clientId, 'vod', 'direct', { id, destinationId });
  if (!row) throw notFound(`No VOD publication ${id} on destination ${destinationId}`);
  return row;
}

/** A metadata lookup (GET /destination/metadata[/{id}]): the target's answer, through the destination's cache. */
export async function metadata(
  ctx: Pick<RequestContext, 'db' | 'clock' | 'client' | 'targets' | 'destinationCache'>,
  query: { metadata: DestinationMetadataName; target: number; youTubeRegions?: string | undefined; noCache: boolean },
  destination: DestinationRow | undefined,
): Promise<DestinationMetadata> {
  if (destination && destination.target !== query.target) {
    throw badField('query.target', `the destination's target is ${DestinationTarget.nameOf(destination.target) ?? destination.target}, not ${DestinationTarget.nameOf(query.target) ?? query.target}`);
  }
  const region = query.youTubeRegions?.trim().toUpperCase() || undefined;
  const key = `${query.target}:${query.metadata}:${region ?? ''}`;
  const answer = await ctx.destinationCache.through(
    ctx.client.clientId,
    destination?.id ?? NO_DESTINATION,
    key,
    query.noCache,
    () => adapterFor(ctx, query.target).metadata(targetEnv(ctx.db, ctx.clock), { name: query.metadata, region, destination: destination ? asTargetDestination(destination) : undefined }),
    (a) => a.ok,
  );
  if (!answer.ok) throw badField(`query.${answer.field}`, answer.reason);
  return { name: query.metadata, target: query.target, Data: answer.data };
}

/** Targets whose items can be made public and private again. */
const VISIBILITY_TARGETS: readonly number[] = [DestinationTarget.values.VideoSite, DestinationTarget.values.SocialNetwork, DestinationTarget.values.MediaPlatform];

export interface VisibilityDecision {
  answer: { isSuccessful: boolean; description: string };
  plan: Planned;
}

/** Publish/unpublish a direct publication's item on its target. */
export async function planDirectVisibility(env: TargetContext, row: PublicationRow, visibility: 'public' | 'private'): Promise<VisibilityDecision> {
  const nothing = (description: string): VisibilityDecision => ({ answer: { isSuccessful: false, description }, plan: plan(row) });
  const destination = await findDestination(env.db, row.clientId, row.destinationId, 'direct');
  if (!destination) return nothing('The destination is gone.');
  const targetName = DestinationTarget.nameOf(row.target) ?? `Target ${row.target}`;
  if (!VISIBILITY_TARGETS.includes(row.target)) {
    return nothing(`${targetName} does not support ${visibility === 'public' ? 'publishing' : 'unpublishing'} an item: delete the publication instead.`);
  }
  if (isFailed(row.state)) return nothing(`The publication has failed: ${row.reason ?? ''}`.trim());
  if (!row.targetItemId || row.state === VOD.Processing) return nothing(`The video is still being uploaded to ${destination.name}: try again when it is complete.`);
  const result = await adapterFor(env.services, row.target).setVisibility(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId, visibility);
  if (!result.ok) return nothing(result.reason);
  const details = { ...row.details, visibility };
  const step =
    visibility === 'public' && row.state === VOD.Scheduled
      ? // Published before its publishAt: it is complete now.
        { to: VOD.Completed, options: { cause: 'request' as const, reason: 'Published before its scheduled time', set: { details, dateCompleted: env.clock.now() } } }
      : { to: row.state, options: { cause: 'request' as const, set: { details } } };
  return {
    answer: { isSuccessful: true, description: visibility === 'public' ? `Published: the video is public on ${destination.name}.` : `Unpublished: the video is private on ${destination.name}.` },
    plan: plan(row, step),
  };
}

/** Removes the items of direct publications about to be deleted from their targets, unless SocialNetwork (the posted item stays). */
export async function removeDirectOnTarget(env: TargetContext, rows: readonly PublicationRow[]): Promise<void> {
  for (const row of rows) {
    if (!row.targetItemId || row.target === DestinationTarget.values.SocialNetwork) continue;
    const destination = await findDestination(env.db, row.clientId, row.destinationId, 'direct');
    if (destination) await adapterFor(env.services, row.target).remove(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId);
  }
}
