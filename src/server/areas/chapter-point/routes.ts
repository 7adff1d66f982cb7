/**
 * Chapter points (public-facts.md §4: the original's routes, beyond the interface) and their custom
 * properties (service-interface.md "Chapter point custom properties", all 8 operations). Every
 * change records one change per event with chapterPointsChanged.
 *
 * `refreshIndex` is accepted and needs no work: chapter point search queries these tables as they
 * are, so a change is searchable as soon as it commits.
 */
import { endpoints } from '#schema';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { EventChanges, findEvent } from '../custom-property/index.ts';
import {
  deleteChapterPoint,
  deletePointProperties,
  deletePointProperty,
  eventChapterPoints,
  eventPointProperties,
  getChapterPoint,
  getPointProperty,
  insertChapterPoint,
  listPointProperties,
  propertiesOfPoints,
  toChapterPoint,
  toPointProperty,
  updateChapterPoint,
  writePointProperties,
  type ChapterPointValues,
  chapterPointIdInUse
} from './repo.ts';
import { makesCycle, shapeChapterPoints, storedTime } from './tree.ts';

const CHAPTER_POINTS = { chapterPointsChanged: true } as const;

async function recordFor(ctx: RequestContext, ...eventIds: string[]): Promise<void> {
  const changes = new EventChanges();
  for (const id of eventIds) changes.add(id, CHAPTER_POINTS);
  await changes.record(ctx.db, ctx.clock, ctx.client.clientId);
}

async function requireEvent(ctx: RequestContext, eventId: string) {
  const event = await findEvent(ctx.db, ctx.client.clientId, eventId);
  if (!event) throw notFound(`There is no event ${eventId}`);
  return event;
}

async function requirePoint(ctx: RequestContext, id: string, field?: string) {
  const point = await getChapterPoint(ctx.db, ctx.client.clientId, id);
  if (point) return point;
  throw field ? badField(field, `there is no chapter point ${id}`) : notFound(`There is no chapter point ${id}`);
}

const sameValues = (a: ChapterPointValues, b: ChapterPointValues) =>
  (Object.keys(b) as (keyof ChapterPointValues)[]).every((k) => a[k] === b[k]);

export const chapterPointRoutes: Implementation[] = [
  /**
   * Adds, or updates the chapter point `id`. An unknown id adds a chapter point with that id. A
   * chapter point stays in its event; its parent must be a chapter point of the same event and
   * not inside its own subtree. propertyModels adds or updates properties; the others stay.
   */
  implement(endpoints.chapterPoint.upsert, async ({ body }, ctx) => {
    const clientId = ctx.client.clientId;
    const event = await findEvent(ctx.db, clientId, body.eventId);
    if (!event) throw badField('body.eventId', `there is no event ${body.eventId}`);
    const id = body.id?.toLowerCase();
    const holder = id ? await getChapterPoint(ctx.db, clientId, id) : undefined;
    if (id && !holder && (await chapterPointIdInUse(ctx.db, id))) throw badField('body.id', 'is the id of another chapter point');
    if (holder && holder.eventId !== event.id) {
      throw badField('body.eventId', `chapter point ${id} belongs to event ${holder.eventId}; a chapter point cannot move to another event`);
    }

    const points = await eventChapterPoints(ctx.db, clientId, event.id);
    const parentId = body.parentId?.toLowerCase() ?? null;
    if (parentId) {
      if (!points.some((p) => p.id === parentId)) throw badField('body.parentId', `there is no chapter point ${parentId} in event ${event.id}`);
      if (id && makesCycle(points, id, parentId)) {
        throw badField('body.parentId', `chapter point ${parentId} is inside the subtree of ${id}: it cannot become its parent`);
      }
    }
    const start = storedTime(body.startTime);
    const values: ChapterPointValues = {
      parentId,
      referenceId: body.referenceId ?? null,
      title: body.title,
      tag: body.tag ?? null,
      startTime: start.text,
      endTime: body.endTime ? storedTime(body.endTime).text : null,
      startKey: start.key,
    };
    const now = ctx.clock.now();
    const before = holder ? points.find((p) => p.id === holder.id) : undefined;
    let changed = !before || !sameValues(before, values);
    const row = !before
      ? await insertChapterPoint(ctx.db, { ...values, ...(id ? { id } : {}), clientId, eventId: event.id }, now)
      : changed
        ? await updateChapterPoint(ctx.db, clientId, before.id, values, now)
        : before;
    if (body.propertyModels?.length) {
      const written = await writePointProperties(ctx.db, clientId, row.id, body.propertyModels, (i, name) => `body.propertyModels.${i}.${name}`);
      changed ||= written.changed;
    }
    if (changed) await recordFor(ctx, event.id);
    const properties = (await propertiesOfPoints(ctx.db, clientId, [row.id])).get(row.id) ?? [];
    return { status: 200, body: toChapterPoint(row, properties) };
  }),

  implement(endpoints.chapterPoint.get, async ({ params, query }, ctx) => {
    const point = await getChapterPoint(ctx.db, ctx.client.clientId, params.id);
    if (!point) return { status: 204 };
    const rows = query.buildTree ? await eventChapterPoints(ctx.db, ctx.client.clientId, point.eventId) : [point];
    const properties = await propertiesOfPoints(
      ctx.db,
      ctx.client.clientId,
      rows.map((r) => r.id),
    );
    const [shaped] = shapeChapterPoints(rows, properties, { tree: query.buildTree, rootId: point.id });
    return { status: 200, body: shaped! };
  }),

  implement(endpoints.chapterPoint.listForEvent, async ({ params, query }, ctx) => {
    const event = await requireEvent(ctx, params.eventId);
    const rows = await eventChapterPoints(ctx.db, ctx.client.clientId, event.id);
    const properties = await propertiesOfPoints(
      ctx.db,
      ctx.client.clientId,
      rows.map((r) => r.id),
    );
    return { status: 200, body: shapeChapterPoints(rows, properties, { tree: query.buildTree }) };
  }),

  implement(endpoints.chapterPoint.delete, async ({ params }, ctx) => {
    const point = await requirePoint(ctx, params.id);
    await deleteChapterPoint(ctx.db, ctx.client.clientId, point.id);
    await recordFor(ctx, point.eventId);
    return { status: 200 };
  }),

  // ---- Chapter point custom properties ------------------------------------------------------------

  implement(endpoints.chapterPointCustomProperty.upsert, async ({ body }, ctx) => {
    const point = await requirePoint(ctx, body.chapterPointId, 'body.chapterPointId');
    const result = await writePointProperties(
      ctx.db,
      ctx.client.clientId,
      point.id,
      [{ id: body.id, category: body.category, key: body.key, value: body.value }],
      (_, name) => (name === 'id' ? 'body.id' : 'body.key'),
    );
    if (result.changed) await recordFor(ctx, point.eventId);
    return { status: 200, body: toPointProperty({ ...result.written[0]!, chapterPointId: point.id }) };
  }),

  implement(endpoints.chapterPointCustomProperty.bulkUpsert, async ({ params, body }, ctx) => {
    const point = await requirePoint(ctx, params.chapterPointId);
    const result = await writePointProperties(ctx.db, ctx.client.clientId, point.id, body, (i, name) => `body.${i}.${name}`);
    if (result.changed) await recordFor(ctx, point.eventId);
    return { status: 200, body: result.written.map((p) => toPointProperty({ ...p, chapterPointId: point.id })) };
  }),

  implement(endpoints.chapterPointCustomProperty.list, async ({ query }, ctx) => ({
    status: 200,
    body: (await listPointProperties(ctx.db, ctx.client.clientId, query)).map(toPointProperty),
  })),

  implement(endpoints.chapterPointCustomProperty.get, async ({ params }, ctx) => {
    const row = await getPointProperty(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`There is no chapter point custom property ${params.id}`);
    return { status: 200, body: toPointProperty(row) };
  }),

  implement(endpoints.chapterPointCustomProperty.listForEvent, async ({ params }, ctx) => {
    const event = await requireEvent(ctx, params.eventId);
    return { status: 200, body: (await eventPointProperties(ctx.db, ctx.client.clientId, event.id)).map(toPointProperty) };
  }),

  /**
   * Copies every property of the source chapter point onto the target (which may be in another
   * event of the client): a pair the target has takes the source's value, its other properties
   * stay; copies get new ids. With removeSource the source's properties are deleted afterwards.
   * In one transaction, as customProperty.clone.
   */
  implement(
    endpoints.chapterPointCustomProperty.clone,
    async ({ query }, ctx) => {
      if (query.sourceChapterId.toLowerCase() === query.targetChapterId.toLowerCase()) {
        throw badField('query.targetChapterId', 'must differ from sourceChapterId');
      }
      const clientId = ctx.client.clientId;
      const source = await requirePoint(ctx, query.sourceChapterId);
      const target = await requirePoint(ctx, query.targetChapterId);
      const sourceProperties = (await propertiesOfPoints(ctx.db, clientId, [source.id])).get(source.id) ?? [];
      const result = await writePointProperties(
        ctx.db,
        clientId,
        target.id,
        sourceProperties.map((p) => ({ category: p.category, key: p.key, value: p.value })),
        () => 'query.sourceChapterId',
      );
      const changed: string[] = result.changed ? [target.eventId] : [];
      if (query.removeSource && (await deletePointProperties(ctx.db, clientId, { chapterPointId: source.id })).size > 0) {
        changed.push(source.eventId);
      }
      await recordFor(ctx, ...changed);
      const after = (await propertiesOfPoints(ctx.db, clientId, [target.id])).get(target.id) ?? [];
      return { status: 200, body: after.map(toPointProperty) };
    },
    { transaction: true },
  ),

  implement(endpoints.chapterPointCustomProperty.delete, async ({ params }, ctx) => {
    const eventId = await deletePointProperty(ctx.db, ctx.client.clientId, params.id);
    if (!eventId) throw notFound(`There is no chapter point custom property ${params.id}`);
    await recordFor(ctx, eventId);
    return { status: 200 };
  }),

  /** The record refuses a query without any filter (400) before this runs. */
  implement(endpoints.chapterPointCustomProperty.deleteMany, async ({ query }, ctx) => {
    const touched = await deletePointProperties(ctx.db, ctx.client.clientId, query);
    await recordFor(ctx, ...touched);
    return { status: 200 };
  }),
];
