/**
 * The change log of events: one row per change, written in the same transaction as the change
 * itself (an outbox). Webhook delivery and the change feed read from here, so a notification is
 * never lost and never sent for a change that was rolled back.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CHANGE_KINDS } from '../../../schema/models/changes.ts';
import type { MediaProgress } from '../../../schema/models/asset.ts';
import { clients } from './clients.ts';

export const eventChanges = pgTable(
  'event_changes',
  {
    /** Increasing: the order in which changes were committed per event, and the change feed's cursor. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    action: text('action', { enum: ['Added', 'Updated', 'Deleted', 'Restored'] }).notNull(),
    referenceId: text('reference_id'),
    externalId: text('external_id'),
    state: integer('state').notNull(),
    mp4State: integer('mp4_state').notNull(),
    provisionState: integer('provision_state'),
    stateChanged: boolean('state_changed').notNull().default(false),
    metadataChanged: boolean('metadata_changed').notNull().default(false),
    thumbnailChanged: boolean('thumbnail_changed').notNull().default(false),
    isForced: boolean('is_forced').notNull().default(false),
    audioChanged: boolean('audio_changed').notNull().default(false),
    mp4StateChanged: boolean('mp4_state_changed').notNull().default(false),
    chapterPointsChanged: boolean('chapter_points_changed').notNull().default(false),
    assetsChanged: boolean('assets_changed').notNull().default(false),
    provisionStateChanged: boolean('provision_state_changed').notNull().default(false),
    capturingLive2VodFlagChanged: boolean('capturing_live2vod_flag_changed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('event_changes_client_seq_idx').on(t.clientId, t.seq), index('event_changes_event_idx').on(t.eventId, t.seq)],
);

/**
 * The change log of every other record a page shows (EntityChange in #schema: publications,
 * assets, downloads, mail, the archiver's captures, segments, profiles, streams and flows,
 * destinations, webhook deliveries): one row per write (or per recorder tick and capture for
 * segments, per dispatcher round and webhook for deliveries), written in the same transaction by
 * `recordChanges` (changes/record-entity.ts). Its seq comes from event_changes' sequence, so the
 * change feed reads both logs as one, in one order, with one cursor (changes/feed.ts). Nothing
 * fans it out to webhooks: the interface's notifications are about events.
 */
export const entityChanges = pgTable(
  'entity_changes',
  {
    seq: bigint('seq', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('event_changes_seq_seq')`),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_KINDS }).notNull(),
    /** Its id (for segments, the capture's; for deliveries, the webhook's). */
    subjectId: text('subject_id').notNull(),
    action: text('action', { enum: ['Added', 'Updated', 'Deleted'] }).notNull(),
    /** The event the record belongs to, if any (no reference: the event may be gone since). */
    eventId: uuid('event_id'),
    /** Where its work stood at the change (MediaProgress), for a record with work in progress. */
    progress: jsonb('progress').$type<MediaProgress>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('entity_changes_client_seq_idx').on(t.clientId, t.seq)],
);
