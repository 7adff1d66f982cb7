/**
 * Rules of the archiver beyond the schema module's shapes. A capture needs at least one
 * publishing point and an endTime after its startTime (`captureValues`).
 *
 * streamingFormats of a playout profile (returned on GET only, ignored on POST and PUT) follow
 * from its DRM configuration:
 * - no DRM at all (key, ISS, Widevine and AES fields all null): HLS, HDS, DASH and SMOOTH, the
 *   clear content plays in every format;
 * - otherwise only the formats whose DRM system is configured: HLS with an AES key (aesKey,
 *   AES-128 HLS), DASH with Widevine (widevineLicenseUrl or widevineDrmData), SMOOTH with
 *   PlayReady (issLicenseUrl); HDS never carries DRM here. A profile with only a key (KID:CEK) and
 *   no license server has no format: nothing could decrypt it.
 */
import type { ArchiverStreamingFormat, CaptureBody, PlayoutProfileBody } from '#schema';
import { validationError, type FieldError } from '../../http/errors.ts';
import type { z } from 'zod';
import { storedUrl } from '../../http/service-url.ts';

type Format = z.infer<typeof ArchiverStreamingFormat>;

type Drm = Pick<
  PlayoutProfileBody,
  'key' | 'issKeyIv' | 'issLicenseUrl' | 'widevineDrmData' | 'widevineLicenseUrl' | 'aesKey' | 'aesKeyIv' | 'aesLicenseUrl'
>;

const set = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

export function streamingFormatsOf(drm: Drm): Format[] {
  const any = [drm.key, drm.issKeyIv, drm.issLicenseUrl, drm.widevineDrmData, drm.widevineLicenseUrl, drm.aesKey, drm.aesKeyIv, drm.aesLicenseUrl].some(set);
  if (!any) return ['HLS', 'HDS', 'DASH', 'SMOOTH'];
  const formats: Format[] = [];
  if (set(drm.aesKey)) formats.push('HLS');
  if (set(drm.widevineLicenseUrl) || set(drm.widevineDrmData)) formats.push('DASH');
  if (set(drm.issLicenseUrl)) formats.push('SMOOTH');
  return formats;
}

/** The values an archiver URL template may name. */
export interface ArchiverUrlValues {
  captureId?: string | null;
  profileId?: string | null;
  startTime?: Date | null;
  endTime?: Date | null;
}

/**
 * Fills {capture_id}, {profile_id}, {starttime} and {endtime} of an archiverflow URL (times as
 * UTC ISO 8601 without milliseconds, percent-encoded ids). A placeholder without a value stays.
 */
export function fillArchiverUrl(template: string, values: ArchiverUrlValues): string {
  const time = (d: Date | null | undefined) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null);
  const replacements: Record<string, string | null> = {
    '{capture_id}': values.captureId ? encodeURIComponent(values.captureId) : null,
    '{profile_id}': values.profileId ? encodeURIComponent(values.profileId) : null,
    '{starttime}': time(values.startTime),
    '{endtime}': time(values.endTime),
  };
  return template.replace(/\{(capture_id|profile_id|starttime|endtime)\}/gi, (match) => replacements[match.toLowerCase()] ?? match);
}

/** The values of a capture body to store, checked beyond the schema. */
export function captureValues(body: CaptureBody, now: Date, ownUrls: readonly string[]) {
  const fields: FieldError[] = [];
  const startTime = body.startTime ? new Date(body.startTime) : now;
  const endTime = body.endTime ? new Date(body.endTime) : null;
  if (endTime && endTime.getTime() <= startTime.getTime()) fields.push({ field: 'body.endTime', message: 'must be after startTime' });
  // A point on this service is stored without its host (http/service-url.ts).
  const points = [...new Set(body.publishingPoints.map((p) => storedUrl(p.trim(), ownUrls)).filter((p) => p !== ''))];
  if (points.length === 0) fields.push({ field: 'body.publishingPoints', message: 'name at least one publishing point' });
  if (fields.length > 0) throw validationError(fields);
  return {
    startTime,
    endTime,
    active: body.active,
    decryptKey: body.decryptKey ?? null,
    expiresIn: body.expiresIn ?? null,
    publishingPoints: points,
  };
}
