/**
 * Event collections `{pageSize, totalCount, results}`: GET /event/ and every
 * `/{resource}/{id}/events/` list (event types, rooms, categories, tags, channels) answer one.
 */
import type { EventCollection, EventOrderColumn } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { listEvents, type EventFilter } from './repo.ts';
import { serializeEvent } from './serialize.ts';

export interface CollectionQuery {
  pageSize: number;
  pageNumber: number;
  order: 'ASC' | 'DESC';
  orderColumn?: EventOrderColumn | undefined;
}

export async function eventCollection(
  db: DbOrTx,
  clientId: string,
  filter: EventFilter,
  query: CollectionQuery,
): Promise<EventCollection> {
  const { totalCount, records } = await listEvents(db, clientId, filter, {
    pageSize: query.pageSize,
    pageNumber: query.pageNumber,
    order: query.order,
    ...(query.orderColumn ? { orderColumn: query.orderColumn } : {}),
  });
  // Lists omit `video` altogether (service-interface.md "Event").
  return { pageSize: query.pageSize, totalCount, results: records.map((r) => serializeEvent(r)) };
}
