/**
 * Search (service-interface.md "Search", public-facts.md §3): events, clips and chapter points,
 * and the index operations.
 *
 * The event index is a generated column (events.search_vector, GIN-indexed) that PostgreSQL
 * keeps current in the same statement that writes the event; chapter point documents are
 * computed as they are searched. So there is never anything to rebuild: the index operations
 * check that what they name exists (404 otherwise, for an id the client does not have) and
 * answer 201 as the interface says. `RefreshIndex`/`refreshIndex` flags elsewhere need nothing either.
 */
import { endpoints, type EventCollection, type FieldError } from '#schema';
import { badField, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { propertiesOfPoints } from '../chapter-point/index.ts';
import { shapeChapterPoints } from '../chapter-point/index.ts';
import { instant } from '../event/index.ts';
import { serializeEvent } from '../event/index.ts';
import { getEvents } from '../event/index.ts';
import { keywordQuery } from './keywords.ts';
import {
  chapterPointOfClient,
  eventOfClient,
  searchChapterPoints,
  searchEventIds,
  type EventSearch,
  type Page,
} from './repo.ts';

/** Date bounds of a query, with a 400 naming the later bound when a range ends before it starts. */
function bounds(
  pairs: [fromName: string, from: string | undefined, toName: string, to: string | undefined][],
): (Date | undefined)[] {
  const errors: FieldError[] = [];
  const out: (Date | undefined)[] = [];
  for (const [fromName, fromText, toName, toText] of pairs) {
    const from = instant(fromText);
    const to = instant(toText);
    if (from && to && to < from) errors.push({ field: `query.${toName}`, message: `must not be before ${fromName}` });
    out.push(from, to);
  }
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/** Loads the events of a page of ids, in that order, as a list shows them (without `video`). */
async function collection(ctx: RequestContext, search: EventSearch, page: Page): Promise<EventCollection> {
  const { totalCount, ids } = await searchEventIds(ctx.db, ctx.client.clientId, search, page);
  const records = await getEvents(ctx.db, ctx.client.clientId, ids);
  return { pageSize: page.pageSize, totalCount, results: records.map((r) => serializeEvent(r)) };
}

export const searchRoutes: Implementation[] = [
  implement(endpoints.search.events, async ({ query }, ctx) => {
    const [from, to, modifiedFrom, modifiedTo] = bounds([
      ['from', query.from, 'to', query.to],
      ['modifiedFrom', query.modifiedFrom, 'modifiedTo', query.modifiedTo],
    ]);
    const search: EventSearch = { keywords: keywordQuery(query.keywords), from, to, modifiedFrom, modifiedTo };
    return { status: 200, body: await collection(ctx, search, query) };
  }),

  implement(endpoints.search.clips, async ({ query }, ctx) => {
    const clippingUser = query.clippingUser.trim();
    if (clippingUser === '') throw badField('query.clippingUser', 'required: the id of the clipping tool user');
    const [from, to] = bounds([['from', query.from, 'to', query.to]]);
    const search: EventSearch = { keywords: keywordQuery(query.keywords), from, to, clippingUser };
    return { status: 200, body: await collection(ctx, search, query) };
  }),

  implement(endpoints.search.chapterPoints, async ({ query }, ctx) => {
    const [from, to] = bounds([['from', query.from, 'to', query.to]]);
    const { totalResults, points } = await searchChapterPoints(
      ctx.db,
      ctx.client.clientId,
      {
        chapterPoint: query.keywordsChapterPoint?.trim() ? keywordQuery(query.keywordsChapterPoint) : undefined,
        customProperties: query.keywordsCustomProperties?.trim() ? keywordQuery(query.keywordsCustomProperties) : undefined,
        from,
        to,
      },
      query,
    );
    const properties = await propertiesOfPoints(ctx.db, ctx.client.clientId, points.map((p) => p.id));
    // A flat list: a match is shown on its own, with empty children, not with its subtree.
    const results = shapeChapterPoints(points, properties, { tree: false });
    return { status: 200, body: { pageSize: query.pageSize, totalResults, results } };
  }),

  implement(endpoints.search.indexAll, async () => ({ status: 201 })),

  implement(endpoints.search.indexEvent, async ({ params }, ctx) => {
    if (!(await eventOfClient(ctx.db, ctx.client.clientId, params.id))) throw notFound(`There is no event ${params.id}`);
    return { status: 201 };
  }),

  implement(endpoints.search.indexChapterPoint, async ({ params }, ctx) => {
    if (!(await chapterPointOfClient(ctx.db, ctx.client.clientId, params.id))) throw notFound(`There is no chapter point ${params.id}`);
    return { status: 201 };
  }),
];
