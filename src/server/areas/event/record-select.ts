/**
 * What a read of events selects to make EventRecords (serialize.ts): the event's columns, the
 * names of the rows it refers to, and its categories, tags and custom properties, in one
 * statement for any number of events.
 *
 * The names are sub-selects by key, not joins: with seven joined lookups the planner searched the
 * join orders of nine relations for every list page and every single event (12-22 ms of planning
 * on PostgreSQL, more on PGlite, against under 1 ms to run), and PostgreSQL kept planning it
 * afresh because a generic plan of that join looked worse than each custom one. A sub-select by
 * key is planned on its own, in microseconds, and runs once per event of the page.
 */
import { getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  archiverflows,
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
import type { EventCategoryRecord, EventRecord, EventRow } from './serialize.ts';

const { searchVector: _searchVector, ...stored } = getTableColumns(events);

/**
 * The event's columns. The search document is not read: nothing shows it, and its text form is
 * longer than the rest of the row.
 */
export const eventColumns = { ...stored, searchVector: sql<string | null>`null` };

/**
 * A sub-select of the select list. Nested one level: Drizzle writes the columns at the top level
 * of a select-list expression without their table when the statement reads one table, and then
 * `id` inside the sub-select would be the lookup's own, not the event's.
 */
const nested = <T>(expression: SQL<T>): SQL<T> => sql<T>`${expression}`;

/** The name (or another column) of a client's row by its key. */
function nameOf<T>(table: { clientId: unknown; id: unknown }, column: unknown, key: unknown, clientId: ClientRef): SQL<T | null> {
  return nested(sql<T | null>`(select ${column} from ${table} where ${table.clientId} = ${clientId} and ${table.id} = ${key})`);
}

/** An event's categories, tags and custom properties as JSON arrays, aggregated inside the event's own statement. */
function aggregates(clientId: ClientRef) {
  return {
    categoryList: nested(sql<EventCategoryRecord[]>`(
      select coalesce(json_agg(json_build_object('id', ${categories.id}, 'name', ${categories.name}, 'label', ${categories.label},
        'description', ${categories.description}) order by ${eventCategories.position}), '[]'::json)
      from ${eventCategories} join ${categories} on ${categories.id} = ${eventCategories.categoryId} and ${categories.clientId} = ${clientId}
      where ${eventCategories.clientId} = ${clientId} and ${eventCategories.eventId} = ${events.id})`),
    tagList: nested(sql<{ id: string; name: string }[]>`(
      select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by lower(${tags.name}) collate "C"), '[]'::json)
      from ${eventTags} join ${tags} on ${tags.id} = ${eventTags.tagId} and ${tags.clientId} = ${clientId}
      where ${eventTags.clientId} = ${clientId} and ${eventTags.eventId} = ${events.id})`),
    propertyList: nested(sql<EventRecord['customProperties']>`(
      select coalesce(json_agg(json_build_object('id', ${customProperties.id}, 'category', ${customProperties.category}, 'key', ${customProperties.key},
        'value', ${customProperties.value}) order by ${customProperties.category}, ${customProperties.key}), '[]'::json)
      from ${customProperties}
      where ${customProperties.clientId} = ${clientId} and ${customProperties.eventId} = ${events.id})`),
  };
}

/** The client, or the placeholder of a prepared statement's client (prepared.ts). */
type ClientRef = string | Placeholder;

/** The select list of an EventRecord, for a statement whose `events` are the client's. */
export function recordFields(clientId: ClientRef) {
  return {
    event: eventColumns,
    channel: nameOf<string>(channels, channels.name, events.channelId, clientId),
    xflow: nameOf<string>(xflows, xflows.name, events.xflowId, clientId),
    remixflow: nameOf<string>(xflows, xflows.name, events.remixflowId, clientId),
    archiverflow: nameOf<string>(archiverflows, archiverflows.name, events.archiverflowId, clientId),
    infrastructureProfile: nameOf<string>(infrastructureProfiles, infrastructureProfiles.name, events.infrastructureProfileId, clientId),
    room: nameOf<string>(rooms, rooms.name, events.roomId, clientId),
    eventType: nameOf<string>(eventTypes, eventTypes.name, events.eventTypeId, clientId),
    eventTypeColour: nameOf<string>(eventTypes, eventTypes.colour, events.eventTypeId, clientId),
    ...aggregates(clientId),
  };
}

/** A row selected with `recordFields`. */
export interface RecordRow {
  event: EventRow;
  channel: string | null;
  xflow: string | null;
  remixflow: string | null;
  archiverflow: string | null;
  infrastructureProfile: string | null;
  room: string | null;
  eventType: string | null;
  eventTypeColour: string | null;
  categoryList: EventCategoryRecord[];
  tagList: { id: string; name: string }[];
  propertyList: EventRecord['customProperties'];
}

export function toRecord(r: RecordRow): EventRecord {
  return {
    event: r.event,
    channel: r.channel,
    xflow: r.xflow,
    remixflow: r.remixflow,
    archiverflow: r.archiverflow,
    infrastructureProfile: r.infrastructureProfile,
    room: r.room,
    eventType: r.eventType,
    eventTypeColour: r.eventTypeColour,
    categories: r.categoryList,
    tags: r.tagList,
    customProperties: r.propertyList,
  };
}
