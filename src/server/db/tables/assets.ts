/**
 * Assets (src/server/areas/asset): the files of an event (images, GIFs, MP4 cuts, and the SYSTEM
 * files the service makes itself: the event's MP4, its thumbnail and sprite), each with a state.
 * The bytes live in the simulated storage (sim/storage.ts) at `path`; this row says what the
 * file is and how far its making got.
 *
 * The table is also the durable queue of media work (areas/asset/dispatcher.ts): a GENERATING row
 * carries what to make (`work`) and its `priority`; a worker claims it with a lease
 * (`lease_until`, `attempts`), so a job cut by a restart is taken again once its lease has passed,
 * and given up (FAILED, with the reason) after a few attempts. Never GENERATING for ever.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey, sameClient } from './tenancy.ts';
import { events } from './events.ts';

const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

/** What a GENERATING asset is to become; times are ms of the event's media (areas/media/event-media.ts). */
export type AssetWork =
  | { kind: 'image'; atMs: number }
  | { kind: 'gif'; fromMs: number; toMs: number; fps: number; width: number | null; height: number | null; speed: number; repeats: number }
  | { kind: 'video'; fromMs: number; toMs: number; frameAccurate: boolean; video: boolean; audio: boolean; startTimeMs: number }
  /**
   * The event's whole MP4, then its thumbnail and sprite. `fallback`: an event without media gets
   * the test programme (an MP4 declared AVAILABLE through POST /event/xflow/add/).
   */
  | { kind: 'mp4'; fallback?: boolean };

/** SYSTEM files the service makes, one of each per event. */
export type AssetRole = 'mp4' | 'thumbnail' | 'sprite';

export const assets = pgTable(
  'assets',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    name: text().notNull(),
    /** Storage key of the file, `<event id>/...`; unique per event. */
    path: text().notNull(),
    extension: text().notNull(),
    /** AssetState: 0 GENERATING, 1 COMPLETED, 2 FAILED. */
    state: integer().notNull(),
    /** AssetType: 0 SYSTEM, 1 IMAGE, 2 VIDEO, 3 GIF. */
    type: integer().notNull(),
    /** The SYSTEM file this is (null for user assets and for files synchronised from storage). */
    role: text({ enum: ['mp4', 'thumbnail', 'sprite'] }),
    jobId: text(),
    contentId: text(),
    /** 1 (first) to 10 (last). */
    priority: integer().notNull().default(5),
    work: jsonb().$type<AssetWork | null>(),
    /** Why it FAILED. */
    error: text(),
    bytes: bigint({ mode: 'number' }),
    durationMs: integer(),
    width: integer(),
    height: integer(),
    attempts: integer().notNull().default(0),
    /** While GENERATING: the share made so far, 0..100 (ffmpeg's progress); with startedAt, the time left. */
    progress: integer().notNull().default(0),
    /** A worker's claim on a GENERATING asset; once passed, another may take it. */
    leaseUntil: stamp(),
    startedAt: stamp(),
    completedAt: stamp(),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('assets', t),
    sameClient('assets_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    
    index('assets_client_event_idx').on(t.clientId, t.eventId),
    index('assets_client_created_idx').on(t.clientId, t.dateCreated),
    // The alert centre's failed assets (areas/alert).
    index('assets_failed_idx').on(t.clientId, t.dateModified).where(sql`${t.state} = 2`),
    uniqueIndex('assets_event_path_idx').on(t.eventId, t.path),
    uniqueIndex('assets_event_role_idx').on(t.eventId, t.role).where(sql`${t.role} is not null`),
    index('assets_queue_idx').on(t.priority, t.dateCreated).where(sql`${t.state} = 0`),
  ],
);
