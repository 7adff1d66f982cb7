/** Rows of the archiver's tables as the interface answers them. */
import type { Archiverflow, ArchiverStream, Capture, PlayoutProfile } from '#schema';
import type { archiverCaptures, archiverflows, archiverProfileCaptures, archiverProfiles, archiverSegments, archiverStreams } from '../../db/tables/index.ts';
import { answerUrl } from '../../http/service-url.ts';
import { streamingFormatsOf } from './rules.ts';

export type CaptureRow = typeof archiverCaptures.$inferSelect;
export type SegmentRow = typeof archiverSegments.$inferSelect;
export type ProfileRow = typeof archiverProfiles.$inferSelect;
export type ProfileCaptureRow = typeof archiverProfileCaptures.$inferSelect;
export type StreamRow = typeof archiverStreams.$inferSelect;
export type ArchiverflowRow = typeof archiverflows.$inferSelect;

const iso = (d: Date) => d.toISOString();

export function toArchiverflow(row: ArchiverflowRow): Archiverflow {
  return { id: row.id, name: row.name, configurationJson: row.configurationJson, version: row.version };
}

/** `serviceUrl`: the service's URL for the request, which points on this service are answered with (http/service-url.ts). */
export function toCapture(row: CaptureRow, serviceUrl: string): Capture {
  return {
    id: row.id,
    startTime: iso(row.startTime),
    endTime: row.endTime ? iso(row.endTime) : null,
    active: row.active,
    decryptKey: row.decryptKey,
    expiresIn: row.expiresIn,
    publishingPoints: row.publishingPoints.map((p) => answerUrl(p, serviceUrl)),
    version: row.version,
  };
}

export function toProfile(row: ProfileRow, captures: readonly ProfileCaptureRow[]): PlayoutProfile {
  return {
    id: row.id,
    expiresIn: row.expiresIn,
    key: row.key,
    issKeyIv: row.issKeyIv,
    issLicenseUrl: row.issLicenseUrl,
    widevineDrmData: row.widevineDrmData,
    widevineLicenseUrl: row.widevineLicenseUrl,
    aesKey: row.aesKey,
    aesKeyIv: row.aesKeyIv,
    aesLicenseUrl: row.aesLicenseUrl,
    captures: [...captures].sort((a, b) => a.position - b.position).map((c) => ({ captureId: c.captureId, liveRedirectUrl: c.liveRedirectUrl })),
    streamingFormats: streamingFormatsOf(row),
    version: row.version,
  };
}

export function toStream(row: StreamRow, profile: ProfileRow | null, ismUrl: string): ArchiverStream {
  return {
    id: row.id,
    profileId: row.profileId,
    captureId: row.captureId,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    expiresAt: row.expiresAt ? iso(row.expiresAt) : null,
    ismUrl,
    uploaded: row.uploaded,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    streamingFormats: profile ? streamingFormatsOf(profile) : [],
  };
}
