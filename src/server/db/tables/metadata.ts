/**
 * Event metadata beyond the event row itself: chapter points (a tree per event) with their custom
 * properties, and channel profiles (the audio inputs of an event's encoder). Event custom
 * properties live beside the event in events.ts; client properties are event custom properties
 * generated from a template, so they have no table of their own.
 *
 * Column names are kept plain (reference_id, title, tag, category, key, value) because chapter
 * point search queries these tables directly.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey, sameClient } from './tenancy.ts';
import { versionColumn } from './versions.ts';
import { events } from './events.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A chapter point of an event. Deleting one deletes its subtree (parent_id cascades) and, through
 * chapter_point_custom_properties, their properties. A parent is always a chapter point of the
 * same event and never inside its own subtree; the chapter point area checks both before writing.
 */
export const chapterPoints = pgTable(
  'chapter_points',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    eventId: uuid().notNull(),
    parentId: uuid(),
    referenceId: text(),
    title: text().notNull(),
    tag: text(),
    /** DateOrTime as the interface carries it: an ISO 8601 date-time (kept in UTC) or hh:mm:ss.fff. */
    startTime: text().notNull(),
    endTime: text(),
    /**
     * The start as a number to sort by: milliseconds from the start of the stream for a time,
     * since the epoch for a date-time (so times sort before date-times).
     */
    startKey: doublePrecision().notNull(),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('chapter_points', t),
    sameClient('chapter_points_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    sameClient('chapter_points_parent_fk', t.clientId, t.parentId, t).onDelete('cascade'),
    
    index('chapter_points_client_event_idx').on(t.clientId, t.eventId, t.startKey),
    index('chapter_points_parent_idx').on(t.parentId),
    index('chapter_points_client_reference_idx').on(t.clientId, t.referenceId),
  ],
);

/** Custom properties of a chapter point: one value per (category, key), as for events. */
export const chapterPointCustomProperties = pgTable(
  'chapter_point_custom_properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    chapterPointId: uuid().notNull(),
    category: text().notNull(),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [clientKey('chapter_point_custom_properties', t),
    sameClient('chapter_point_custom_properties_point_fk', t.clientId, t.chapterPointId, chapterPoints).onDelete('cascade'),
    
    uniqueIndex('chapter_point_custom_properties_point_category_key_idx').on(t.chapterPointId, t.category, t.key),
    index('chapter_point_custom_properties_client_key_idx').on(t.clientId, t.category, t.key),
  ],
);

/** The channel profile of an event: at most one per event (service-interface.md "Limits"). */
export const channelProfiles = pgTable(
  'channel_profiles',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    eventId: uuid().notNull(),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('channel_profiles', t),
    sameClient('channel_profiles_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    uniqueIndex('channel_profiles_event_idx').on(t.eventId), index('channel_profiles_client_idx').on(t.clientId, t.dateCreated)],
);

/** An audio input of a channel profile; language and audio channel are each unique within the profile. */
export const channelProfileAudioInputs = pgTable(
  'channel_profile_audio_inputs',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    profileId: uuid().notNull(),
    languageCode: text().notNull(),
    audioChannel: integer().notNull(),
    audioEnabled: boolean().notNull().default(true),
  },
  (t) => [clientKey('channel_profile_audio_inputs', t),
    sameClient('channel_profile_audio_inputs_profile_fk', t.clientId, t.profileId, channelProfiles).onDelete('cascade'),
    
    uniqueIndex('channel_profile_audio_inputs_channel_idx').on(t.profileId, t.audioChannel),
    uniqueIndex('channel_profile_audio_inputs_language_idx').on(t.profileId, sql`lower(${t.languageCode})`),
  ],
);
