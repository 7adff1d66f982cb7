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
 *   posted item stays ("no longer removes the posted item").
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  DestinationTarget,
  endpoints,
  Mp4State,
  type Destination,
  type DestinationMetadata,
  type DestinationMetadataName,
  type FieldError,
} from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/events.ts';
import { publicationCallbacks, publications, syndicationDestinationProperties, syndicationDestinations } from '../../db/tables/syndication.ts';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import type { AppServices } from '../../services.ts';
import { asTargetDestination, adapterFor, isFailed, parseConfig, recordPublicationChange, serializePublications, transition, VOD, type DestinationRow, type PublicationRow } from './core.ts';
import { type DestinationCache, NO_DESTINATION } from './destination-cache.ts';
import { checkActivation, destinationOr404, normaliseConfig, setActiveFlag, toProperty, updatedActivation } from './destination-routes.ts';
import { checkPublications, storedDetails } from './input.ts';
import { base, listRows, one, serializeOne, targetFilter } from './publication-routes.ts';
import { insertVodPublications, restartVod, type NewVodPublication } from './vod.ts';

const env = (ctx: RequestContext) => ({ db: ctx.db, clock: ctx.clock, services: ctx });

function cacheOf(services: AppServices): DestinationCache {
  if (!services.destinationCache) throw new Error('buildApp sets the destination cache');
  return services.destinationCache;
}

// ---- Destinations ---------------------------------------------------------------------------------

async function toDestinations(ctx: RequestContext, rows: readonly DestinationRow[]): Promise<Destination[]> {
  const ids = rows.map((r) => r.id);
  const properties =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(syndicationDestinationProperties)
          .where(and(eq(syndicationDestinationProperties.clientId, ctx.client.clientId), inArray(syndicationDestinationProperties.destinationId, ids)))
          .orderBy(asc(syndicationDestinationProperties.category), asc(syndicationDestinationProperties.key));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    target: row.target,
    configJson: row.configJson,
    client: ctx.client.clientName,
    active: row.active,
    link: adapterFor(ctx, row.target).link({ id: row.id, config: parseConfig(row.configJson) }),
    destinationProperties: properties.filter((p) => p.destinationId === row.id).map((p) => toProperty(p, ctx.client.clientName)),
    version: row.version,
  }));
}

async function toDestination(ctx: RequestContext, row: DestinationRow): Promise<Destination> {
  return (await toDestinations(ctx, [row]))[0]!;
}

const directOr404 = (ctx: RequestContext, id: string) => destinationOr404(ctx.db, ctx.client.clientId, id, 'direct');

async function metadata(
  ctx: RequestContext,
  query: { metadata: DestinationMetadataName; target: number; youTubeRegions?: string | undefined; noCache: boolean },
  destination: DestinationRow | undefined,
): Promise<DestinationMetadata> {
  if (destination && destination.target !== query.target) {
    throw badField('query.target', `the destination's target is ${DestinationTarget.nameOf(destination.target) ?? destination.target}, not ${DestinationTarget.nameOf(query.target) ?? query.target}`);
  }
  const region = query.youTubeRegions?.trim().toUpperCase() || undefined;
  const key = `${query.target}:${query.metadata}:${region ?? ''}`;
  const answer = await cacheOf(ctx).through(
    ctx.client.clientId,
    destination?.id ?? NO_DESTINATION,
    key,
    query.noCache,
    () => {
      const adapter = adapterFor(ctx, query.target);
      return adapter.metadata({ db: ctx.db, clock: ctx.clock }, { name: query.metadata, region, destination: destination ? asTargetDestination(destination) : undefined });
    },
    (a) => a.ok,
  );
  if (!answer.ok) throw badField(`query.${answer.field}`, answer.reason);
  return { name: query.metadata, target: query.target, Data: answer.data };
}

const destinationRoutes: Implementation[] = [
  implement(endpoints.destination.create, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(syndicationDestinations)
      .values({
        clientId: ctx.client.clientId,
        api: 'direct',
        name: body.name,
        target: body.target,
        configJson: normaliseConfig(body.configJson),
        active: false,
        activation: { status: 'none' },
        dateCreated: now,
        dateModified: now,
      })
      .returning();
    return { status: 201, body: await toDestination(ctx, row!) };
  }),

  implement(endpoints.destination.update, async ({ params, body }, ctx) => {
    const existing = await directOr404(ctx, params.id);
    const [row] = await ctx.db
      .update(syndicationDestinations)
      .set({ name: body.name, target: body.target, configJson: normaliseConfig(body.configJson), ...updatedActivation(existing, body.target, body.active), dateModified: ctx.clock.now() })
      .where(eq(syndicationDestinations.id, existing.id))
      .returning();
    cacheOf(ctx).clear(ctx.client.clientId, existing.id);
    return { status: 200, body: await toDestination(ctx, row!) };
  }),

  implement(endpoints.destination.setActive, async ({ params, query }, ctx) => {
    const existing = await directOr404(ctx, params.id);
    return { status: 200, body: await toDestination(ctx, await setActiveFlag(ctx.db, existing, query.active)) };
  }),

  implement(endpoints.destination.activate, async ({ params }, ctx) => ({ status: 200, body: await checkActivation(ctx, await directOr404(ctx, params.id)) })),

  implement(endpoints.destination.list, async (_input, ctx) => {
    const rows = await ctx.db
      .select()
      .from(syndicationDestinations)
      .where(and(eq(syndicationDestinations.clientId, ctx.client.clientId), eq(syndicationDestinations.api, 'direct')))
      .orderBy(asc(syndicationDestinations.name), asc(syndicationDestinations.id));
    return { status: 200, body: await toDestinations(ctx, rows) };
  }),

  implement(endpoints.destination.get, async ({ params }, ctx) => ({ status: 200, body: await toDestination(ctx, await directOr404(ctx, params.id)) })),

  implement(endpoints.destination.delete, async ({ params }, ctx) => {
    const existing = await directOr404(ctx, params.id);
    // Its publications, properties and target items go with it (ON DELETE CASCADE).
    await ctx.db.delete(syndicationDestinations).where(eq(syndicationDestinations.id, existing.id));
    cacheOf(ctx).clear(ctx.client.clientId, existing.id);
    return { status: 200 };
  }),

  implement(endpoints.destination.clearCache, async ({ query }, ctx) => {
    if (query.destinationId !== undefined) {
      const destination = await destinationOr404(ctx.db, ctx.client.clientId, query.destinationId, 'any');
      cacheOf(ctx).clear(ctx.client.clientId, destination.id);
    } else cacheOf(ctx).clear(ctx.client.clientId);
    return { status: 200 };
  }),

  implement(endpoints.destination.metadata, async ({ query }, ctx) => ({ status: 200, body: await metadata(ctx, query, undefined) })),

  // Any destination of the client: the media destinations' publication forms ask the same questions.
  implement(endpoints.destination.metadataFor, async ({ params, query }, ctx) => ({
    status: 200,
    body: await metadata(ctx, query, await destinationOr404(ctx.db, ctx.client.clientId, params.id, 'any')),
  })),
];

// ---- Direct VOD publications ----------------------------------------------------------------------

/** The events of content ids, for the publications that name them: the client's, not deleted. */
async function eventsByContent(db: DbOrTx, clientId: string, contentIds: readonly string[]) {
  const rows = await db
    .select({ id: events.id, contentId: events.contentId, mp4State: events.mp4State, dateDeleted: events.dateDeleted })
    .from(events)
    .where(and(eq(events.clientId, clientId), inArray(events.contentId, [...new Set(contentIds)])));
  return new Map(rows.filter((r) => r.dateDeleted === null).map((r) => [r.contentId!, r]));
}

async function directPublicationOr404(ctx: RequestContext, id: string, destinationId: string): Promise<PublicationRow> {
  const [row] = await ctx.db
    .select()
    .from(publications)
    .where(and(...base(ctx.client.clientId, 'vod', 'direct'), eq(publications.id, id), eq(publications.destinationId, destinationId)))
    .for('update');
  if (!row) throw notFound(`No VOD publication ${id} on destination ${destinationId}`);
  return row;
}

async function destinationRow(db: DbOrTx, row: PublicationRow): Promise<DestinationRow> {
  const [destination] = await db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
  return destination!;
}

/** Targets whose items can be made public and private again. */
const VISIBILITY_TARGETS: readonly number[] = [DestinationTarget.values.VideoSite, DestinationTarget.values.SocialNetwork, DestinationTarget.values.MediaPlatform];

async function setVisibility(ctx: RequestContext, row: PublicationRow, visibility: 'public' | 'private') {
  const destination = await destinationRow(ctx.db, row);
  const targetName = DestinationTarget.nameOf(row.target) ?? `Target ${row.target}`;
  if (!VISIBILITY_TARGETS.includes(row.target)) {
    return { isSuccessful: false, description: `${targetName} does not support ${visibility === 'public' ? 'publishing' : 'unpublishing'} an item: delete the publication instead.` };
  }
  if (isFailed(row.state)) return { isSuccessful: false, description: `The publication has failed: ${row.reason ?? ''}`.trim() };
  if (!row.targetItemId || row.state === VOD.Processing) return { isSuccessful: false, description: `The video is still being uploaded to ${destination.name}: try again when it is complete.` };
  const result = await adapterFor(ctx, row.target).setVisibility({ db: ctx.db, clock: ctx.clock }, asTargetDestination(destination), row.targetItemId, visibility);
  if (!result.ok) return { isSuccessful: false, description: result.reason };
  const details = { ...row.details, visibility };
  if (visibility === 'public' && row.state === VOD.Scheduled) {
    // Published before its publishAt: it is complete now.
    await transition(ctx.db, ctx.clock, row, VOD.Completed, { cause: 'request', reason: 'Published before its scheduled time', set: { details, dateCompleted: ctx.clock.now() } });
  } else {
    await transition(ctx.db, ctx.clock, row, row.state, { cause: 'request', set: { details } });
  }
  return {
    isSuccessful: true,
    description: visibility === 'public' ? `Published: the video is public on ${destination.name}.` : `Unpublished: the video is private on ${destination.name}.`,
  };
}

/** Deletes direct VOD publications, removing their items from the target unless it is SocialNetwork. */
async function deleteDirect(ctx: RequestContext, rows: readonly PublicationRow[]): Promise<void> {
  for (const row of rows) {
    if (row.targetItemId && row.target !== DestinationTarget.values.SocialNetwork) {
      const destination = await destinationRow(ctx.db, row);
      await adapterFor(ctx, row.target).remove({ db: ctx.db, clock: ctx.clock }, asTargetDestination(destination), row.targetItemId);
    }
    await ctx.db.delete(publications).where(eq(publications.id, row.id));
  }
  for (const eventId of new Set(rows.map((r) => r.eventId))) await recordPublicationChange(ctx.db, ctx.clock, { clientId: ctx.client.clientId, eventId });
}

const publicationRoutes: Implementation[] = [
  implement(endpoints.directVodPublication.create, async ({ body }, ctx) => {
    const clientId = ctx.client.clientId;
    const byContent = await eventsByContent(ctx.db, clientId, body.publications.map((p) => p.contentId));
    const problems: FieldError[] = [];
    for (const [i, p] of body.publications.entries()) {
      const event = byContent.get(p.contentId);
      if (!event) problems.push({ field: `body.publications.${i}.contentId`, message: 'no event has this content id' });
      else if (event.mp4State !== Mp4State.values.AVAILABLE) {
        problems.push({ field: `body.publications.${i}.contentId`, message: `the event of this content id has no available MP4 (mp4State ${Mp4State.nameOf(event.mp4State) ?? event.mp4State}, must be AVAILABLE): generate it first` });
      }
    }
    const checked = await checkPublications(ctx.db, ctx, clientId, 'vod', undefined, body.publications, 'direct', problems);
    const items: NewVodPublication[] = checked.map((c, i) => {
      const p = body.publications[i]!;
      return { checked: c, eventId: byContent.get(p.contentId)!.id, contentId: p.contentId, publicationJson: p.publicationJson };
    });
    const rows = await insertVodPublications(env(ctx), clientId, 'direct', items);
    for (const eventId of new Set(items.map((i) => i.eventId))) await recordPublicationChange(ctx.db, ctx.clock, { clientId, eventId });
    return { status: 200, body: await serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx }) };
  }),

  implement(endpoints.directVodPublication.update, async ({ params, body }, ctx) => {
    const row = await directPublicationOr404(ctx, params.id, body.destinationId);
    const event = row.eventId ? (await ctx.db.select().from(events).where(eq(events.id, row.eventId)))[0] : undefined;
    const [checked] = await checkPublications(ctx.db, ctx, ctx.client.clientId, 'vod', event, [{ destinationId: body.destinationId, publicationJson: body.publicationJson }], 'direct');
    const c = checked!;
    await ctx.db.delete(publicationCallbacks).where(eq(publicationCallbacks.publicationId, row.id));
    if (c.callbackUrls.length > 0) await ctx.db.insert(publicationCallbacks).values(c.callbackUrls.map((url) => ({ clientId: row.clientId, publicationId: row.id, url })));
    const written = await transition(ctx.db, ctx.clock, row, row.state, {
      cause: 'request',
      set: { publicationJson: body.publicationJson, details: { ...storedDetails(c.fields), ...(row.details?.visibility ? { visibility: row.details.visibility } : {}) }, publishAt: c.publishAt },
    });
    // A failed publication, updated, is tried again from the download.
    const result = isFailed(row.state) ? await restartVod(env(ctx), written, 'Updated: publishing again') : written;
    return { status: 200, body: await serializeOne(ctx, result) };
  }),

  implement(endpoints.directVodPublication.publish, async ({ body }, ctx) => ({
    status: 200,
    body: await setVisibility(ctx, await directPublicationOr404(ctx, body.publicationId, body.destinationId), 'public'),
  })),

  implement(endpoints.directVodPublication.unpublish, async ({ body }, ctx) => ({
    status: 200,
    body: await setVisibility(ctx, await directPublicationOr404(ctx, body.publicationId, body.destinationId), 'private'),
  })),

  implement(endpoints.directVodPublication.list, async ({ query }, ctx) => {
    const { rows, where, reader } = await listRows(ctx, 'vod', query, 'direct');
    const [total] = await reader.select({ n: count() }).from(publications).where(where);
    return {
      status: 200,
      body: {
        pageSize: query.pageSize,
        pageNumber: query.pageNumber,
        totalCount: Number(total?.n ?? 0),
        results: await serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx, queryTarget: query.queryTarget }),
      },
    };
  }),

  implement(endpoints.directVodPublication.listByTransaction, async ({ params, query }, ctx) => {
    if (query.transactionId !== params.transactionId) throw badField('query.transactionId', 'must be the transaction id of the path');
    const rows = await ctx.db
      .select()
      .from(publications)
      .where(and(...base(ctx.client.clientId, 'vod', 'direct'), eq(publications.transactionId, params.transactionId), ...targetFilter(query.targetFilter)))
      .orderBy(asc(publications.dateCreated), asc(publications.id));
    return { status: 200, body: await serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx, queryTarget: query.queryTarget }) };
  }),

  implement(endpoints.directVodPublication.getByContent, async ({ query }, ctx) => ({
    status: 200,
    body: await one(
      ctx,
      'vod',
      [eq(publications.contentId, query.contentId), eq(publications.destinationId, query.destinationId)],
      `No VOD publication of content ${query.contentId} on destination ${query.destinationId}`,
      query.queryTarget,
      'direct',
    ),
  })),

  implement(endpoints.directVodPublication.get, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', [eq(publications.id, params.id), eq(publications.destinationId, query.destinationId)], `No VOD publication ${params.id} on destination ${query.destinationId}`, query.queryTarget, 'direct'),
  })),

  implement(endpoints.directVodPublication.delete, async ({ params, query }, ctx) => {
    await deleteDirect(ctx, [await directPublicationOr404(ctx, params.id, query.destinationId)]);
    return { status: 200 };
  }),

  implement(endpoints.directVodPublication.deleteAllForContent, async ({ params }, ctx) => {
    const rows = await ctx.db
      .select()
      .from(publications)
      .where(and(...base(ctx.client.clientId, 'vod', 'direct'), eq(publications.contentId, params.contentId)))
      .for('update');
    if (rows.length === 0) throw notFound(`No VOD publication of content ${params.contentId}`);
    await deleteDirect(ctx, rows);
    return { status: 200 };
  }),
];

export const directRoutes: Implementation[] = [...destinationRoutes, ...publicationRoutes];
