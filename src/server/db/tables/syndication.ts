/**
 * Media syndication (service-interface.md "Media Destination", "Publication"; public-facts.md §2, §6):
 * destinations, their properties, live and VOD publications with their callbacks and history, and
 * the simulated targets' own state (what each platform holds: posted items, live broadcasts).
 *
 * - `syndication_destinations`: `api` says which family of operations owns a destination: `media`
 *   (/media/destination/, issue 16) or `direct` (/destination/, a later issue), so both can share
 *   the table, the targets and the publication monitor.
 * - `publications`: live and VOD publications of every api in one table (the monitor's one data
 *   source). `state` is a LivePublicationState or VodPublicationState value (the failed values 4,
 *   5, 6 are the same in both). Every list filter has an index: (client, kind, created|started|
 *   completed), (client, kind, target, created), (client, transaction), (client, destination,
 *   content), (client, event), and the monitor's failed-first order (client, state >= 4, created).
 *   The content id substring filter (contentIdFilter) is a scan within the client's rows.
 * - `publication_history`: every state change (time, from, to, reason, cause).
 * - `target_items`: the simulated platform's side: one row per item the target holds for a
 *   publication (a live broadcast with its stream key and viewers, an uploaded video), which the
 *   target keeps even when the publication is deleted without hardDelete.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey, sameClient } from './tenancy.ts';
import { versionColumn } from './versions.ts';
import { events } from './events.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

export interface ActivationData {
  /** none: nothing asked yet; pending: the user must open the authorisation page; denied: the user refused it. */
  status: 'none' | 'pending' | 'authorised' | 'denied';
  /** Secret of the authorisation page (the simulated target's "OAuth" link). */
  token?: string;
  requestedAt?: string;
  authorisedAt?: string;
  /** The account the target says it authorised. */
  account?: string;
}

export const syndicationDestinations = pgTable(
  'syndication_destinations',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    api: text({ enum: ['media', 'direct'] })
      .notNull()
      .default('media'),
    name: text().notNull(),
    target: integer().notNull(),
    configJson: text(),
    active: boolean().notNull().default(false),
    activation: jsonb().$type<ActivationData>().notNull().default({ status: 'none' }),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('syndication_destinations', t), 
    index('syndication_destinations_client_idx').on(t.clientId, t.api, t.target),
    uniqueIndex('syndication_destinations_token_idx').on(sql`(${t.activation}->>'token')`),
  ],
);

export const syndicationDestinationProperties = pgTable(
  'syndication_destination_properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    destinationId: uuid().notNull(),
    category: text().notNull(),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [clientKey('syndication_destination_properties', t),
    sameClient('syndication_destination_properties_destination_fk', t.clientId, t.destinationId, syndicationDestinations).onDelete('cascade'),
    uniqueIndex('syndication_destination_properties_key_idx').on(t.destinationId, t.category, t.key)],
);

export const publications = pgTable(
  'publications',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    api: text({ enum: ['media', 'direct'] })
      .notNull()
      .default('media'),
    kind: text({ enum: ['live', 'vod'] }).notNull(),
    /** Null for direct VOD publications, which name a content id only. */
    eventId: uuid(),
    audioInputId: uuid(),
    destinationId: uuid().notNull(),
    target: integer().notNull(),
    transactionId: uuid().notNull(),
    contentId: text(),
    /** The publicationJson as sent. */
    publicationJson: text().notNull(),
    state: integer().notNull(),
    /** Why it failed, or what it waits for. */
    reason: text(),
    /** VOD upload progress 0-100 while processing. */
    progress: integer(),
    /** A live publication to start (or started again) whenever its event is live. */
    startRequested: boolean().notNull().default(false),
    /** When a Scheduled VOD publication goes public. */
    publishAt: stamp(),
    /** The target item backing this publication (target_items.id), null before it exists there. */
    targetItemId: uuid(),
    /** Details the service keeps (without queryTarget): the publication's keys, ingestion details. */
    details: jsonb().$type<Record<string, unknown>>(),
    dateCreated: stamp().notNull(),
    dateStarted: stamp(),
    dateCompleted: stamp(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('publications', t),
    sameClient('publications_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    sameClient('publications_destination_fk', t.clientId, t.destinationId, syndicationDestinations).onDelete('cascade'),
    
    index('publications_client_kind_created_idx').on(t.clientId, t.kind, t.dateCreated, t.id),
    index('publications_client_kind_started_idx').on(t.clientId, t.kind, t.dateStarted, t.id),
    index('publications_client_kind_completed_idx').on(t.clientId, t.kind, t.dateCompleted, t.id),
    index('publications_client_kind_target_idx').on(t.clientId, t.kind, t.target, t.dateCreated),
    index('publications_client_transaction_idx').on(t.clientId, t.transactionId),
    index('publications_client_destination_content_idx').on(t.clientId, t.destinationId, t.contentId),
    index('publications_client_event_idx').on(t.clientId, t.eventId, t.dateCreated),
    index('publications_monitor_idx').on(t.clientId, sql`(${t.state} >= 4)`, t.dateCreated, t.id),
    index('publications_client_state_idx').on(t.clientId, t.state, t.dateCreated),
    // contentIdFilter is a case-insensitive substring match (ILIKE '%x%'): a trigram index serves it (pg_trgm).
    index('publications_content_id_trgm_idx').using('gin', t.contentId.op('gin_trgm_ops')),
  ],
);

export const publicationCallbacks = pgTable(
  'publication_callbacks',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    publicationId: uuid().notNull(),
    url: text().notNull(),
    lastTriggered: stamp(),
    /** The last attempt's outcome (status or error), for the monitor. */
    lastResult: text(),
  },
  (t) => [clientKey('publication_callbacks', t),
    sameClient('publication_callbacks_publication_fk', t.clientId, t.publicationId, publications).onDelete('cascade'),
    index('publication_callbacks_publication_idx').on(t.publicationId)],
);

export const publicationHistory = pgTable(
  'publication_history',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    clientId: clientId(),
    publicationId: uuid().notNull(),
    at: stamp().notNull(),
    fromState: integer(),
    toState: integer().notNull(),
    reason: text(),
    cause: text({ enum: ['request', 'target', 'event', 'service'] }).notNull(),
  },
  (t) => [
    sameClient('publication_history_publication_fk', t.clientId, t.publicationId, publications).onDelete('cascade'),
    index('publication_history_publication_idx').on(t.publicationId, t.seq)],
);

/** What a simulated target holds. */
export const targetItems = pgTable(
  'target_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    destinationId: uuid().notNull(),
    /** No foreign key: the item stays on the platform when its publication is deleted without hardDelete. */
    publicationId: uuid(),
    target: integer().notNull(),
    kind: text({ enum: ['live', 'vod'] }).notNull(),
    /** The platform's own id (a video id, a post id, a broadcast id). */
    remoteId: text().notNull(),
    /** live: created, live, ended; vod: uploading, processing, ready, published; both: removed. */
    status: text().notNull(),
    visibility: text({ enum: ['public', 'private'] })
      .notNull()
      .default('private'),
    title: text(),
    /** The platform's data: stream key and ingest servers, size and duration of an upload... */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    liveSince: stamp(),
    liveUntil: stamp(),
    createdAt: stamp().notNull(),
    updatedAt: stamp().notNull(),
  },
  (t) => [clientKey('target_items', t),
    sameClient('target_items_destination_fk', t.clientId, t.destinationId, syndicationDestinations).onDelete('cascade'),
    index('target_items_destination_idx').on(t.destinationId, t.createdAt), index('target_items_publication_idx').on(t.publicationId)],
);
