/**
 * The archiver (src/server/areas/archiver): archiverflows, captures with the segments the simulated
 * archiver recorded, playout profiles with their captures, and the catch-up streams made of them.
 *
 * - Capture and profile ids are the client's own strings (letters, digits, underscore), unique per
 *   client: the primary keys are (client_id, id). Stream and segment ids are ints (serial).
 * - A segment holds no media: it names what the channel played (the event whose stream it was
 *   recorded from and that stream's positions, `source`), which the catch-up playlists serve from
 *   the same test-stream files the live stream uses.
 * - `play_key` (captures, streams) is a random GUID: the catch-up URLs carry it instead of the
 *   client's id, so players load them without an API key and one tenant cannot guess another's.
 */
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey } from './tenancy.ts';
import { versionColumn } from './versions.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

export const archiverflows = pgTable(
  'archiverflows',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    name: text().notNull(),
    configurationJson: text().notNull(),
    createdAt: stamp().notNull(),
    updatedAt: stamp().notNull(),
  },
  (t) => [clientKey('archiverflows', t), index('archiverflows_client_idx').on(t.clientId)],
);

/** What one segment plays: the source event and, per source segment, the programme file. */
export interface SegmentSource {
  eventId: string;
  /** The publishing point it was recorded from. */
  publishingPoint: string;
  /** Positions of the event's stream, in order. */
  positions: number[];
  /** Per position: the programme (`programme`, `card`), its file index and duration in ms. */
  files: { programme: string; file: number; ms: number }[];
}

export const archiverCaptures = pgTable(
  'archiver_captures',
  {
    clientId: clientId(),
    version: versionColumn(),
    id: text().notNull(),
    startTime: stamp().notNull(),
    endTime: stamp(),
    active: boolean().notNull(),
    decryptKey: text(),
    expiresIn: integer(),
    publishingPoints: jsonb().$type<string[]>().notNull(),
    /** The recorder's cursor: everything before it has been recorded or left as a gap. */
    recordedUntil: stamp(),
    playKey: uuid().notNull().defaultRandom(),
    createdAt: stamp().notNull(),
    updatedAt: stamp().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('archiver_captures_play_key_idx').on(t.playKey),
    index('archiver_captures_active_idx').on(t.active),
  ],
);

export const archiverSegments = pgTable(
  'archiver_segments',
  {
    id: serial().primaryKey(),
    clientId: uuid().notNull(),
    captureId: text().notNull(),
    startTime: stamp().notNull(),
    endTime: stamp().notNull(),
    /** scheduled (recording) -> inProgress (archiving) -> completed; failed (retried while attempts remain). */
    state: text({ enum: ['scheduled', 'inProgress', 'completed', 'failed'] }).notNull(),
    /** Failed for good: no attempt is left. */
    gaveUp: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    /** When the archiving attempt in hand finishes (state inProgress), or the next is due (failed). */
    dueAt: stamp(),
    source: jsonb().$type<SegmentSource>().notNull(),
    createdAt: stamp().notNull(),
    updatedAt: stamp().notNull(),
  },
  (t) => [clientKey('archiver_segments', t), 
    foreignKey({ columns: [t.clientId, t.captureId], foreignColumns: [archiverCaptures.clientId, archiverCaptures.id] }).onDelete('cascade'),
    index('archiver_segments_capture_start_idx').on(t.clientId, t.captureId, t.startTime),
    // Available content and stats read only completed segments, in start order (an index-only scan).
    index('archiver_segments_completed_idx')
      .on(t.clientId, t.captureId, t.startTime, t.endTime)
      .where(sql`${t.state} = 'completed'`),
    // The alert centre's captures with segments given up (areas/alert).
    index('archiver_segments_given_up_idx').on(t.clientId, t.captureId, t.updatedAt).where(sql`${t.gaveUp}`),
    index('archiver_segments_open_idx')
      .on(t.clientId, t.captureId, t.dueAt)
      .where(sql`${t.state} in ('scheduled', 'inProgress', 'failed') and not ${t.gaveUp}`),
  ],
);

export const archiverProfiles = pgTable(
  'archiver_profiles',
  {
    clientId: clientId(),
    version: versionColumn(),
    id: text().notNull(),
    expiresIn: integer(),
    key: text(),
    issKeyIv: text(),
    issLicenseUrl: text(),
    widevineDrmData: text(),
    widevineLicenseUrl: text(),
    aesKey: text(),
    aesKeyIv: text(),
    aesLicenseUrl: text(),
    createdAt: stamp().notNull(),
    updatedAt: stamp().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/** A profile's captures, in the order given. Deleting a capture takes it out of its profiles. */
export const archiverProfileCaptures = pgTable(
  'archiver_profile_captures',
  {
    clientId: uuid().notNull(),
    profileId: text().notNull(),
    captureId: text().notNull(),
    position: integer().notNull(),
    liveRedirectUrl: text(),
    /** The stream of this capture in this profile was made once: deleted or expired, it is not made again. */
    streamMade: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.profileId, t.captureId] }),
    foreignKey({ columns: [t.clientId, t.profileId], foreignColumns: [archiverProfiles.clientId, archiverProfiles.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clientId, t.captureId], foreignColumns: [archiverCaptures.clientId, archiverCaptures.id] }).onDelete('cascade'),
    index('archiver_profile_captures_capture_idx').on(t.clientId, t.captureId),
  ],
);

export const archiverStreams = pgTable(
  'archiver_streams',
  {
    id: serial().primaryKey(),
    clientId: clientId(),
    profileId: text().notNull(),
    captureId: text().notNull(),
    startTime: stamp().notNull(),
    endTime: stamp().notNull(),
    expiresAt: stamp(),
    uploaded: boolean().notNull().default(false),
    playKey: uuid().notNull().defaultRandom(),
    createdAt: stamp().notNull(),
    updatedAt: stamp().notNull(),
  },
  (t) => [clientKey('archiver_streams', t), 
    uniqueIndex('archiver_streams_play_key_idx').on(t.playKey),
    uniqueIndex('archiver_streams_profile_capture_idx').on(t.clientId, t.profileId, t.captureId),
  ],
);
