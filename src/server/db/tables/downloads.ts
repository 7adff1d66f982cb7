/**
 * VOD downloads (service-interface.md "VOD Download") and the mail the service sends about them.
 *
 * - `vod_downloads`: one requested download: its clips (as resolved against their events' media
 *   when it was requested), the processing task answered as downloadTaskJson, where processing
 *   stands (`status` + `progress`; `generation` counts retries so a stale job does nothing), the
 *   file once made (`file_token` names it in the download URL, unguessable), and the mail about it.
 *   "Expired" is not a status: a ready download is expired once `expires_at` has passed.
 *   The MP4 itself is in the file storage (sim/storage.ts, STORAGE_DIR) at `file_key`, as the
 *   assets' files are.
 * - `mails`: the mailbox the service keeps when it has no SMTP server (SMTP_URL unset): every mail
 *   it sent, readable through the mailbox extension operations and the dashboard.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey } from './tenancy.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const clientRef = () =>
  uuid('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

export const DOWNLOAD_STATUSES = ['processing', 'ready', 'failed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];
/** none: nothing to send yet; pending: queued; retrying: a try failed, another is scheduled; sent; failed: given up. */
export const MAIL_STATUSES = ['none', 'pending', 'retrying', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A clip as stored: the request's clip plus where it cuts the event's media, in milliseconds. */
export interface StoredClip {
  eventId: string;
  start: string | null;
  end: string | null;
  filter: string | null;
  isMasterClip: boolean;
  /** The event's title when requested (file names, the mail). */
  title: string;
  fromMs: number;
  toMs: number;
}

export const vodDownloads = pgTable(
  'vod_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientRef(),
    contentId: text('content_id').notNull(),
    /** The master clip's event (the first clip's when none is marked). No foreign key: a download outlives its event. */
    eventId: uuid('event_id'),
    /** Every event the clips cut from, for "all downloads of an event". */
    eventIds: uuid('event_ids').array().notNull(),
    emailAddress: text('email_address').notNull(),
    emailLanguage: text('email_language'),
    frameAccurate: boolean('frame_accurate').notNull(),
    mp4Filename: text('mp4_filename').notNull(),
    clips: jsonb('clips').notNull().$type<StoredClip[]>(),
    /** downloadTaskJson, as an object. */
    task: jsonb('task').notNull().$type<Record<string, unknown>>(),
    status: text('status', { enum: DOWNLOAD_STATUSES }).notNull(),
    /** 0-100 while processing. */
    progress: integer('progress').notNull().default(0),
    /** The time the processing has left, estimated from its pace so far (null while unknown). */
    etaSeconds: integer('eta_seconds'),
    /** Bumped by every retry; jobs carry it and do nothing once it moved on. */
    generation: integer('generation').notNull().default(1),
    failureReason: text('failure_reason'),
    fileToken: text('file_token'),
    fileBytes: integer('file_bytes'),
    /** Storage key of the made MP4 (`voddownloads/<id>/<generation>.mp4`); null before it is made. */
    fileKey: text('file_key'),
    durationMs: integer('duration_ms').notNull(),
    creationDate: stamp('creation_date').notNull(),
    completionDate: stamp('completion_date'),
    failureDate: stamp('failure_date'),
    expiresAt: stamp('expires_at'),
    mailStatus: text('mail_status', { enum: MAIL_STATUSES }).notNull().default('none'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailError: text('mail_error'),
    mailSentAt: stamp('mail_sent_at'),
    mailNextAttemptAt: stamp('mail_next_attempt_at'),
  },
  (t) => [clientKey('vod_downloads', t), 
    uniqueIndex('vod_downloads_content_idx').on(t.clientId, t.contentId),
    index('vod_downloads_client_created_idx').on(t.clientId, t.creationDate),
    index('vod_downloads_event_idx').on(t.clientId, t.eventId),
    // The alert centre's failed downloads (areas/alert).
    index('vod_downloads_failed_idx').on(t.clientId, t.failureDate).where(sql`${t.status} = 'failed'`),
    uniqueIndex('vod_downloads_token_idx').on(t.fileToken),
  ],
);

export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientRef(),
    /** What the mail is about; null once that download is deleted. */
    downloadId: uuid('download_id'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    language: text('language').notNull(),
    sentAt: stamp('sent_at').notNull(),
  },
  (t) => [clientKey('mails', t), index('mails_client_sent_idx').on(t.clientId, t.sentAt)],
);
