/**
 * What asset requests may ask (README "Assets"): times inside the event's media, clips that end
 * after they start, and sane limits on sizes, rates and durations. Each problem is a 400 naming
 * the field. The limits:
 *
 * | what | limit |
 * |---|---|
 * | name, filename | 1..200 characters (a filename keeps letters, digits, `.`, `-`, `_` and spaces; others become `_`) |
 * | GIF clip | at most 60 s of media |
 * | GIF fps | 1..30 (default 10) |
 * | GIF width, height | 16..1920 and 16..1080 (default 480 wide, height by the aspect ratio) |
 * | GIF playbackSpeed | 0 (a still of the start) or 0.1..8 (default 1) |
 * | GIF playbackRepeats | -1 (plays once), 0 (loops for ever, default), 1..1000 |
 * | video clip | at most 1 h of media |
 * | priority | 1..10 (default 5), by the schema |
 */
import { AssetType, type FieldError } from '#schema';
import type { AssetWork } from '../../db/tables/index.ts';
import { selectTracks } from '../../sim/track-filter.ts';
import { formatMediaTime, parseMediaTime, type EventMedia } from '../media/index.ts';

export const LIMITS = {
  nameLength: 200,
  gifMaxMs: 60_000,
  fps: { min: 1, max: 30, default: 10 },
  width: { min: 16, max: 1920 },
  height: { min: 16, max: 1080 },
  speed: { min: 0.1, max: 8 },
  repeats: { min: -1, max: 1000 },
  videoMaxMs: 3_600_000,
} as const;

/** A filename for storage: the asset's name (or the given filename) without path or odd characters. */
export function safeFilename(text: string): string {
  const base = text.trim().replace(/\.(jpe?g|gif|mp4)$/i, '');
  const cleaned = base.replace(/[^\w .-]/g, '_').replace(/^[.\s]+/, '').slice(0, 120).trim();
  return cleaned === '' ? 'asset' : cleaned;
}

export function checkName(name: string, field: string, errors: FieldError[]): void {
  if (name.length > LIMITS.nameLength) errors.push({ field, message: `is longer than ${LIMITS.nameLength} characters` });
}

const span = (media: EventMedia) => `the content runs 00:00:00.000 to ${formatMediaTime(media.durationMs)}`;

/** A point of the media (the image's time); its field error otherwise. */
export function pointOf(media: EventMedia, text: string, field: string, errors: FieldError[]): number | undefined {
  const parsed = parseMediaTime(media, text);
  if (parsed.error !== undefined) {
    errors.push({ field, message: parsed.error });
    return undefined;
  }
  if (parsed.ms < 0 || parsed.ms >= media.durationMs) {
    errors.push({ field, message: `is outside the content: ${span(media)}` });
    return undefined;
  }
  return parsed.ms;
}

/** A clip [start, end) of the media, at most `maxMs` long; field errors otherwise. */
export function clipOf(media: EventMedia, start: string, end: string, base: string, maxMs: number, errors: FieldError[]): { fromMs: number; toMs: number } | undefined {
  const from = parseMediaTime(media, start);
  const to = parseMediaTime(media, end);
  const before = errors.length;
  if (from.error !== undefined) errors.push({ field: `${base}.start`, message: from.error });
  if (to.error !== undefined) errors.push({ field: `${base}.end`, message: to.error });
  if (errors.length > before) return undefined;
  const fromMs = from.ms!;
  const toMs = to.ms!;
  if (fromMs < 0 || fromMs >= media.durationMs) errors.push({ field: `${base}.start`, message: `is outside the content: ${span(media)}` });
  if (toMs > media.durationMs) errors.push({ field: `${base}.end`, message: `is outside the content: ${span(media)}` });
  else if (toMs <= fromMs) errors.push({ field: `${base}.end`, message: `must come after the start (${formatMediaTime(fromMs)})` });
  else if (toMs - fromMs > maxMs) errors.push({ field: `${base}.end`, message: `makes a clip of ${formatMediaTime(toMs - fromMs)}: at most ${formatMediaTime(maxMs)}` });
  return errors.length > before ? undefined : { fromMs, toMs };
}

function inRange(value: number | undefined, min: number, max: number, field: string, errors: FieldError[], what = ''): void {
  if (value === undefined) return;
  if (value < min || value > max) errors.push({ field, message: `must be from ${min} to ${max}${what}` });
}

export interface GifOptionsInput {
  fps?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
  playbackSpeed?: number | undefined;
  playbackRepeats?: number | undefined;
}

export function gifWork(clip: { fromMs: number; toMs: number }, body: GifOptionsInput, errors: FieldError[]): AssetWork {
  inRange(body.fps, LIMITS.fps.min, LIMITS.fps.max, 'body.fps', errors, ' frames per second');
  inRange(body.width, LIMITS.width.min, LIMITS.width.max, 'body.width', errors, ' pixels');
  inRange(body.height, LIMITS.height.min, LIMITS.height.max, 'body.height', errors, ' pixels');
  inRange(body.playbackRepeats, LIMITS.repeats.min, LIMITS.repeats.max, 'body.playbackRepeats', errors);
  const speed = body.playbackSpeed ?? 1;
  if (speed !== 0 && (speed < LIMITS.speed.min || speed > LIMITS.speed.max)) {
    errors.push({ field: 'body.playbackSpeed', message: `must be 0 (a still frame) or from ${LIMITS.speed.min} to ${LIMITS.speed.max}` });
  }
  return {
    kind: 'gif',
    fromMs: clip.fromMs,
    toMs: clip.toMs,
    fps: Math.round(body.fps ?? LIMITS.fps.default),
    width: body.width ? Math.round(body.width) : body.height ? null : 480,
    height: body.height ? Math.round(body.height) : null,
    speed,
    repeats: body.playbackRepeats ?? 0,
  };
}

export function videoWork(
  clip: { fromMs: number; toMs: number },
  body: { frameAccurate?: boolean | undefined; copyTs?: boolean | undefined; filter?: string | null | undefined },
  errors: FieldError[],
): AssetWork {
  const tracks = selectTracks(body.filter);
  if ('error' in tracks) errors.push({ field: 'body.clip.filter', message: tracks.error });
  return {
    kind: 'video',
    fromMs: clip.fromMs,
    toMs: clip.toMs,
    frameAccurate: body.frameAccurate ?? false,
    video: 'error' in tracks ? true : tracks.video,
    audio: 'error' in tracks ? true : tracks.audio,
    startTimeMs: body.copyTs ? clip.fromMs : 0,
  };
}

/** The type and extension of a file found in storage, by its extension. */
export function typeOfFile(path: string): { type: number; extension: string } {
  const extension = path.includes('.') ? path.slice(path.lastIndexOf('.') + 1).toLowerCase() : '';
  if (['jpg', 'jpeg', 'png', 'webp'].includes(extension)) return { type: AssetType.values.IMAGE, extension };
  if (extension === 'gif') return { type: AssetType.values.GIF, extension };
  if (['mp4', 'm4v', 'mov'].includes(extension)) return { type: AssetType.values.VIDEO, extension };
  return { type: AssetType.values.SYSTEM, extension };
}
