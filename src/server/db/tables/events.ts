/**
 * Events, their types, and what hangs off an event (categories, tags, custom properties).
 * Only what is stored lives here: names of the channel, xflow, room and type, state names and
 * durations are joined or computed when an event is read (src/server/areas/event/serialize.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  interval,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey, sameClient } from './tenancy.ts';
import { versionColumn } from './versions.ts';
import { categories, channels, infrastructureProfiles, propertyConfigurations, rooms, tags, xflows } from './lookups.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });
/** PostgreSQL's full-text document type; read back as its text form, which nothing needs. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const eventTypes = pgTable(
  'event_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    /** Unique per client, case-insensitively, so the `eventType` filter of GET /event/ names one type. */
    name: text().notNull(),
    referenceId: text(),
    /** #rrggbb */
    colour: text(),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('event_types', t), 
    uniqueIndex('event_types_client_name_idx').on(t.clientId, sql`lower(${t.name})`),
    index('event_types_client_reference_idx').on(t.clientId, t.referenceId),
  ],
);

/**
 * The text the event list's `search` looks in, one expression for its index and its queries (an
 * index serves only a query that spells it the same): the four fields, one per line.
 */
export function listText(t: { title: AnyPgColumn; description: AnyPgColumn; refId: AnyPgColumn; externalId: AnyPgColumn }) {
  return sql`${t.title} || E'\\n' || coalesce(${t.description}, '') || E'\\n' || coalesce(${t.refId}, '') || E'\\n' || coalesce(${t.externalId}, '')`;
}

/**
 * References to lookups are plain foreign keys that clear themselves when the lookup goes
 * (ON DELETE SET NULL): an event outlives the room or type it was filed under. Tenancy is checked
 * by the repositories, which only ever join rows of the same client.
 * Archiverflows, compose playlists, channel profiles and archiver captures belong to other areas
 * whose tables come later; their ids are kept without a foreign key for now.
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    channelId: uuid(),
    xflowId: uuid(),
    remixflowId: uuid(),
    archiverflowId: uuid(),
    liveComposePlaylistId: uuid(),
    infrastructureProfileId: uuid(),
    eventTypeId: uuid(),
    roomId: uuid(),
    channelProfileId: uuid(),
    customPropertyConfigurationId: uuid(),

    /** EventState value (public-facts.md §2). */
    state: integer().notNull().default(0),
    /** Mp4State value. */
    mp4State: integer().notNull().default(0),
    /** ProvisionState value; null until infrastructure provisioning is asked for. */
    provisionState: integer(),

    title: text().notNull(),
    refId: text(),
    externalId: text(),
    contentId: text(),
    description: text(),

    autoStart: boolean().notNull().default(false),
    autoEnd: boolean().notNull().default(false),
    autoPublish: boolean().notNull().default(false),
    autoStartPublications: boolean().notNull().default(false),
    autoProvisionInfrastructure: boolean().notNull().default(false),
    autoTerminateInfrastructure: boolean().notNull().default(false),
    autoExpirePublishingPoints: boolean().notNull().default(false),
    /** @legacy spelling of the interface. */
    embededVodTimestamps: boolean().notNull().default(false),
    capturingLive2Vod: boolean('capturing_live2vod').notNull().default(false),
    externalUpdateAllowed: boolean().notNull().default(false),
    /** Made by the clipping tool (the `clipsOnly` filter). */
    isClip: boolean().notNull().default(false),

    displayStart: stamp(),
    displayEnd: stamp(),
    scheduledStart: stamp(),
    scheduledEnd: stamp(),
    scheduledChannelStart: stamp(),
    scheduledChannelEnd: stamp(),
    actualLiveStart: stamp(),
    actualLiveEnd: stamp(),
    publishedStart: stamp(),
    publishedEnd: stamp(),
    instantVodStart: stamp(),
    instantVodEnd: stamp(),
    scheduledProvisionAt: stamp(),
    scheduledTerminateAt: stamp(),
    captureVodStart: stamp(),
    captureVodEnd: stamp(),
    archiverStart: stamp(),
    archiverEnd: stamp(),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
    /** Set by a (soft) delete; such events leave every list but GET /event/deleted/. */
    dateDeleted: stamp(),

    /** Escaped JSON text, as the interface carries it (see the DRM shape). */
    drmJson: text(),
    drmData: jsonb(),
    vodDrm: boolean().notNull().default(false),
    remixDrm: boolean().notNull().default(false),
    remixDrmJson: text(),
    remixDrmData: jsonb(),
    additionalStreamingOptions: text(),
    dvrLength: integer(),
    dvrLengthUrlParam: integer(),
    maxBitrateUrlParam: integer(),
    minBitrateUrlParam: integer(),
    taskEngineJson: text(),
    thumbnail: text(),
    thumbnailUrl: text(),
    documentUrl: text(),
    tagUrl: text(),
    setPrivateAfterGeneration: boolean().notNull().default(false),
    provisionInfo: jsonb(),
    archiverCaptureId: text(),
    archiverProfileId: text(),
    /**
     * The search document of GET /search/ (src/server/areas/search): title weighs most, then the
     * reference and external ids, then the description. Generated by the database, so the index
     * is current the moment a row is written and no write path has to remember it. 'simple'
     * keeps words as written (lower-cased, no stemming, no stop words): ids and names of any
     * language match as typed.
     */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', coalesce("ref_id", '') || ' ' || coalesce("external_id", '')), 'B') || setweight(to_tsvector('simple', coalesce("description", '')), 'C')`,
    ),
  },
  (t) => {
    // The list (GET /event/) always filters on client and on "not deleted", then sorts; these
    // partial indexes serve its default sort, its date filters and the cheap column sorts.
    const live = sql`${t.dateDeleted} is null`;
    return [
      clientKey('events', t),
      // A deleted lookup clears the event's reference only (ON DELETE SET NULL (<column>) in the migration).
      sameClient('events_channel_fk', t.clientId, t.channelId, channels).onDelete('set null'),
      sameClient('events_xflow_fk', t.clientId, t.xflowId, xflows).onDelete('set null'),
      sameClient('events_remixflow_fk', t.clientId, t.remixflowId, xflows).onDelete('set null'),
      sameClient('events_infrastructure_profile_fk', t.clientId, t.infrastructureProfileId, infrastructureProfiles).onDelete('set null'),
      sameClient('events_event_type_fk', t.clientId, t.eventTypeId, eventTypes).onDelete('set null'),
      sameClient('events_room_fk', t.clientId, t.roomId, rooms).onDelete('set null'),
      sameClient('events_property_configuration_fk', t.clientId, t.customPropertyConfigurationId, propertyConfigurations).onDelete('set null'),
      // Both display-order indexes also INCLUDE (display_start, scheduled_start), added by migration
      // 0021 (Drizzle's builder has none), so that walking to a deep page reads the index only.
      index('events_client_display_start_idx')
        .on(t.clientId, sql`coalesce(${t.displayStart}, ${t.scheduledStart})`, t.id)
        .where(live),
      index('events_client_scheduled_start_idx').on(t.clientId, t.scheduledStart).where(live),
      index('events_client_date_modified_idx').on(t.clientId, t.dateModified).where(live),
      index('events_client_state_idx').on(t.clientId, t.state).where(live),
      // Titles sort case-insensitively in code-point order, the same on PGlite and on any server locale.
      index('events_client_title_idx').on(t.clientId, sql`lower(${t.title}) collate "C"`, t.id).where(live),
      index('events_client_ref_id_idx').on(t.clientId, t.refId),
      index('events_client_external_id_idx').on(t.clientId, t.externalId),
      index('events_client_event_type_idx').on(t.clientId, t.eventTypeId),
      index('events_client_channel_idx').on(t.clientId, t.channelId),
      index('events_client_room_idx').on(t.clientId, t.roomId),
      index('events_client_deleted_idx').on(t.clientId, t.dateDeleted).where(sql`${t.dateDeleted} is not null`),
      index('events_search_idx').using('gin', t.searchVector),
      // The list's `search`, a case-insensitive substring of the title, description, reference or
      // external id (event/filter.ts): a trigram index (pg_trgm) of the four together.
      index('events_list_text_trgm_idx').using('gin', sql`(${listText(t)}) gin_trgm_ops`),
      // A backward scan of an ASC NULLS LAST index reads NULLS FIRST, so the list's DESC sorts
      // (which keep events without a value last, then order by id desc) need indexes of their
      // own: without them, "newest first" sorted every event of the client (over 1 s at 100 000).
      index('events_client_display_start_desc_idx')
        .on(t.clientId, sql`coalesce(${t.displayStart}, ${t.scheduledStart}) desc nulls last`, t.id.desc().nullsFirst())
        .where(live),
      index('events_client_title_desc_idx')
        .on(t.clientId, sql`lower(${t.title}) collate "C" desc nulls last`, t.id.desc().nullsFirst())
        .where(live),
      // Billing (src/server/areas/stats): events live in a period, still-live ones ending at
      // infinity; and events created in a period.
      index('events_client_live_end_idx')
        .on(t.clientId, sql`coalesce(${t.actualLiveEnd}, 'infinity'::timestamptz)`)
        .where(sql`${t.actualLiveStart} is not null`),
      index('events_client_date_created_idx').on(t.clientId, t.dateCreated),
      // The alert centre's failed MP4s, and the streaming events the encoder health samples across clients.
      index('events_mp4_failed_idx').on(t.clientId, t.dateModified).where(sql`${t.mp4State} = 4 and ${t.dateDeleted} is null`),
      index('events_streaming_idx').on(t.state).where(sql`${t.state} in (1, 2, 3) and ${t.dateDeleted} is null`),
      // Clips are few: the clipsOnly list and GET /search/clips find them here, in list order.
      index('events_client_clips_idx')
        .on(t.clientId, sql`coalesce(${t.displayStart}, ${t.scheduledStart})`, t.id)
        .where(sql`${t.isClip} and ${t.dateDeleted} is null`),
    ];
  },
);

/** An event's categories, in the order they were given: the first is the event's `category`. */
export const eventCategories = pgTable(
  'event_categories',
  {
    clientId: clientId(),
    eventId: uuid().notNull(),
    categoryId: uuid().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.categoryId] }),
    sameClient('event_categories_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    sameClient('event_categories_category_fk', t.clientId, t.categoryId, categories).onDelete('cascade'),
    index('event_categories_category_idx').on(t.categoryId),
  ],
);

export const eventTags = pgTable(
  'event_tags',
  {
    clientId: clientId(),
    eventId: uuid().notNull(),
    tagId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.tagId] }),
    sameClient('event_tags_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    sameClient('event_tags_tag_fk', t.clientId, t.tagId, tags).onDelete('cascade'),
    index('event_tags_tag_idx').on(t.tagId),
  ],
);

/** Custom properties of an event: one value per (category, key) (service-interface.md). */
export const customProperties = pgTable(
  'custom_properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    eventId: uuid().notNull(),
    category: text().notNull(),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [clientKey('custom_properties', t),
    sameClient('custom_properties_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    uniqueIndex('custom_properties_event_category_key_idx').on(t.eventId, t.category, t.key)],
);

/**
 * What the event list needs of a client's events as a whole, kept by triggers on `events` in the
 * transactions that change them (migration 0020), so that a page of GET /event/ does not read
 * every matching event to say how many there are, or where a date range starts in its order:
 * - `events`: how many events of the client are in each state, deleted or not. The list's
 *   totalCount without filters, or with a state filter only, is the sum of a few rows instead of
 *   a count of up to every event of the client (at 100 000 events: ~20 ms on PostgreSQL, ~100 ms
 *   on PGlite, against a few rows).
 * - `display_lead`, `display_lag`: how far an event's display start lies before or after its
 *   scheduled start, at most. A date range (on the scheduled start) then also bounds the list's
 *   default order (the display start), so the page is read from the order's index where the
 *   range begins instead of from the client's first event.
 * Rows are only ever added (a change adds its difference: -1 in the old state, +1 in the new), so
 * concurrent writers never wait for each other on a counter row; readers sum them, and
 * `compactEventListStats` (event/list-stats.ts) folds them into one row per state now and then.
 */
export const eventListStats = pgTable(
  'event_list_stats',
  {
    clientId: clientId(),
    deleted: boolean().notNull(),
    state: integer().notNull(),
    events: integer().notNull(),
    displayLead: interval().notNull(),
    displayLag: interval().notNull(),
  },
  (t) => [index('event_list_stats_client_idx').on(t.clientId, t.deleted, t.state)],
);
