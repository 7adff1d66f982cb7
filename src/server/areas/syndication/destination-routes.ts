/**
 * Media destinations and their properties (service-interface.md "Media syndication:
 * destinations"). A new destination is inactive; the activation workflow (PUT .../activate/{id})
 * asks its target what the user must do: on the simulated platforms, open an authorisation page
 * (authorise.ts) and allow; Custom destinations need nothing. PUT .../active/{id}?active= repairs
 * (true: active without the platform's confirmation) or resets (false: authorise again).
 * The property operations serve the destinations of both apis (media and direct, direct.ts): the
 * simulated faults are set the same way on either.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { DestinationTarget, endpoints, type ActivationResponse, type MediaDestination, type MediaDestinationProperty } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { syndicationDestinationProperties, syndicationDestinations } from '../../db/tables/syndication.ts';
import { badField, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { adapterFor, asTargetDestination, AUTHORISE_PATH, type DestinationRow } from './core.ts';

export function toMediaDestination(row: DestinationRow): MediaDestination {
  return { id: row.id, name: row.name, target: row.target, configJson: row.configJson, active: row.active, version: row.version };
}

type PropertyRow = typeof syndicationDestinationProperties.$inferSelect;
export function toProperty(row: PropertyRow, clientName: string): MediaDestinationProperty {
  return { id: row.id, category: row.category, key: row.key, value: row.value, client: clientName, destinationId: row.destinationId, version: row.version };
}

/** A destination of the client: of one api (/media/destination/ or /destination/), or of either (`any`). */
export async function findDestination(db: DbOrTx, clientId: string, id: string, api: 'media' | 'direct' | 'any' = 'media'): Promise<DestinationRow | undefined> {
  const [row] = await db
    .select()
    .from(syndicationDestinations)
    .where(and(eq(syndicationDestinations.id, id), eq(syndicationDestinations.clientId, clientId), ...(api === 'any' ? [] : [eq(syndicationDestinations.api, api)])));
  return row;
}

export async function destinationOr404(db: DbOrTx, clientId: string, id: string, api: 'media' | 'direct' | 'any' = 'media'): Promise<DestinationRow> {
  const row = await findDestination(db, clientId, id, api);
  if (!row) throw notFound(`No ${api === 'media' ? 'media ' : ''}destination ${id}`);
  return row;
}

/** The columns an update writes: another target (another platform account) or active=false start the activation again; active=true repairs. */
export function updatedActivation(existing: DestinationRow, target: number, active: boolean | undefined): Partial<DestinationRow> {
  const reset = { active: false, activation: { status: 'none' as const } };
  return {
    ...(existing.target !== target ? reset : {}),
    ...(active === false ? reset : active === true ? { active: true } : {}),
  };
}

/** PUT .../state|active/{id}?active=: true repairs (active without the platform), false resets. */
export async function setActiveFlag(db: DbOrTx, existing: DestinationRow, active: boolean): Promise<DestinationRow> {
  const [row] = await db
    .update(syndicationDestinations)
    .set(active ? { active: true } : { active: false, activation: { status: 'none' } })
    .where(eq(syndicationDestinations.id, existing.id))
    .returning();
  return row!;
}

/** PUT .../activate/{id}: asks the target where the activation stands, and keeps its answer. */
export async function checkActivation(ctx: RequestContext, existing: DestinationRow): Promise<ActivationResponse> {
  const adapter = adapterFor(ctx, existing.target);
  const step = await adapter.checkActivation({ db: ctx.db, clock: ctx.clock }, asTargetDestination(existing), AUTHORISE_PATH);
  await ctx.db
    .update(syndicationDestinations)
    .set({ active: step.active, activation: step.activation })
    .where(eq(syndicationDestinations.id, existing.id));
  return { actionTitle: step.actionTitle, actionDescription: step.actionDescription, actionRequired: step.actionRequired };
}

/** A target filter given by name or value; undefined when it names no target. */
export function targetOf(filter: string): number | undefined {
  const text = filter.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const name = DestinationTarget.names.find((n) => n.toLowerCase() === text.toLowerCase());
  return name === undefined ? undefined : DestinationTarget.values[name];
}

export function normaliseConfig(text: string): string {
  // Kept as sent (the interface reads it back as configJson); `{}` for an empty configuration.
  return text.trim() === '' ? '{}' : text;
}

const propertyFilters = (q: { category?: string | undefined; key?: string | undefined; value?: string | undefined }): SQL[] => [
  ...(q.category !== undefined ? [eq(syndicationDestinationProperties.category, q.category)] : []),
  ...(q.key !== undefined ? [eq(syndicationDestinationProperties.key, q.key)] : []),
  ...(q.value !== undefined ? [eq(syndicationDestinationProperties.value, q.value)] : []),
];

export const destinationRoutes: Implementation[] = [
  implement(endpoints.mediaDestination.create, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(syndicationDestinations)
      .values({
        clientId: ctx.client.clientId,
        name: body.name,
        target: body.target,
        configJson: normaliseConfig(body.destinationJson),
        active: body.active ?? false,
        activation: { status: 'none' },
        dateCreated: now,
        dateModified: now,
      })
      .returning();
    return { status: 200, body: toMediaDestination(row!) };
  }),

  implement(endpoints.mediaDestination.update, async ({ params, body }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    const [row] = await ctx.db
      .update(syndicationDestinations)
      .set({
        name: body.name,
        target: body.target,
        configJson: normaliseConfig(body.destinationJson),
        // Another target means another platform account: the activation starts again.
        ...updatedActivation(existing, body.target, body.active),
        dateModified: ctx.clock.now(),
      })
      .where(eq(syndicationDestinations.id, existing.id))
      .returning();
    return { status: 200, body: toMediaDestination(row!) };
  }),

  implement(endpoints.mediaDestination.setActive, async ({ params, query }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    return { status: 200, body: toMediaDestination(await setActiveFlag(ctx.db, existing, query.active)) };
  }),

  implement(endpoints.mediaDestination.activate, async ({ params }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    return { status: 200, body: await checkActivation(ctx, existing) };
  }),

  implement(endpoints.mediaDestination.list, async ({ query }, ctx) => {
    const filters: SQL[] = [eq(syndicationDestinations.clientId, ctx.client.clientId), eq(syndicationDestinations.api, 'media')];
    if (query.targetFilter !== undefined && query.targetFilter.trim() !== '') {
      const target = targetOf(query.targetFilter);
      if (target === undefined) throw badField('query.targetFilter', `not a target: expected one of ${DestinationTarget.names.join(', ')}`);
      filters.push(eq(syndicationDestinations.target, target));
    }
    if (query.onlyActive) filters.push(eq(syndicationDestinations.active, true));
    const rows = await ctx.db
      .select()
      .from(syndicationDestinations)
      .where(and(...filters))
      .orderBy(asc(syndicationDestinations.name), asc(syndicationDestinations.id));
    return { status: 200, body: rows.map(toMediaDestination) };
  }),

  implement(endpoints.mediaDestination.get, async ({ params }, ctx) => ({
    status: 200,
    body: toMediaDestination(await destinationOr404(ctx.db, ctx.client.clientId, params.id)),
  })),

  implement(endpoints.mediaDestination.delete, async ({ params }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    // Its publications, properties and target items go with it (ON DELETE CASCADE).
    await ctx.db.delete(syndicationDestinations).where(eq(syndicationDestinations.id, existing.id));
    return { status: 200 };
  }),

  // ---- Properties ----

  implement(endpoints.mediaDestinationProperty.upsert, async ({ body }, ctx) => {
    const destination = await findDestination(ctx.db, ctx.client.clientId, body.destinationId, 'any');
    if (!destination) throw badField('body.destinationId', 'no destination with this id');
    const table = syndicationDestinationProperties;
    let target: PropertyRow | undefined;
    if (body.id) {
      [target] = await ctx.db
        .select()
        .from(table)
        .where(and(eq(table.id, body.id), eq(table.clientId, ctx.client.clientId)));
      if (!target) throw badField('body.id', 'no destination property with this id');
      if (target.destinationId !== destination.id) throw badField('body.id', 'belongs to another destination');
    }
    const [clash] = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.destinationId, destination.id), eq(table.category, body.category), eq(table.key, body.key)));
    if (target && clash && clash.id !== target.id) {
      throw validationError([{ field: 'body.key', message: `the destination already has a property ${body.category}/${body.key}` }]);
    }
    target ??= clash;
    let row: PropertyRow;
    if (target) {
      [row] = (await ctx.db.update(table).set({ category: body.category, key: body.key, value: body.value }).where(eq(table.id, target.id)).returning()) as [PropertyRow];
    } else {
      [row] = (await ctx.db
        .insert(table)
        .values({ clientId: ctx.client.clientId, destinationId: destination.id, category: body.category, key: body.key, value: body.value })
        .returning()) as [PropertyRow];
    }
    return { status: 200, body: toProperty(row, ctx.client.clientName) };
  }),

  implement(endpoints.mediaDestinationProperty.list, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const table = syndicationDestinationProperties;
    const rows = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.destinationId, params.destinationId), ...propertyFilters(query)))
      .orderBy(asc(table.category), asc(table.key));
    return { status: 200, body: rows.map((r) => toProperty(r, ctx.client.clientName)) };
  }),

  implement(endpoints.mediaDestinationProperty.get, async ({ params }, ctx) => {
    const table = syndicationDestinationProperties;
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.id, params.id), eq(table.clientId, ctx.client.clientId)));
    if (!row) throw notFound(`No destination property ${params.id}`);
    return { status: 200, body: toProperty(row, ctx.client.clientName) };
  }),

  implement(endpoints.mediaDestinationProperty.getByKey, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const table = syndicationDestinationProperties;
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.destinationId, params.destinationId), eq(table.category, query.category), eq(table.key, query.key)));
    if (!row) throw notFound(`The destination has no property ${query.category}/${query.key}`);
    return { status: 200, body: toProperty(row, ctx.client.clientName) };
  }),

  implement(endpoints.mediaDestinationProperty.delete, async ({ params }, ctx) => {
    const table = syndicationDestinationProperties;
    const rows = await ctx.db
      .delete(table)
      .where(and(eq(table.id, params.id), eq(table.clientId, ctx.client.clientId)))
      .returning({ id: table.id });
    if (rows.length === 0) throw notFound(`No destination property ${params.id}`);
    return { status: 200 };
  }),

  implement(endpoints.mediaDestinationProperty.deleteByKey, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const table = syndicationDestinationProperties;
    const rows = await ctx.db
      .delete(table)
      .where(and(eq(table.destinationId, params.destinationId), eq(table.category, query.category), eq(table.key, query.key)))
      .returning({ id: table.id });
    if (rows.length === 0) throw notFound(`The destination has no property ${query.category}/${query.key}`);
    return { status: 200 };
  }),

  implement(endpoints.mediaDestinationProperty.deleteAll, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const table = syndicationDestinationProperties;
    await ctx.db.delete(table).where(and(eq(table.destinationId, params.destinationId), ...propertyFilters(query)));
    return { status: 200 };
  }),
];
