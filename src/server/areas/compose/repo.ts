/**
 * Compose playlists in the database: reading a playlist with its items and markers, replacing its
 * items, the events compositions create, renditions, and the source events items name. Every
 * query is scoped to one client.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PlaylistItemType, type ComposeGeneration, type ComposePlaylist, type PlaylistItem } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { answerUrl } from '../../http/service-url.ts';
import {
  categories,
  channels,
  composeItems,
  composeMarkers,
  composePlaylists,
  composeRenditions,
  eventCategories,
  events,
  eventTypes,
  infrastructureProfiles,
  rooms,
  xflows,
  type RenditionClip,
} from '../../db/tables/index.ts';
import type { EventRow } from '../event/index.ts';
import { insertEventRows, writeEvents, type EventInsert } from '../event/index.ts';
import { formatOffset } from './rules.ts';

export type PlaylistRow = typeof composePlaylists.$inferSelect;
export type ItemRow = typeof composeItems.$inferSelect;
export type MarkerRow = typeof composeMarkers.$inferSelect;
export type RenditionRow = typeof composeRenditions.$inferSelect;

export interface StoredItem {
  row: ItemRow;
  markers: MarkerRow[];
}

export interface LoadedPlaylist {
  playlist: PlaylistRow;
  items: StoredItem[];
}

export async function playlistOfEvent(db: DbOrTx, clientId: string, eventId: string): Promise<PlaylistRow | undefined> {
  const [row] = await db
    .select()
    .from(composePlaylists)
    .where(and(eq(composePlaylists.clientId, clientId), eq(composePlaylists.eventId, eventId)));
  return row;
}

/** The playlist with its items in order, each with its markers in order. */
export async function loadPlaylist(db: DbOrTx, clientId: string, eventId: string): Promise<LoadedPlaylist | undefined> {
  const playlist = await playlistOfEvent(db, clientId, eventId);
  if (!playlist) return undefined;
  const items = await db
    .select()
    .from(composeItems)
    .where(and(eq(composeItems.clientId, clientId), eq(composeItems.playlistId, playlist.id)))
    .orderBy(asc(composeItems.position));
  const markers = items.length
    ? await db
        .select()
        .from(composeMarkers)
        .where(and(eq(composeMarkers.clientId, clientId), inArray(composeMarkers.itemId, items.map((i) => i.id))))
        .orderBy(asc(composeMarkers.itemId), asc(composeMarkers.position))
    : [];
  const byItem = new Map<string, MarkerRow[]>();
  for (const marker of markers) {
    const list = byItem.get(marker.itemId) ?? [];
    list.push(marker);
    byItem.set(marker.itemId, list);
  }
  return { playlist, items: items.map((row) => ({ row, markers: byItem.get(row.id) ?? [] })) };
}

/** An item as the interface carries it. */
export function itemOf(stored: StoredItem): PlaylistItem {
  return {
    type: stored.row.type,
    value: stored.row.value,
    properties: stored.row.properties,
    markers: stored.row.hasMarkers
      ? stored.markers.map((m) => ({ startAt: m.startAt, duration: m.duration, frameAccurate: m.frameAccurate, type: m.type }))
      : null,
  };
}

/** Where the generation of a standard composition stands, for the response (beyond the interface). */
export function generationOf(playlist: PlaylistRow, event: Pick<EventRow, 'state'>, states: GenerationStates, now: Date, renditionMs: number | null): ComposeGeneration {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  let status: ComposeGeneration['status'];
  if (event.state === states.waiting) status = 'WAITING';
  else if (event.state === states.error) status = 'FAILED';
  else if (event.state === states.generating) status = 'GENERATING';
  else status = 'DONE';
  let progress = status === 'DONE' ? 1 : 0;
  if (status === 'GENERATING' && playlist.generationStartedAt && playlist.generationReadyAt) {
    const total = playlist.generationReadyAt.getTime() - playlist.generationStartedAt.getTime();
    progress = total > 0 ? Math.min(0.99, Math.max(0, (now.getTime() - playlist.generationStartedAt.getTime()) / total)) : 0.99;
  }
  return {
    status,
    progress: Math.round(progress * 100) / 100,
    startedAt: status === 'WAITING' ? null : iso(playlist.generationStartedAt),
    readyAt: status === 'GENERATING' ? iso(playlist.generationReadyAt) : null,
    finishedAt: status === 'DONE' || status === 'FAILED' ? iso(playlist.generationFinishedAt) : null,
    error: status === 'FAILED' ? playlist.generationError : null,
    duration: status === 'DONE' && renditionMs !== null ? formatOffset(renditionMs) : null,
  };
}

export interface GenerationStates {
  waiting: number;
  generating: number;
  error: number;
}

/** `serviceUrl`: the service's URL for the request, which an MP4 on this service is answered with (http/service-url.ts). */
export function toComposePlaylist(loaded: LoadedPlaylist, generation: ComposeGeneration | null, serviceUrl: string): ComposePlaylist {
  const { playlist } = loaded;
  return {
    id: playlist.id,
    name: playlist.name,
    items: loaded.items.map((stored) => {
      const item = itemOf(stored);
      return item.type === PlaylistItemType.values.DIRECT_FULL_MP4 ? { ...item, value: answerUrl(item.value, serviceUrl) } : item;
    }),
    looped: playlist.looped,
    liveStreamStart: playlist.liveStreamStart ? playlist.liveStreamStart.toISOString() : null,
    composition: playlist.kind === 'standard' ? 'STANDARD' : 'ENCODER',
    generation,
    version: playlist.version,
  };
}

/** Items to write: as parsed, with what the service learnt of them (an MP4's duration). */
export interface ItemToWrite {
  item: PlaylistItem;
  mediaDurationMs?: number | null;
}

/**
 * Replaces the playlist's items (and their markers) with these, in order: two statements whatever
 * their number. The rows travel as one JSON parameter expanded by jsonb_to_recordset, which the
 * database parses far faster than thousands of bound parameters (a 500-item playlist is saved in
 * about a third of the time on the embedded database).
 */
export async function replaceItems(db: DbOrTx, clientId: string, playlistId: string, items: readonly ItemToWrite[]): Promise<void> {
  await db.delete(composeItems).where(and(eq(composeItems.clientId, clientId), eq(composeItems.playlistId, playlistId)));
  if (items.length === 0) return;
  const rows = items.map(({ item, mediaDurationMs }, position) => ({
    id: randomUUID(),
    position,
    type: item.type,
    value: item.value,
    properties: item.properties,
    has_markers: item.markers !== null,
    media_duration_ms: mediaDurationMs ?? null,
  }));
  await db.execute(sql`
    insert into ${composeItems} (id, client_id, playlist_id, position, type, value, properties, has_markers, media_duration_ms)
    select x.id, ${clientId}::uuid, ${playlistId}::uuid, x.position, x.type, x.value, x.properties, x.has_markers, x.media_duration_ms
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, position int, type int, value text, properties jsonb, has_markers boolean, media_duration_ms int)`);
  const markers = rows.flatMap((row, i) =>
    (items[i]!.item.markers ?? []).map((m, position) => ({
      item_id: row.id,
      position,
      start_at: m.startAt,
      duration: m.duration,
      frame_accurate: m.frameAccurate,
      type: m.type,
    })),
  );
  if (markers.length === 0) return;
  await db.execute(sql`
    insert into ${composeMarkers} (client_id, item_id, position, start_at, duration, frame_accurate, type)
    select ${clientId}::uuid, x.item_id, x.position, x.start_at, x.duration, x.frame_accurate, x.type
    from jsonb_to_recordset(${JSON.stringify(markers)}::jsonb)
      as x(item_id uuid, position int, start_at text, duration text, frame_accurate boolean, type int)`);
}

export async function insertPlaylist(
  db: DbOrTx,
  values: Pick<PlaylistRow, 'clientId' | 'eventId' | 'kind' | 'name' | 'looped' | 'liveStreamStart'> & { now: Date; id?: string },
): Promise<PlaylistRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(composePlaylists)
    .values({ ...rest, revision: 1, dateCreated: now, dateModified: now })
    .returning();
  return row!;
}

/** Updates a playlist the caller loaded for its client. */
export async function updatePlaylist(db: DbOrTx, playlist: Pick<PlaylistRow, 'clientId' | 'id'>, values: Partial<PlaylistRow>): Promise<PlaylistRow> {
  const [row] = await db
    .update(composePlaylists)
    .set(values)
    .where(and(eq(composePlaylists.clientId, playlist.clientId), eq(composePlaylists.id, playlist.id)))
    .returning();
  return row!;
}

export async function deletePlaylist(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db.delete(composePlaylists).where(and(eq(composePlaylists.clientId, clientId), eq(composePlaylists.id, id)));
}

// ---- Renditions ---------------------------------------------------------------------------------

export async function renditionOf(db: DbOrTx, clientId: string, eventId: string): Promise<RenditionRow | undefined> {
  const [row] = await db
    .select()
    .from(composeRenditions)
    .where(and(eq(composeRenditions.clientId, clientId), eq(composeRenditions.eventId, eventId)));
  return row;
}

export async function saveRendition(
  db: DbOrTx,
  values: Omit<RenditionRow, 'anchorLiveStart' | 'anchorPosition'> & { anchorLiveStart?: Date | null; anchorPosition?: number },
): Promise<void> {
  const row = { anchorLiveStart: null, anchorPosition: 0, ...values };
  await db.insert(composeRenditions).values(row).onConflictDoUpdate({ target: composeRenditions.eventId, set: row });
}

export async function deleteRendition(db: DbOrTx, clientId: string, eventId: string): Promise<void> {
  await db.delete(composeRenditions).where(and(eq(composeRenditions.clientId, clientId), eq(composeRenditions.eventId, eventId)));
}

export type { RenditionClip };

// ---- Events -------------------------------------------------------------------------------------

/** The client's (not deleted) events with these ids. */
export async function eventsByIds(db: DbOrTx, clientId: string, ids: readonly string[]): Promise<Map<string, EventRow>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, EventRow>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.clientId, clientId), inArray(events.id, unique.slice(i, i + 1000)), isNull(events.dateDeleted)));
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

export async function eventRow(db: DbOrTx, clientId: string, id: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, id), isNull(events.dateDeleted)));
  return row;
}

export async function insertEvent(db: DbOrTx, values: EventInsert, categoryIds: readonly string[]): Promise<void> {
  await insertEventRows(db, [values]);
  const unique = [...new Set(categoryIds)];
  if (unique.length > 0) {
    await db
      .insert(eventCategories)
      .values(unique.map((categoryId, position) => ({ clientId: values.clientId, eventId: values.id!, categoryId, position })));
  }
}

export async function updateEventRow(db: DbOrTx, clientId: string, id: string, values: Partial<EventInsert>): Promise<EventRow> {
  const [row] = await writeEvents(db, clientId, id, values);
  return row!;
}

// ---- References ---------------------------------------------------------------------------------

const REFERENCE_TABLES = {
  room: rooms,
  'event type': eventTypes,
  category: categories,
  xflow: xflows,
  channel: channels,
  'infrastructure profile': infrastructureProfiles,
} as const;

export type ReferenceKind = keyof typeof REFERENCE_TABLES;

/** The ids of `kind` the client has among these. */
export async function existingIds(db: DbOrTx, clientId: string, kind: ReferenceKind, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = REFERENCE_TABLES[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.clientId, clientId), inArray(table.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}

