/**
 * The server's side of each kind of record (src/schema/resources.ts): where its version is kept
 * and locked, how an id of another key finds it, which GET reads it (its representation, the one
 * the trail compares before and after a write), and which of its fields are secrets. The binder
 * (trust.ts) works from this table alone, so a new editable resource is one entry here, one
 * `version` column (db/tables/versions.ts) and `resource` on its operation records.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { endpoints, type Endpoint, type ResourceKind } from '#schema';
import type { DbOrTx } from '../db/database.ts';
import { readEventForWrite, serializeEvent } from '../areas/event/index.ts';
import { bodyText } from './implement.ts';
import {
  archiverCaptures,
  archiverflows,
  archiverProfiles,
  categories,
  channelProfiles,
  channels,
  chapterPointCustomProperties,
  chapterPoints,
  composePlaylists,
  customProperties,
  events,
  eventTypes,
  infrastructureProfiles,
  propertyConfigurations,
  rooms,
  syndicationDestinationProperties,
  syndicationDestinations,
  tags,
  webhooks,
  xflows,
} from '../db/tables/index.ts';

/** Runs a GET of the schema inside the write's transaction: its body, or null when the record is not there. */
export type Reader = (endpoint: Endpoint, input: { params?: Record<string, unknown>; query?: Record<string, unknown> }) => Promise<unknown>;

type VersionedTable = PgTable & { clientId: PgColumn; version: PgColumn; id: PgColumn };

export interface KindEntry {
  /** Where the version is (a versioned kind only). */
  table?: VersionedTable;
  /** The column the record's id is, when not `id` (a playlist is known by its event). */
  key?: PgColumn;
  /** Only the rows of this kind in a shared table (direct and media destinations). */
  where?: SQL;
  /** Other keys an operation may name the record by (ResourceRef.by). */
  by?: Partial<Record<'event' | 'reference', PgColumn>>;
  /** Of several records one key names, the one it means (the most recently modified event of a reference). */
  newest?: PgColumn;
  /** The record as its GET answers it; absent: the kind has no representation (the search index). */
  read?: (id: string, get: Reader) => Promise<unknown>;
  /**
   * A write's first read of the record it names by its id, in one statement: locked, its id and
   * version, and its GET's answer (null when the GET answers none). Without it: the row is locked
   * for its version, then read with `read`.
   */
  readForWrite?: (tx: DbOrTx, clientId: string, id: string) => Promise<{ id: string; version: number; answer: unknown } | undefined>;
  /**
   * The record with this id as its GET answers it, from the answer of a write declared with the
   * GET's schema, or a list of it (`answeredAs`); undefined for any other answer: it is read again.
   */
  fromAnswer?: (endpoint: Endpoint, status: number, answer: unknown, id: string) => unknown;
  /** The id of a record an operation made, from its answer (default: the answer's `id`, or the answer when it is an id). */
  idOfAnswer?: (answer: Record<string, unknown>) => unknown;
  /** Fields whose values the trail never shows. */
  secrets?: readonly string[];
}

const byId = (endpoint: Endpoint, param = 'id') => (id: string, get: Reader) => get(endpoint, { params: { [param]: id } });

/** An answer as the client reads it (dates as text), as the trail compares records. */
const wire = (body: unknown): unknown => JSON.parse(bodyText(body));

/** `fromAnswer` of a kind whose writes answer the record with its GET's schema: the answer, made what the GET answers with `asGet`. */
function answeredAs(get: Endpoint, asGet: (answer: Record<string, unknown>) => unknown): NonNullable<KindEntry['fromAnswer']> {
  const schema = get.responses[200];
  return (endpoint, status, answer, id) => {
    const declared = endpoint.responses[status];
    let item: unknown;
    if (schema && declared === schema) item = answer;
    else if (schema && declared instanceof z.ZodArray && declared.element === schema && Array.isArray(answer)) item = itemsById(answer).get(id);
    if (item === null || typeof item !== 'object' || Array.isArray(item) || String((item as { id?: unknown }).id) !== id) return undefined;
    return asGet(wire(item) as Record<string, unknown>);
  };
}

/** The records of a list answer by id (an import's thousands), indexed once per answer. */
const listIndex = new WeakMap<readonly unknown[], Map<string, unknown>>();
function itemsById(list: readonly unknown[]): Map<string, unknown> {
  let index = listIndex.get(list);
  if (!index) {
    index = new Map(list.map((item) => [String((item as { id?: unknown } | null)?.id), item]));
    listIndex.set(list, index);
  }
  return index;
}

export const KINDS: Record<ResourceKind, KindEntry> = {
  event: {
    table: events,
    by: { reference: events.refId },
    newest: events.dateModified,
    read: byId(endpoints.event.get),
    // GET /event/{id} answers `video: null` unless asked for processVideo; a write answers the event without it.
    readForWrite: async (tx, clientId, id) => {
      const record = await readEventForWrite(tx, clientId, id);
      return record && { id: record.event.id, version: record.event.version, answer: record.event.dateDeleted ? null : wire(serializeEvent(record, { video: null })) };
    },
    fromAnswer: answeredAs(endpoints.event.get, (event) => ({ video: null, ...event })),
  },
  compose: {
    table: composePlaylists,
    key: composePlaylists.eventId,
    read: byId(endpoints.compose.get, 'eventId'),
    idOfAnswer: (answer) => answer.eventId,
  },
  customProperty: { table: customProperties, read: byId(endpoints.customProperty.get) },
  // An event's client properties are custom properties of the event: their version is the event's.
  clientProperties: { table: events, read: byId(endpoints.clientProperty.get, 'eventId') },
  chapterPoint: { table: chapterPoints, read: byId(endpoints.chapterPoint.get) },
  chapterPointCustomProperty: { table: chapterPointCustomProperties, read: byId(endpoints.chapterPointCustomProperty.get) },
  channelProfile: { table: channelProfiles, by: { event: channelProfiles.eventId }, read: byId(endpoints.channelProfile.get) },
  webhook: {
    table: webhooks,
    // The plain GET answers system-wide webhooks only, the /event/ one event-specific ones.
    read: async (id, get) => (await get(endpoints.webhook.get, { params: { id } })) ?? (await get(endpoints.webhook.getForEvent, { params: { id } })),
    secrets: ['password'],
  },
  destination: {
    table: syndicationDestinations,
    where: eq(syndicationDestinations.api, 'direct'),
    read: byId(endpoints.destination.get),
    secrets: ['token'],
  },
  mediaDestination: {
    table: syndicationDestinations,
    where: eq(syndicationDestinations.api, 'media'),
    read: byId(endpoints.mediaDestination.get),
    secrets: ['token'],
  },
  mediaDestinationProperty: { table: syndicationDestinationProperties, read: byId(endpoints.mediaDestinationProperty.get) },
  archiverflow: { table: archiverflows, read: byId(endpoints.archiverflow.get) },
  capture: { table: archiverCaptures as unknown as VersionedTable, read: byId(endpoints.archiverCapture.get), secrets: ['decryptKey'] },
  playoutProfile: {
    table: archiverProfiles as unknown as VersionedTable,
    read: byId(endpoints.archiverPlayoutProfile.get),
    secrets: ['key', 'issKeyIv', 'aesKey', 'aesKeyIv', 'widevineDrmData'],
  },
  category: { table: categories, read: byId(endpoints.category.get) },
  channel: { table: channels, read: byId(endpoints.channel.get) },
  eventType: { table: eventTypes, read: byId(endpoints.eventType.get) },
  room: { table: rooms, read: byId(endpoints.room.get) },
  tag: { table: tags, read: byId(endpoints.tag.get) },
  xflow: { table: xflows, read: byId(endpoints.xflow.get) },
  infrastructureProfile: { table: infrastructureProfiles, read: byId(endpoints.infrastructureProfile.get) },
  propertyConfiguration: { table: propertyConfigurations, read: byId(endpoints.propertyConfiguration.get) },
  publication: { read: byId(endpoints.publicationMonitor.get) },
  asset: { read: byId(endpoints.asset.get) },
  vodDownload: { read: byId(endpoints.vodDownload.get) },
  archiverStream: { read: (id, get) => get(endpoints.archiverStream.get, { params: { id: Number(id) } }) },
  webhookDelivery: { read: byId(endpoints.webhook.delivery, 'deliveryId') },
  searchIndex: {},
  alert: {},
  encoderFault: {},
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can be compared with a column at all (a uuid column never equals "abc"). */
export function fitsColumn(column: PgColumn, value: string): boolean {
  return column.columnType !== 'PgUUID' || GUID.test(value);
}

/** The conditions that find one record of a versioned kind by the key an operation names it by. */
export function recordWhere(entry: KindEntry, clientId: string, value: string, by?: 'event' | 'reference'): SQL | undefined {
  const table = entry.table!;
  const column = (by ? entry.by?.[by] : undefined) ?? entry.key ?? table.id;
  if (!fitsColumn(column, value)) return undefined;
  return and(eq(table.clientId, clientId), eq(column, value), entry.where);
}

/** The order that picks the record a key means when several rows have it. */
export function recordOrder(entry: KindEntry): SQL[] {
  return entry.newest ? [desc(entry.newest)] : [];
}

/** The canonical id of a record, as its GET takes it (a playlist's event id). */
export function canonicalColumn(entry: KindEntry): PgColumn {
  return entry.key ?? entry.table!.id;
}

