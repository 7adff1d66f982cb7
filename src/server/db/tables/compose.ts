/**
 * Compose playlists (src/server/areas/compose): an event's playlist with its items and their
 * SCTE-35 markers; what a generation (standard composition) or a save (encoder composition) made
 * of it, which the simulated publishing point plays; and the licences of clients.
 *
 * - An event has at most one playlist (compose_playlists.event_id is unique). Its kind is fixed at
 *   creation: `standard` (POST /compose/, generated through the event's xflow into a VOD-like
 *   event) or `encoder` (POST /compose/encoder/, played out live by the channel's encoder).
 * - Items keep `properties` exactly as sent (jsonb, unknown keys included) and their order in
 *   `position`; markers hang off their item.
 * - compose_renditions belongs to the event, not the playlist: the generated result of a standard
 *   composition stays playable if its playlist is removed, and an edit replaces it only once the
 *   new generation has succeeded.
 * - client_licences: features a client has a licence for (one row per granted feature); none by
 *   default. See areas/compose/licences.ts.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey, sameClient } from './tenancy.ts';
import { versionColumn } from './versions.ts';
import { events } from './events.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

export const composePlaylists = pgTable(
  'compose_playlists',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    eventId: uuid().notNull(),
    kind: text({ enum: ['standard', 'encoder'] }).notNull(),
    name: text().notNull(),
    looped: boolean().notNull().default(false),
    /** Standard composition: when the composed stream should be available (COMPOSE_WAITING until then). */
    liveStreamStart: stamp(),
    /** Goes up with every edit; a generation job of an older revision finds a newer one and stops. */
    revision: integer().notNull().default(1),
    /**
     * Standard composition: the generation in hand or last run. Progress is measured on the clock
     * between started and ready; `generationError` is why the last one failed (COMPOSE_ERROR).
     */
    generationStartedAt: stamp(),
    generationReadyAt: stamp(),
    generationFinishedAt: stamp(),
    generationError: text(),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('compose_playlists', t),
    sameClient('compose_playlists_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    uniqueIndex('compose_playlists_event_idx').on(t.eventId), index('compose_playlists_client_idx').on(t.clientId)],
);

export const composeItems = pgTable(
  'compose_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    playlistId: uuid().notNull(),
    position: integer().notNull(),
    /** PlaylistItemType value: 0 EVENT, 1 DIRECT_FULL_MP4. */
    type: integer().notNull(),
    /** An event id (EVENT) or the MP4's URL (DIRECT_FULL_MP4). */
    value: text().notNull(),
    /** As sent: start, end, frameAccurate, outputDescription and any custom property. */
    properties: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Null when the item was sent without markers (as opposed to an empty list). */
    hasMarkers: boolean().notNull().default(false),
    /** DIRECT_FULL_MP4: the file's duration as probed when the item was saved; null when unknown. */
    mediaDurationMs: integer(),
  },
  (t) => [clientKey('compose_items', t),
    sameClient('compose_items_playlist_fk', t.clientId, t.playlistId, composePlaylists).onDelete('cascade'),
    uniqueIndex('compose_items_playlist_position_idx').on(t.playlistId, t.position), index('compose_items_client_value_idx').on(t.clientId, t.value)],
);

export const composeMarkers = pgTable(
  'compose_markers',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    itemId: uuid().notNull(),
    position: integer().notNull(),
    /** DateOrTime as sent. */
    startAt: text().notNull(),
    /** hh:mm:ss as sent. */
    duration: text().notNull(),
    frameAccurate: boolean(),
    /** MarkerType value: 0 INSERTION, 1 REPLACEMENT. */
    type: integer().notNull(),
  },
  (t) => [clientKey('compose_markers', t),
    sameClient('compose_markers_item_fk', t.clientId, t.itemId, composeItems).onDelete('cascade'),
    uniqueIndex('compose_markers_item_position_idx').on(t.itemId, t.position)],
);

/** One clip of a rendition: positions [from, to) of a simulated programme (src/server/sim/sequence.ts). */
export interface RenditionClip {
  /** `programme` (the test programme every event streams) or `card` (the MP4 test card). */
  programme: string;
  from: number;
  to: number;
  /** The playlist item this clip plays (its index). */
  item: number;
  /** EVENT items: the source event, and the wall-clock time of the clip's first segment in it. */
  sourceEventId?: string;
  dateTime?: string | null;
  /** SCTE-35 markers, in ms from the clip's first segment. */
  cues?: { id: string; offsetMs: number; durationMs: number; type: number; frameAccurate: boolean | null }[];
}

/**
 * What plays for a composed event: the generated result of a standard composition, or the
 * programme an encoder composition plays out (written on every save of its playlist).
 */
export const composeRenditions = pgTable(
  'compose_renditions',
  {
    eventId: uuid().primaryKey(),
    clientId: clientId(),
    kind: text({ enum: ['standard', 'encoder'] }).notNull(),
    clips: jsonb().$type<RenditionClip[]>().notNull(),
    looped: boolean().notNull().default(false),
    durationMs: integer().notNull(),
    /**
     * Encoder composition saved while the event streamed: the new programme starts at stream
     * position `anchorPosition` of the run that began at `anchorLiveStart` (before it, the
     * encoder's own programme); another run starts the playlist from its beginning.
     */
    anchorLiveStart: stamp(),
    anchorPosition: integer().notNull().default(0),
    dateCreated: stamp().notNull(),
  },
  (t) => [sameClient('compose_renditions_event_fk', t.clientId, t.eventId, events).onDelete('cascade')],
);

/** Licensed features per client: a row grants one. */
export const clientLicences = pgTable(
  'client_licences',
  {
    clientId: clientId(),
    /** e.g. `compose.liveStreamStart` (areas/compose/licences.ts lists them). */
    feature: text().notNull(),
    grantedAt: stamp().notNull(),
    note: text(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.feature] })],
);
