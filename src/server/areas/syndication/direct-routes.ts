/**
 * Direct destinations and direct VOD publications (service-interface.md "Direct destinations",
 * "Direct VOD publications"): the same destinations, targets, activation workflow, publication
 * states and history as the media syndication operations, in the same tables (`api = 'direct'`),
 * so the publication monitor shows both.
 *
 * - A direct VOD publication names a content id: the contentId of one of the client's events
 *   whose MP4 is AVAILABLE (else 400 saying so). Its row also keeps that event, so the monitor links
 *   it and the upload reads the event's MP4.
 * - Metadata lookups are answered by the target (sim/target-metadata.ts) through the
 *   per-destination cache (destination-cache.ts): `noCache=true` asks the target again, DELETE
 *   /destination/cache drops the client's entries or one destination's, and changing or deleting
 *   a destination drops its own.
 * - Publish/unpublish set the item's visibility on the target where the target supports it
 *   (VideoSite, SocialNetwork, MediaPlatform); MicroBlog and Custom answer isSuccessful false
 *   saying why. Deleting removes the item from the target too, except on SocialNetwork, where the
 *   posted item stays ("no longer removes the posted item"). The target is asked in the
 *   operation's prepare step, outside the transaction (direct.ts).
 */
import { endpoints, Mp4State, type FieldError } from '#schema';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { apply, isFailed, recordPublication, recordPublicationChange, serializePublications, type PublicationRow } from './core.ts';
import { activeFlag, checkActivationOnTarget, destinationOr404, keepActivation, normaliseConfig, toDestinations, updatedActivation } from './destinations.ts';
import { directPublicationOr404, metadata, planDirectVisibility, removeDirectOnTarget, type VisibilityDecision } from './direct.ts';
import { callbackRefusals, checkPublications, storedDetails } from './input.ts';
import type { TargetContext } from './live.ts';
import { byTransaction, listPage, one, serializeOne } from './reads.ts';
import { deletePublication, eventsByContent, findEvent, findPublications, replaceCallbacks } from './repo.ts';
import { deleteDestination, insertDestination, listDestinations, updateDestination, type DestinationRow } from './destination-repo.ts';
import { insertVodPublications, restartVod, type NewVodPublication } from './vod.ts';
import { missingMp4Refusals } from './media-source.ts';
import { recordChange } from '../../changes/record-entity.ts';

const env = (ctx: RequestContext): TargetContext => ({ db: ctx.db, clock: ctx.clock, services: ctx });
const toDestination = async (ctx: RequestContext, row: DestinationRow) => (await toDestinations(ctx.db, ctx, ctx.client, [row]))[0]!;
const directOr404 = (ctx: RequestContext, id: string) => destinationOr404(ctx.db, ctx.client.clientId, id, 'direct');

const destinationRoutes: Implementation[] = [
  implement(endpoints.destination.create, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    const row = await insertDestination(ctx.db, {
      clientId: ctx.client.clientId,
      api: 'direct',
      name: body.name,
      target: body.target,
      configJson: normaliseConfig(body.configJson),
      active: false,
      activation: { status: 'none' },
      dateCreated: now,
      dateModified: now,
    });
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: row.id, action: 'Added' });
    return { status: 201, body: await toDestination(ctx, row) };
  }),

  implement(endpoints.destination.update, async ({ params, body }, ctx) => {
    const existing = await directOr404(ctx, params.id);
    const row = await updateDestination(ctx.db, ctx.client.clientId, existing.id, {
      name: body.name,
      target: body.target,
      configJson: normaliseConfig(body.configJson),
      ...updatedActivation(existing, body.target, body.active),
      dateModified: ctx.clock.now(),
    });
    ctx.destinationCache.clear(ctx.client.clientId, existing.id);
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: existing.id, action: 'Updated' });
    return { status: 200, body: await toDestination(ctx, row!) };
  }),

  implement(endpoints.destination.setActive, async ({ params, query }, ctx) => {
    const existing = await directOr404(ctx, params.id);
    const row = await updateDestination(ctx.db, ctx.client.clientId, existing.id, activeFlag(query.active));
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: existing.id, action: 'Updated' });
    return { status: 200, body: await toDestination(ctx, row!) };
  }),

  implement(
    endpoints.destination.activate,
    async (_input, ctx, checked: Awaited<ReturnType<typeof checkActivationOnTarget>>) => ({ status: 200, body: await keepActivation(ctx.db, ctx.clock, ctx.client.clientId, checked) }),
    { prepare: ({ params }, ctx) => checkActivationOnTarget(ctx.db, ctx.clock, ctx, ctx.client.clientId, params.id, 'direct') },
  ),

  implement(endpoints.destination.list, async (_input, ctx) => ({
    status: 200,
    body: await toDestinations(ctx.db, ctx, ctx.client, await listDestinations(ctx.db, ctx.client.clientId, { api: 'direct' })),
  })),

  implement(endpoints.destination.get, async ({ params }, ctx) => ({ status: 200, body: await toDestination(ctx, await directOr404(ctx, params.id)) })),

  implement(endpoints.destination.delete, async ({ params }, ctx) => {
    const existing = await directOr404(ctx, params.id);
    await deleteDestination(ctx.db, ctx.client.clientId, existing.id);
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: existing.id, action: 'Deleted' });
    ctx.destinationCache.clear(ctx.client.clientId, existing.id);
    return { status: 200 };
  }),

  implement(endpoints.destination.clearCache, async ({ query }, ctx) => {
    if (query.destinationId !== undefined) {
      const destination = await destinationOr404(ctx.db, ctx.client.clientId, query.destinationId, 'any');
      ctx.destinationCache.clear(ctx.client.clientId, destination.id);
    } else ctx.destinationCache.clear(ctx.client.clientId);
    return { status: 200 };
  }),

  implement(endpoints.destination.metadata, async ({ query }, ctx) => ({ status: 200, body: await metadata(ctx, query, undefined) })),

  // Any destination of the client: the media destinations' publication forms ask the same questions.
  implement(endpoints.destination.metadataFor, async ({ params, query }, ctx) => ({
    status: 200,
    body: await metadata(ctx, query, await destinationOr404(ctx.db, ctx.client.clientId, params.id, 'any')),
  })),
];

function visibility(endpoint: typeof endpoints.directVodPublication.publish | typeof endpoints.directVodPublication.unpublish, to: 'public' | 'private'): Implementation {
  return implement(
    endpoint,
    async (_input, ctx, decided: VisibilityDecision) => {
      await apply(ctx.db, ctx.clock, decided.plan);
      return { status: 200, body: decided.answer };
    },
    { prepare: async ({ body }, ctx) => planDirectVisibility(env(ctx), await directPublicationOr404(ctx, body.publicationId, body.destinationId), to) },
  );
}

/** Deletes direct publications (their items already removed from the targets in prepare). */
async function deleteDirect(ctx: RequestContext, rows: readonly PublicationRow[]): Promise<void> {
  for (const row of rows) {
    await deletePublication(ctx.db, ctx.client.clientId, row.id);
    await recordPublication(ctx.db, ctx.clock, row, 'Deleted');
  }
  for (const eventId of new Set(rows.map((r) => r.eventId))) await recordPublicationChange(ctx.db, ctx.clock, { clientId: ctx.client.clientId, eventId });
}

const publicationRoutes: Implementation[] = [
  implement(
    endpoints.directVodPublication.create,
    async ({ body }, ctx, refusals: FieldError[]) => {
      const clientId = ctx.client.clientId;
      const byContent = await eventsByContent(ctx.db, clientId, body.publications.map((p) => p.contentId));
      const problems: FieldError[] = [...refusals];
      for (const [i, p] of body.publications.entries()) {
        const event = byContent.get(p.contentId);
        if (!event) problems.push({ field: `body.publications.${i}.contentId`, message: 'no event has this content id' });
        else if (event.mp4State !== Mp4State.values.AVAILABLE) {
          problems.push({ field: `body.publications.${i}.contentId`, message: `the event of this content id has no available MP4 (mp4State ${Mp4State.nameOf(event.mp4State) ?? event.mp4State}, must be AVAILABLE): generate it first` });
        }
      }
      const checked = await checkPublications(ctx.db, clientId, 'vod', undefined, body.publications, 'direct', problems);
      const items: NewVodPublication[] = checked.map((c, i) => {
        const p = body.publications[i]!;
        return { checked: c, eventId: byContent.get(p.contentId)!.id, contentId: p.contentId, publicationJson: p.publicationJson };
      });
      const rows = await insertVodPublications(ctx.db, ctx.clock, clientId, 'direct', items);
      for (const eventId of new Set(items.map((i) => i.eventId))) await recordPublicationChange(ctx.db, ctx.clock, { clientId, eventId });
      return { status: 200, body: await serializePublications(ctx.db, rows) };
    },
    {
      prepare: async ({ body }, ctx) => {
        const byContent = await eventsByContent(ctx.db, ctx.client.clientId, body.publications.map((p) => p.contentId));
        const wanted = body.publications.map((p, i) => ({ field: `body.publications.${i}.contentId`, eventId: byContent.get(p.contentId)?.id }));
        return [...(await missingMp4Refusals(ctx.db, ctx, ctx.client.clientId, wanted)), ...(await callbackRefusals(ctx, body.publications))];
      },
    },
  ),

  implement(
    endpoints.directVodPublication.update,
    async ({ params, body }, ctx, refusals: FieldError[]) => {
      const row = await directPublicationOr404(ctx, params.id, body.destinationId);
      const event = row.eventId ? await findEvent(ctx.db, ctx.client.clientId, row.eventId) : undefined;
      const [c] = await checkPublications(ctx.db, ctx.client.clientId, 'vod', event, [{ destinationId: body.destinationId, publicationJson: body.publicationJson }], 'direct', refusals);
      await replaceCallbacks(ctx.db, ctx.client.clientId, row.id, c!.callbackUrls);
      const details = { ...storedDetails(c!.fields), ...(row.details?.visibility ? { visibility: row.details.visibility } : {}) };
      const written = (await apply(ctx.db, ctx.clock, { row, steps: [{ to: row.state, options: { cause: 'request', set: { publicationJson: body.publicationJson, details, publishAt: c!.publishAt } } }] }))?.row ?? row;
      // A failed publication, updated, is tried again from the upload.
      const result = isFailed(written.state) ? await restartVod(ctx.db, ctx.clock, written, 'Updated: publishing again') : written;
      return { status: 200, body: await serializeOne(ctx, result) };
    },
    { prepare: ({ body }, ctx) => callbackRefusals(ctx, [{ destinationId: body.destinationId, publicationJson: body.publicationJson }]) },
  ),

  visibility(endpoints.directVodPublication.publish, 'public'),
  visibility(endpoints.directVodPublication.unpublish, 'private'),

  implement(endpoints.directVodPublication.list, async ({ query }, ctx) => {
    const { results, total } = await listPage(ctx, 'vod', query, 'direct', { count: true });
    return { status: 200, body: { pageSize: query.pageSize, pageNumber: query.pageNumber, totalCount: total, results } };
  }),

  implement(endpoints.directVodPublication.listByTransaction, async ({ params, query }, ctx) => {
    if (query.transactionId !== params.transactionId) throw badField('query.transactionId', 'must be the transaction id of the path');
    return { status: 200, body: await byTransaction(ctx, 'vod', params.transactionId, query, 'direct') };
  }),

  implement(endpoints.directVodPublication.getByContent, async ({ query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', { contentId: query.contentId, destinationId: query.destinationId }, `No VOD publication of content ${query.contentId} on destination ${query.destinationId}`, query.queryTarget, 'direct'),
  })),

  implement(endpoints.directVodPublication.get, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', { id: params.id, destinationId: query.destinationId }, `No VOD publication ${params.id} on destination ${query.destinationId}`, query.queryTarget, 'direct'),
  })),

  implement(
    endpoints.directVodPublication.delete,
    async (_input, ctx, rows: PublicationRow[]) => {
      await deleteDirect(ctx, rows);
      return { status: 200 };
    },
    {
      prepare: async ({ params, query }, ctx) => {
        const rows = [await directPublicationOr404(ctx, params.id, query.destinationId)];
        await removeDirectOnTarget(env(ctx), rows);
        return rows;
      },
    },
  ),

  implement(
    endpoints.directVodPublication.deleteAllForContent,
    async (_input, ctx, rows: PublicationRow[]) => {
      await deleteDirect(ctx, rows);
      return { status: 200 };
    },
    {
      prepare: async ({ params }, ctx) => {
        const rows = await findPublications(ctx.db, ctx.client.clientId, 'vod', 'direct', { contentId: params.contentId });
        if (rows.length === 0) throw notFound(`No VOD publication of content ${params.contentId}`);
        await removeDirectOnTarget(env(ctx), rows);
        return rows;
      },
    },
  ),
];

export const directRoutes: Implementation[] = [...destinationRoutes, ...publicationRoutes];
