/**
 * The server's side of each kind of record (src/schema/resources.ts): where its version is kept
 * and locked, how an id of another key finds it, which GET reads it (its representation, the one
 * the trail compares before and after a write), and which of its fields are secrets. The binder
 * (trust.ts) works from this table alone, so a new editable resource is one entry here, one
 * `version` column (db/tables/versions.ts) and `resource` on its operation records.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { endpoints, type Endpoint, type ResourceKind } from '#schema';
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
  /** The id of a record an operation made, from its answer (default: the answer's `id`, or the answer when it is an id). */
  idOfAnswer?: (answer: Record<string, unknown>) => unknown;
  /** Fields whose values the trail never shows. */
  secrets?: readonly string[];
}

const byId = (endpoint: Endpoint, param = 'id') => (id: string, get: Reader) => get(endpoint, { params: { [param]: id } });

export const KINDS: Record<ResourceKind, KindEntry> = {
  event: {
    table: events,
    by: { reference: events.refId },
    newest: events.dateModified,
    read: byId(endpoints.event.get),
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

