/**
 * Chapter points in the dashboard's words: start and end times as timecodes, the tree flattened
 * for pickers and counts, and the one mapping of the add/edit form to POST /chapterpoint/.
 *
 * A chapter point's time is a DateOrTime: a time from the start of the stream (hh:mm:ss.fff, what
 * operators type) or a full date-time (what some integrations send). Both show as a timecode; a
 * date-time as the time since the event started, when the event says when that was.
 */
import { z } from 'zod';
import { formatTimecode as formatMediaTime } from '#components/format-media.ts';
import { ChapterPointBody, DateTime, type ChapterPoint, type Event } from '#schema';

const TIME = /^(\d{2,}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds as hh:mm:ss, with .fff only when there are milliseconds. */
export const formatTimecode = (ms: number) => `${ms < 0 ? '−' : ''}${formatMediaTime(Math.abs(ms), 'when-any')}`;

/** The milliseconds of an hh:mm:ss(.fff) time, or undefined for anything else. */
export function timeToMs(value: string): number | undefined {
  const m = TIME.exec(value);
  if (!m) return undefined;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number((m[4] ?? '0').padEnd(3, '0'));
}

function parseDate(value: string): Date | undefined {
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const date = new Date(hasOffset ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** When the event's stream started (or is planned to), which a date-time chapter time counts from. */
export function streamStart(event: Pick<Event, 'actualLiveStart' | 'scheduledStart'>): Date | undefined {
  const value = event.actualLiveStart ?? event.scheduledStart;
  return value ? parseDate(value) : undefined;
}

export interface DisplayTime {
  /** The timecode, e.g. 00:12:30 */
  text: string;
  /** The value as stored, for a tooltip (a date-time's full date, or nothing more to say). */
  detail?: Date;
}

/** A chapter time as a timecode: a time as is; a date-time as the offset from `start` (or its clock time without one). */
export function displayTime(value: string, start: Date | undefined): DisplayTime {
  const ms = timeToMs(value);
  if (ms !== undefined) return { text: formatTimecode(ms) };
  const date = parseDate(value);
  if (!date) return { text: value };
  if (start && date.getTime() >= start.getTime()) return { text: formatTimecode(date.getTime() - start.getTime()), detail: date };
  return { text: `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`, detail: date };
}

/**
 * What an operator types as a time, made an hh:mm:ss.fff the service takes: `1:02:03`, `62:03`
 * (minutes and seconds), `45` (seconds), `00:01:02.5`. A full date-time passes as it is. Anything
 * else is returned unchanged, for the schema to refuse.
 */
export function normalizeTimeInput(input: string): string {
  const value = input.trim();
  if (value === '' || DateTime.safeParse(value).success) return value;
  const m = /^(?:(?:(\d+):)?(\d+):)?(\d+)(?:[.,](\d{1,3}))?$/.exec(value);
  if (!m) return value;
  const [, h, min, sec = '0', ms] = m;
  // Each part below hours within its range, except a leading one: `90` seconds, `75:00` minutes.
  if (h !== undefined && Number(min) > 59) return value;
  if (min !== undefined && Number(sec) > 59) return value;
  const seconds = (Number(h ?? 0) * 60 + Number(min ?? 0)) * 60 + Number(sec);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}${ms ? `.${ms.padEnd(3, '0')}` : ''}`;
}

// ---- The tree ---------------------------------------------------------------------------------

export interface FlatPoint {
  point: ChapterPoint;
  depth: number;
  /** Ids from the root down to the parent. */
  ancestors: string[];
}

/** Depth-first, in the service's order (start time): the tree as rows. */
export function flattenTree(roots: readonly ChapterPoint[]): FlatPoint[] {
  const out: FlatPoint[] = [];
  const walk = (points: readonly ChapterPoint[], depth: number, ancestors: string[]) => {
    for (const point of points) {
      out.push({ point, depth, ancestors });
      walk(point.children, depth + 1, [...ancestors, point.id]);
    }
  };
  walk(roots, 0, []);
  return out;
}

/** How many chapter points sit below this one, and how many custom properties the whole subtree has. */
export function subtreeCounts(point: ChapterPoint): { descendants: number; properties: number } {
  let descendants = 0;
  let properties = point.chapterPointCustomProperties.length;
  for (const child of point.children) {
    const below = subtreeCounts(child);
    descendants += 1 + below.descendants;
    properties += below.properties;
  }
  return { descendants, properties };
}

export function findPoint(roots: readonly ChapterPoint[], id: string): ChapterPoint | undefined {
  for (const point of roots) {
    if (point.id === id) return point;
    const below = findPoint(point.children, id);
    if (below) return below;
  }
  return undefined;
}

// ---- The form ---------------------------------------------------------------------------------

export interface ChapterPointFormValues {
  title: string;
  startTime: string;
  endTime: string;
  tag: string;
  referenceId: string;
  /** '' for a top-level chapter point. */
  parentId: string;
}

export const CHAPTER_POINT_FIELD_LABELS: Record<keyof ChapterPointFormValues, string> = {
  title: 'Title',
  startTime: 'Start',
  endTime: 'End',
  tag: 'Tag',
  referenceId: 'Reference id',
  parentId: 'Parent',
};

export function chapterPointToFormValues(point: ChapterPoint): ChapterPointFormValues {
  return {
    title: point.title,
    startTime: point.startTime,
    endTime: point.endTime ?? '',
    tag: point.tag ?? '',
    referenceId: point.referenceId ?? '',
    parentId: point.parentId ?? '',
  };
}

export function newChapterPointValues(parent: ChapterPoint | null): ChapterPointFormValues {
  return { title: '', startTime: parent?.startTime ?? '00:00:00', endTime: '', tag: '', referenceId: '', parentId: parent?.id ?? '' };
}

/**
 * The body of POST /chapterpoint/ for these values. An edit sends every field (the service
 * replaces the chapter point's fields; properties stay, none are sent).
 */
export function formToChapterPointBody(values: ChapterPointFormValues, context: { eventId: string; id?: string }): z.input<typeof ChapterPointBody> {
  const optional = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    ...(context.id ? { id: context.id } : {}),
    eventId: context.eventId,
    parentId: values.parentId || null,
    title: values.title,
    startTime: normalizeTimeInput(values.startTime),
    endTime: optional(normalizeTimeInput(values.endTime)),
    tag: optional(values.tag),
    referenceId: optional(values.referenceId),
  };
}

const TIME_HINT = 'Enter a time such as 00:12:30 (hh:mm:ss), or a full date and time';

/**
 * The form's resolver schema: the values mapped to the body, checked by the body's own schema
 * (ChapterPointBody, as the service checks it), issues kept on the form's field names.
 */
export function chapterPointFormSchema(context: { eventId: string; id?: string }) {
  return z
    .object({
      title: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      tag: z.string(),
      referenceId: z.string(),
      parentId: z.string(),
    })
    .transform((values) => formToChapterPointBody(values, context))
    .pipe(ChapterPointBody);
}

/** zod's messages in the form's words. */
export const chapterPointIssueMessage: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.[0];
  if (field === 'title' && issue.code === 'too_small') return 'Give the chapter point a title';
  if ((field === 'startTime' || field === 'endTime') && (issue.code === 'invalid_union' || issue.code === 'invalid_format')) return TIME_HINT;
  if (field === 'startTime' && issue.code === 'invalid_type') return 'Required';
  if (field === 'referenceId' && issue.code === 'too_big') return 'At most 100 characters';
  return undefined;
};
