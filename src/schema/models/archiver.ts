/**
 * The archiver (service-interface.md "Archiverflow", "Archiver Capture", "Archiver Playout Profile",
 * "Archiver Stream"): catch-up content captured from publishing points and played out through
 * profiles. Capture and profile ids are strings of letters, digits and underscores; stream ids are ints.
 */
import { z } from 'zod';
import { Guid, TEXT_MAX, Version } from '../common.ts';
import { jsonText } from './json-text.ts';

// ---- Archiverflows -------------------------------------------------------------------------------

/** The stream protocols of an archiverflow output, by name. */
export const ArchiverflowStreamProtocol = z.enum(['HLS', 'HLSe', 'HSS', 'DASH', 'HDS']);

/** Placeholders an output URL may contain, filled per capture and request. */
export const ARCHIVERFLOW_URL_PLACEHOLDERS = ['{capture_id}', '{profile_id}', '{starttime}', '{endtime}'] as const;

/** One output URL set: no properties beyond these. */
export const ArchiverflowOutputUrlSchema = z.strictObject({
  streamProtocol: ArchiverflowStreamProtocol,
  cdnPrimaryUrl: z.string().max(TEXT_MAX.url),
  originPrimaryUrl: z.string().max(TEXT_MAX.url),
  cdnSecondaryUrl: z.string().max(TEXT_MAX.url).optional(),
  privateUrl: z.string().max(TEXT_MAX.url).optional(),
  originSecondaryUrl: z.string().max(TEXT_MAX.url).optional(),
});
export type ArchiverflowOutputUrl = z.infer<typeof ArchiverflowOutputUrlSchema>;

/** One archiverflow item: outputUrls is required; name and type (ArchiverFlow) appear in the reference shape. */
export const ArchiverflowItemSchema = z.looseObject({
  name: z.string().max(TEXT_MAX.name).optional(),
  type: z.string().max(TEXT_MAX.name).optional().describe('ArchiverFlow in the reference shape'),
  outputUrls: z.array(ArchiverflowOutputUrlSchema),
});

/** The content of configurationJson. The service answers 400 when it does not match. */
export const ArchiverflowConfigurationSchema = z
  .looseObject({ archiverflows: z.array(ArchiverflowItemSchema) })
  .meta({ id: 'ArchiverflowConfiguration' });
export type ArchiverflowConfiguration = z.infer<typeof ArchiverflowConfigurationSchema>;

export const ArchiverflowSchema = z
  .object({ id: Guid, name: z.string(), configurationJson: z.string(), version: Version })
  .meta({ id: 'Archiverflow' });
export type Archiverflow = z.infer<typeof ArchiverflowSchema>;

/** POST /archiverflow/ (id optional: the desired id) and PUT /archiverflow/{id} (id taken from the route). */
export const ArchiverflowBody = z
  .object({
    id: Guid.nullish(),
    name: z.string().trim().min(1).max(TEXT_MAX.name),
    configurationJson: jsonText(ArchiverflowConfigurationSchema, 'JSON text: {"archiverflows": [{"outputUrls": [...]}]}'),
  })
  .meta({ id: 'ArchiverflowBody' });
export type ArchiverflowBody = z.input<typeof ArchiverflowBody>;

// ---- Shared --------------------------------------------------------------------------------------

/** A capture or playout profile id. */
export const ArchiverId = z.string().max(TEXT_MAX.reference).regex(/^[A-Za-z0-9_]+$/, 'expected letters, digits and underscores only');

/** A UTC ISO 8601 date-time (Z or an explicit offset). */
export const UtcDateTime = z.iso.datetime({ offset: true });

/**
 * A key of the form KID:CEK: the key id and the content encryption key, each 128 bits written as
 * 32 hexadecimal digits (the form the packager takes).
 */
export const KidCek = z.string().regex(/^[0-9a-fA-F]{32}:[0-9a-fA-F]{32}$/, 'expected KID:CEK, each 32 hexadecimal digits');

export const ArchiverStreamingFormat = z.enum(['HLS', 'HDS', 'DASH', 'SMOOTH']);

/** GET of the capture and playout profile lists: `onlyIds=true` answers the ids only. */
export const ArchiverListQuery = z.object({ onlyIds: z.boolean().default(false) });

export const ArchiverIdParams = z.object({ id: ArchiverId });

// ---- Captures ------------------------------------------------------------------------------------

export const CaptureSchema = z
  .object({
    id: ArchiverId.describe('Unchanged by PUT'),
    startTime: UtcDateTime.nullable().describe('null on POST or PUT assigns the current time; GET always returns a value'),
    endTime: UtcDateTime.nullable().describe('null: the capture runs indefinitely'),
    active: z.boolean(),
    decryptKey: KidCek.nullable(),
    expiresIn: z.number().int().min(0).nullable().describe('Seconds'),
    publishingPoints: z.array(z.string().min(1).max(TEXT_MAX.url)),
    version: Version,
  })
  .meta({ id: 'Capture' });
export type Capture = z.infer<typeof CaptureSchema>;

/** POST and PUT send the whole capture: every property present (null where nullable). */
export const CaptureBody = CaptureSchema.meta({ id: 'CaptureBody' });
export type CaptureBody = z.input<typeof CaptureBody>;

export const CaptureStatsSchema = z
  .object({
    id: ArchiverId,
    startTime: UtcDateTime.nullable().describe('Both null or both set; null: nothing captured'),
    endTime: UtcDateTime.nullable(),
    failedCount: z.number().int(),
    active: z.boolean(),
    publishingPoints: z.array(z.string()),
    profileIds: z.array(z.string()),
  })
  .meta({ id: 'CaptureStats' });
export type CaptureStats = z.infer<typeof CaptureStatsSchema>;

/** A time range of continuous captured content; gaps lie between ranges. */
export const CaptureAvailableContentSchema = z
  .object({ startTime: UtcDateTime, endTime: UtcDateTime })
  .meta({ id: 'CaptureAvailableContent' });
export type CaptureAvailableContent = z.infer<typeof CaptureAvailableContentSchema>;

export const CaptureSegmentSchema = z
  .object({
    id: z.number().int(),
    startTime: UtcDateTime,
    endTime: UtcDateTime,
    archived: z.boolean(),
    failed: z.boolean(),
    inProgress: z.boolean(),
    scheduled: z.boolean(),
    completed: z.boolean(),
    attempts: z.number().int(),
    createdAt: UtcDateTime,
    updatedAt: UtcDateTime,
  })
  .meta({ id: 'CaptureSegment' });
export type CaptureSegment = z.infer<typeof CaptureSegmentSchema>;

/** Both or neither; with them, only segments starting and ending inside the range. */
export const CaptureSegmentsQuery = z
  .object({ start: UtcDateTime.optional(), end: UtcDateTime.optional() })
  .refine((q) => (q.start === undefined) === (q.end === undefined), {
    path: ['end'],
    message: 'give both start and end, or neither',
  })
  .meta({ id: 'CaptureSegmentsQuery' });

// ---- Playout profiles ----------------------------------------------------------------------------

export const PlayoutProfileCaptureSchema = z
  .object({ captureId: ArchiverId, liveRedirectUrl: z.string().max(TEXT_MAX.url).nullable() })
  .meta({ id: 'PlayoutProfileCapture' });
export type PlayoutProfileCapture = z.infer<typeof PlayoutProfileCaptureSchema>;

const playoutProfileFields = {
  id: ArchiverId.describe('Unchanged by PUT'),
  expiresIn: z.number().int().min(0).nullable().describe('Seconds'),
  key: KidCek.nullable(),
  issKeyIv: z.string().max(TEXT_MAX.key).nullable(),
  issLicenseUrl: z.string().max(TEXT_MAX.url).nullable(),
  widevineDrmData: z.string().max(TEXT_MAX.json).nullable(),
  widevineLicenseUrl: z.string().max(TEXT_MAX.url).nullable(),
  aesKey: z.string().max(TEXT_MAX.key).nullable(),
  aesKeyIv: z.string().max(TEXT_MAX.key).nullable(),
  aesLicenseUrl: z.string().max(TEXT_MAX.url).nullable(),
  captures: z.array(PlayoutProfileCaptureSchema),
};

export const PlayoutProfileSchema = z
  .object({
    ...playoutProfileFields,
    streamingFormats: z.array(ArchiverStreamingFormat).describe('Derived from the DRM configuration; returned on GET only'),
    version: Version,
  })
  .meta({ id: 'PlayoutProfile' });
export type PlayoutProfile = z.infer<typeof PlayoutProfileSchema>;

/** POST and PUT: every property present except streamingFormats, which is ignored when sent. */
export const PlayoutProfileBody = z
  .object({
    ...playoutProfileFields,
    streamingFormats: z.array(z.string().max(TEXT_MAX.code)).optional().describe('Ignored'),
  })
  .meta({ id: 'PlayoutProfileBody' });
export type PlayoutProfileBody = z.input<typeof PlayoutProfileBody>;

/** The request body that recreates a profile as read (for edit forms): streamingFormats dropped. */
export function playoutProfileToBody(profile: PlayoutProfile): PlayoutProfileBody {
  const { streamingFormats: _derived, ...body } = profile;
  return body;
}

// ---- Streams -------------------------------------------------------------------------------------

export const ArchiverStreamSchema = z
  .object({
    id: z.number().int(),
    profileId: ArchiverId,
    captureId: ArchiverId,
    startTime: UtcDateTime,
    endTime: UtcDateTime,
    expiresAt: UtcDateTime.nullable(),
    ismUrl: z.string(),
    uploaded: z.boolean(),
    createdAt: UtcDateTime,
    updatedAt: UtcDateTime,
    streamingFormats: z.array(ArchiverStreamingFormat).describe('Those of the playout profile'),
  })
  .meta({ id: 'ArchiverStream' });
export type ArchiverStream = z.infer<typeof ArchiverStreamSchema>;

export const ArchiverStreamIdParams = z.object({ id: z.number().int().min(0) });

// ---- Catch-up playback (beyond the interface) ----------------------------------------------------

/** GET /archivercapture/{id}/playback/: a range to play; both or neither (neither: all of it). */
export const CapturePlaybackQuery = z
  .object({ start: UtcDateTime.optional(), end: UtcDateTime.optional() })
  .refine((q) => (q.start === undefined) === (q.end === undefined), { path: ['end'], message: 'give both start and end, or neither' })
  .meta({ id: 'CapturePlaybackQuery' });

/** Where a player loads a range of a capture (HLS, no API key needed: the URL carries an unguessable key). */
export const CapturePlaybackSchema = z
  .object({
    url: z.string(),
    /** The range asked for, snapped outward to whole segments (the first and last content inside it). */
    startTime: UtcDateTime.nullable(),
    endTime: UtcDateTime.nullable(),
    /** Segments of the range that play (completed ones). */
    segments: z.number().int(),
  })
  .meta({ id: 'CapturePlayback' });
export type CapturePlayback = z.infer<typeof CapturePlaybackSchema>;
