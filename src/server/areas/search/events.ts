/**
 * Reading a page of events by id, in one round of queries, for search results (which are ranked
 * here, so the event list's query cannot produce them). It builds the same EventRecord as
 * src/server/areas/event/repo.ts (getEvent/listEvents), which serializeEvent turns into the
 * interface's Event; routes.test.ts checks that search results equal GET /event/{id} field for
 * field, so the two cannot drift apart unnoticed.
 *
 * Loading each event with getEvent would cost four queries per result (about 80 a page), which
 * is what made this file worth having: event/repo.ts exports no bulk reader. Once it does
 * (`getEvents(db, clientId, ids)`), this file reduces to a call of it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.ts';
import {
  categories,
  channels,
  customProperties,
  eventCategories,
  events,
  eventTags,
  eventTypes,
  infrastructureProfiles,
  rooms,
  tags,
  xflows,
} from '../../db/tables/index.ts';
import type { EventRecord } from '../event/serialize.ts';

const remixflows = alias(xflows, 'remixflows');

function group<T extends { eventId: string }>(list: T[]): Map<string, Omit<T, 'eventId'>[]> {
  const map = new Map<string, Omit<T, 'eventId'>[]>();
  for (const { eventId, ...rest } of list) map.set(eventId, [...(map.get(eventId) ?? []), rest]);
  return map;
}

/** The client's events with these ids, in the order of `ids` (ids it does not have are left out). */
export async function loadEventRecords(db: DbOrTx, clientId: string, ids: string[]): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      event: events,
      channel: channels.name,
      xflow: xflows.name,
      remixflow: remixflows.name,
      infrastructureProfile: infrastructureProfiles.name,
      room: rooms.name,
      eventType: eventTypes.name,
      eventTypeColour: eventTypes.colour,
    })
    .from(events)
    .leftJoin(channels, and(eq(channels.id, events.channelId), eq(channels.clientId, clientId)))
    .leftJoin(xflows, and(eq(xflows.id, events.xflowId), eq(xflows.clientId, clientId)))
    .leftJoin(remixflows, and(eq(remixflows.id, events.remixflowId), eq(remixflows.clientId, clientId)))
    .leftJoin(
      infrastructureProfiles,
      and(eq(infrastructureProfiles.id, events.infrastructureProfileId), eq(infrastructureProfiles.clientId, clientId)),
    )
    .leftJoin(rooms, and(eq(rooms.id, events.roomId), eq(rooms.clientId, clientId)))
    .leftJoin(eventTypes, and(eq(eventTypes.id, events.eventTypeId), eq(eventTypes.clientId, clientId)))
    .where(and(eq(events.clientId, clientId), inArray(events.id, ids)));

  const categoryRows = await db
    .select({
      eventId: eventCategories.eventId,
      id: categories.id,
      name: categories.name,
      label: categories.label,
      description: categories.description,
    })
    .from(eventCategories)
    .innerJoin(categories, and(eq(categories.id, eventCategories.categoryId), eq(categories.clientId, clientId)))
    .where(and(eq(eventCategories.clientId, clientId), inArray(eventCategories.eventId, ids)))
    .orderBy(eventCategories.eventId, eventCategories.position);
  const tagRows = await db
    .select({ eventId: eventTags.eventId, id: tags.id, name: tags.name })
    .from(eventTags)
    .innerJoin(tags, and(eq(tags.id, eventTags.tagId), eq(tags.clientId, clientId)))
    .where(and(eq(eventTags.clientId, clientId), inArray(eventTags.eventId, ids)))
    .orderBy(eventTags.eventId, sql`lower(${tags.name}) collate "C"`);
  const propertyRows = await db
    .select({
      eventId: customProperties.eventId,
      id: customProperties.id,
      category: customProperties.category,
      key: customProperties.key,
      value: customProperties.value,
    })
    .from(customProperties)
    .where(and(eq(customProperties.clientId, clientId), inArray(customProperties.eventId, ids)))
    .orderBy(customProperties.eventId, customProperties.category, customProperties.key);

  const categoriesByEvent = group(categoryRows);
  const tagsByEvent = group(tagRows);
  const propertiesByEvent = group(propertyRows);
  const byId = new Map(rows.map((r) => [r.event.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        ...r,
        // The archiver area's table does not exist yet; event/repo.ts answers null too.
        archiverflow: null,
        categories: categoriesByEvent.get(id) ?? [],
        tags: tagsByEvent.get(id) ?? [],
        customProperties: propertiesByEvent.get(id) ?? [],
      } satisfies EventRecord,
    ];
  });
}
