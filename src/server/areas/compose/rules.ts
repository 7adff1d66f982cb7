/**
 * The rules of compose playlists beyond their schemas (src/schema/models/compose.ts): reading the
 * known item properties, trims against the source's recording, markers, what a generation takes,
 * and what a playlist becomes on the simulated publishing point (its rendition).
 *
 * Choices where the interface is silent:
 * - Known properties (start, end, frameAccurate, outputDescription) are found whatever their case
 *   (`Start` is start); the item keeps them exactly as sent.
 * - DateOrTime in an item: an ISO 8601 date-time is a moment of the source's live run; hh:mm:ss.fff
 *   an offset into its recording. Either must lie inside the recording, and end after start. A
 *   missing start is the beginning of the recording, a missing end its end.
 * - A marker's startAt is an offset from the item's (trimmed) start, or a moment of the source;
 *   it must fall inside the item. Its duration is hh:mm:ss, more than zero.
 * - The simulated result is cut on segment boundaries (2 s), outward, so nothing asked for is
 *   lost; frameAccurate is kept and reported, not simulated.
 */
import { MarkerType, PlaylistItemType, type PlaylistItem } from '#schema';
import type { FieldError } from '#schema';
import type { RenditionClip } from '../../db/tables/compose.ts';
import { positionAt, positionStartMs, programmeOf, vodSegmentCount, type MediaIndex } from '../../sim/hls.ts';
import { momentInRecording, offsetInRecording, type Recording } from '../live/index.ts';

export const ITEM = PlaylistItemType.values;

/** A DateOrTime read: a moment, or an offset in ms. */
export type Point = { at: Date } | { offsetMs: number };

const OFFSET = /^(\d{2,}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

/** Reads a DateOrTime (already checked for form by the schema); undefined when it is not one. */
export function readPoint(text: string): Point | undefined {
  const m = OFFSET.exec(text);
  if (m) {
    const [, h, mm, ss, f] = m;
    if (Number(mm) > 59 || Number(ss) > 59) return undefined;
    return { offsetMs: ((Number(h) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + Number((f ?? '0').padEnd(3, '0')) };
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const at = new Date(/(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(at.getTime()) ? undefined : { at };
}

const TIMESPAN = /^(\d+\.)?(\d{1,}):(\d{2}):(\d{2})(?:\.(\d+))?$/;

/** hh:mm:ss (optionally d. and fractions) in ms; undefined when not a valid positive span. */
export function readDuration(text: string): number | undefined {
  const m = TIMESPAN.exec(text.trim());
  if (!m) return undefined;
  const [, d, h, mm, ss, f] = m;
  if (Number(mm) > 59 || Number(ss) > 59) return undefined;
  const ms = (((Number(d ? d.slice(0, -1) : 0) * 24 + Number(h)) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + Math.round(Number(`0.${f ?? '0'}`) * 1000);
  return ms > 0 ? ms : undefined;
}

/** ms as hh:mm:ss.fff. */
export function formatOffset(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

/** The value of a known property, whatever the case it was sent in. */
export function property(properties: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in properties) return properties[name];
  const key = Object.keys(properties).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : properties[key];
}

function keyOf(properties: Readonly<Record<string, unknown>>, name: string): string {
  return Object.keys(properties).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

/** Item checks that need no source: the form of start, end and markers, and end after start when comparable. */
export function checkItemForm(item: PlaylistItem, index: number, base: string, errors: FieldError[]): void {
  const at = `${base}.items.${index}`;
  const props = item.properties;
  const points: Partial<Record<'start' | 'end', Point>> = {};
  for (const name of ['start', 'end'] as const) {
    const value = property(props, name);
    if (value === undefined || value === null) continue;
    const point = typeof value === 'string' ? readPoint(value) : undefined;
    if (!point) errors.push({ field: `${at}.properties.${keyOf(props, name)}`, message: 'expected an ISO 8601 date-time or a time hh:mm:ss.fff' });
    else points[name] = point;
  }
  for (const name of ['frameAccurate', 'outputDescription']) {
    const value = property(props, name);
    if (value !== undefined && value !== null && typeof value !== 'boolean') {
      errors.push({ field: `${at}.properties.${keyOf(props, name)}`, message: 'expected true or false' });
    }
  }
  const { start, end } = points;
  if (start && end && 'at' in start === 'at' in end) {
    const a = 'at' in start ? start.at.getTime() : start.offsetMs;
    const b = 'at' in end ? end.at.getTime() : end.offsetMs;
    if (b <= a) errors.push({ field: `${at}.properties.${keyOf(props, 'end')}`, message: `must be after start (${String(property(props, 'start'))})` });
  }
  (item.markers ?? []).forEach((marker, m) => {
    if (!readPoint(marker.startAt)) errors.push({ field: `${at}.markers.${m}.startAt`, message: 'expected an ISO 8601 date-time or a time hh:mm:ss.fff' });
    if (readDuration(marker.duration) === undefined) errors.push({ field: `${at}.markers.${m}.duration`, message: 'expected a duration hh:mm:ss of more than zero' });
  });
}

/** Where an item plays in its source's recording, in ms of recording [fromMs, toMs). */
export interface Trim {
  fromMs: number;
  toMs: number;
}

/**
 * The item's trim inside the source's recording; field errors when start or end lie outside it
 * or end is not after start.
 */
export function trimOf(item: PlaylistItem, index: number, base: string, recording: Recording, errors: FieldError[]): Trim | undefined {
  const at = `${base}.items.${index}.properties`;
  const props = item.properties;
  const span = `the recording runs ${recording.liveStart.toISOString()} to ${recording.liveEnd.toISOString()} (00:00:00.000 to ${formatOffset(recording.durationMs)})`;
  const read = (name: 'start' | 'end'): number | undefined | null => {
    const value = property(props, name);
    if (typeof value !== 'string') return undefined;
    const point = readPoint(value);
    if (!point) return null;
    if ('at' in point) {
      if (point.at < recording.liveStart || point.at > recording.liveEnd) {
        errors.push({ field: `${at}.${keyOf(props, name)}`, message: `is outside the source event's recording: ${span}` });
        return null;
      }
      return offsetInRecording(recording, point.at);
    }
    if (point.offsetMs > recording.durationMs) {
      errors.push({ field: `${at}.${keyOf(props, name)}`, message: `is outside the source event's recording: ${span}` });
      return null;
    }
    return point.offsetMs;
  };
  const start = read('start');
  const end = read('end');
  if (start === null || end === null) return undefined;
  const fromMs = start ?? 0;
  const toMs = end ?? recording.durationMs;
  if (toMs <= fromMs) {
    errors.push({ field: `${at}.${keyOf(props, end !== undefined ? 'end' : 'start')}`, message: `must leave something to play: end must be after start (${span})` });
    return undefined;
  }
  return { fromMs, toMs };
}

/** Markers of an item as cues in ms from the trim's start; field errors for markers outside the item. */
export function cuesOf(
  item: PlaylistItem,
  index: number,
  base: string,
  trim: Trim,
  recording: Recording,
  errors: FieldError[],
): NonNullable<RenditionClip['cues']> {
  const cues: NonNullable<RenditionClip['cues']> = [];
  (item.markers ?? []).forEach((marker, m) => {
    const point = readPoint(marker.startAt);
    const durationMs = readDuration(marker.duration);
    if (!point || durationMs === undefined) return;
    const offsetMs = 'at' in point ? offsetInRecording(recording, point.at) - trim.fromMs : point.offsetMs;
    if (offsetMs < 0 || offsetMs >= trim.toMs - trim.fromMs) {
      errors.push({
        field: `${base}.items.${index}.markers.${m}.startAt`,
        message: `is outside the item, which plays ${formatOffset(trim.toMs - trim.fromMs)} (from ${formatOffset(trim.fromMs)} of its source)`,
      });
      return;
    }
    cues.push({ id: `marker-${index}-${m}`, offsetMs, durationMs, type: marker.type, frameAccurate: marker.frameAccurate });
  });
  return cues;
}

export const markerTypeName = (type: number): string => MarkerType.nameOf(type) ?? String(type);

// ---- Renditions ---------------------------------------------------------------------------------

/**
 * The clip of the test programme a trim plays: the segments overlapping [fromMs, toMs) of the
 * source's recording (snapped outward), with the source's wall-clock time of its first segment
 * and the cues moved to be relative to that segment.
 */
export function clipOfTrim(
  index: MediaIndex,
  item: number,
  sourceEventId: string,
  recording: Recording,
  trim: Trim,
  cues: NonNullable<RenditionClip['cues']>,
): RenditionClip {
  const programme = programmeOf(index);
  const from = positionAt(programme, trim.fromMs);
  const to = positionAt(programme, Math.max(trim.fromMs, trim.toMs - 1)) + 1;
  const snapMs = trim.fromMs - positionStartMs(programme, from);
  return {
    programme: 'programme',
    from,
    to,
    item,
    sourceEventId,
    dateTime: momentInRecording(recording, positionStartMs(programme, from)).toISOString(),
    cues: cues.map((c) => ({ ...c, offsetMs: c.offsetMs + snapMs })),
  };
}

/** The whole recording of a source (encoder composition EVENT items play all of it). */
export function clipOfRecording(index: MediaIndex, item: number, sourceEventId: string, recording: Recording): RenditionClip {
  const programme = programmeOf(index);
  const count = vodSegmentCount(programme, new Date(0), new Date(recording.durationMs));
  return { programme: 'programme', from: 0, to: count, item, sourceEventId, dateTime: recording.liveStart.toISOString() };
}

/** An MP4 item: the test card for the file's duration (the card's own when unknown). */
export function clipOfMp4(card: MediaIndex, item: number, durationMs: number | null): RenditionClip {
  const programme = programmeOf(card);
  const ms = durationMs ?? card.mp4?.durationMs ?? programme.loopMs;
  return { programme: 'card', from: 0, to: Math.max(1, positionAt(programme, Math.max(0, ms - 1)) + 1), item };
}

export function renditionDurationMs(clips: readonly RenditionClip[], programmes: Record<string, MediaIndex>): number {
  let total = 0;
  for (const clip of clips) {
    const index = programmes[clip.programme];
    if (!index) continue;
    const programme = programmeOf(index);
    total += positionStartMs(programme, clip.to) - positionStartMs(programme, clip.from);
  }
  return total;
}

// ---- Generation ---------------------------------------------------------------------------------

/**
 * Clock time a generation takes: a base, plus a second per 5 minutes of composed content, at most
 * 30 s. Stitching recorded segments is a remux, not a transcode, so it is quick; long enough that
 * an operator sees the progress, short enough that a demo or a browser test does not wait minutes
 * for a playlist of hour-long recordings.
 */
export const GENERATION_BASE_MS = 4_000;
export const GENERATION_MAX_MS = 30_000;
export function generationTimeMs(contentMs: number): number {
  return Math.min(GENERATION_MAX_MS, GENERATION_BASE_MS + Math.ceil(contentMs / 300_000) * 1_000);
}

export const LICENSED_FEATURE_LIVE_STREAM_START = 'compose.liveStreamStart';

export function licenceMissing(clientName: string): string {
  return (
    `liveStreamStart is a licensed feature and the client "${clientName}" has no licence for it (${LICENSED_FEATURE_LIVE_STREAM_START}); ` +
    'remove liveStreamStart from the playlist to generate the composition now, or have an administrator grant the licence ' +
    `(npx tsx src/server/areas/compose/licence-cli.ts grant "${clientName}")`
  );
}

/** An item type's name for messages. */
export const itemTypeName = (type: number): string => PlaylistItemType.nameOf(type) ?? String(type);

