/**
 * VOD downloads (service-interface.md "VOD Download", "VOD downloads"): clips of events stitched
 * into one downloadable MP4, whose link is e-mailed.
 */
import { z } from 'zod';
import { boundedText, DateOrTime, DateTime, Guid, NullableDateTime, TEXT_MAX } from '../common.ts';
import { MediaProgressSchema } from './asset.ts';

export const VodDownloadSchema = z
  .object({
    id: Guid,
    contentId: z.string(),
    eventId: Guid.nullable().describe('The event of the master clip'),
    downloadPath: z.string().nullable(),
    emailAddress: z.string(),
    creationDate: NullableDateTime,
    completionDate: NullableDateTime,
    failureDate: NullableDateTime,
    downloadUrl: z.string().nullable(),
    downloadTaskJson: z.string().nullable().describe('JSON text of the processing task (see DownloadTaskSchema)'),
    emailLanguage: z.string().nullable(),
  })
  .meta({ id: 'VodDownload' });
export type VodDownload = z.infer<typeof VodDownloadSchema>;

/**
 * The content of downloadTaskJson. The interface names the keys, not their types: types are what
 * the names say, unknown where they say nothing; other keys are kept.
 */
export const DownloadTaskSchema = z.looseObject({
  parameters: z.looseObject({
    content_id: z.string(),
    output_folder: z.string(),
    clips: z.array(z.unknown()),
    rest_endpoints: z.unknown(),
    encrypted: z.boolean(),
    frame_accurate: z.boolean(),
    create_mp4: z.boolean(),
    copy_ts: z.boolean(),
    create_via_ffmpeg: z.boolean(),
  }),
  client: z.unknown(),
  job: z.unknown(),
});
export type DownloadTask = z.infer<typeof DownloadTaskSchema>;

/**
 * One clip of a download. start and end: ISO 8601, or elapsed time (00:00:00) when the content has
 * no timestamps; both null requests the whole event.
 */
export const DownloadClipSchema = z
  .object({
    eventId: Guid,
    start: DateOrTime.nullable().default(null),
    end: DateOrTime.nullable().default(null),
    filter: boundedText(TEXT_MAX.url).nullish().describe('USP-style filter expression; give each clip the same tracks and bitrates'),
    isMasterClip: z.boolean().default(false).describe('The clip the download is associated with; at most one'),
  })
  .meta({ id: 'DownloadClip' });
export type DownloadClip = z.input<typeof DownloadClipSchema>;

export const VodDownloadBody = z
  .object({
    emailAddress: z.email().max(TEXT_MAX.url),
    contentId: boundedText(TEXT_MAX.reference).trim().min(1).nullish().describe('Generated when omitted'),
    frameAccurate: z.boolean().default(false),
    emailLanguage: boundedText(TEXT_MAX.code).nullish().describe('Selects an e-mail template'),
    mp4Filename: boundedText(TEXT_MAX.name).nullish().describe("Defaults to the title of the master clip's event"),
    downloadClips: z.array(DownloadClipSchema).min(1),
  })
  .superRefine((body, ctx) => {
    const masters = body.downloadClips.flatMap((clip, index) => (clip.isMasterClip ? [index] : []));
    for (const index of masters.slice(1)) {
      ctx.addIssue({ code: 'custom', path: ['downloadClips', index, 'isMasterClip'], message: 'mark only one clip as master' });
    }
  })
  .meta({ id: 'VodDownloadBody' });
export type VodDownloadBody = z.input<typeof VodDownloadBody>;

/** `?id=` lookups by content id (percent-encoded). */
export const VodDownloadContentQuery = z.object({ id: boundedText(TEXT_MAX.reference).min(1).describe('Content id') });

/** DELETE /voddownload/: `Buffer` (capitalised as the interface writes it) adds days to the configured expiry period. */
export const VodDownloadPurgeQuery = z.object({
  Buffer: z.number().int().default(0).describe('Days added to the configured expiry period'),
});

// ---- Beyond the interface (extension operations of this service) ------------------------------

/** Where a download stands, as the dashboard shows it: derived from the interface's dates and the expiry. */
export const DOWNLOAD_STATES = ['processing', 'ready', 'failed', 'expired'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** Whether the mail with the link went out: none (not ready yet), pending, retrying (a try failed), sent, failed (given up). */
export const DOWNLOAD_MAIL_STATUSES = ['none', 'pending', 'retrying', 'sent', 'failed'] as const;

export const DownloadClipDetailsSchema = z
  .object({
    eventId: Guid,
    title: z.string().describe("The event's title when the download was requested"),
    start: z.string().nullable(),
    end: z.string().nullable(),
    filter: z.string().nullable(),
    isMasterClip: z.boolean(),
    fromMs: z.number().int().describe("Where the clip starts in the event's media, in milliseconds"),
    toMs: z.number().int(),
  })
  .meta({ id: 'DownloadClipDetails' });

/** A download with what the interface does not carry: state, progress, the failure's reason, the mail. */
export const VodDownloadDetailsSchema = VodDownloadSchema.extend({
  state: z.enum(DOWNLOAD_STATES),
  progress: MediaProgressSchema.nullable().describe('How far the processing got (while processing; null before it starts and once it is over)'),
  failureReason: z.string().nullable(),
  expiresAt: NullableDateTime.describe('When a ready download stops being served'),
  mp4Filename: z.string(),
  fileBytes: z.number().int().nullable(),
  durationMs: z.number().int().describe('Total duration of the clips'),
  frameAccurate: z.boolean(),
  clips: z.array(DownloadClipDetailsSchema),
  mail: z.object({
    status: z.enum(DOWNLOAD_MAIL_STATUSES),
    attempts: z.number().int(),
    error: z.string().nullable(),
    sentAt: NullableDateTime,
    nextAttemptAt: NullableDateTime,
  }),
}).meta({ id: 'VodDownloadDetails' });
export type VodDownloadDetails = z.infer<typeof VodDownloadDetailsSchema>;

export const VodDownloadDetailsQuery = z.object({
  eventId: Guid.optional().describe('Only the downloads with a clip of this event'),
});

/** A mail the service sent, as its own mailbox keeps it (without SMTP_URL). */
export const MailSchema = z
  .object({
    id: Guid,
    downloadId: Guid.nullable(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    language: z.string().describe('The template used: en, de, fr or nl'),
    sentAt: DateTime,
  })
  .meta({ id: 'Mail' });
export type Mail = z.infer<typeof MailSchema>;
