/** Reading an item's properties, and each item's place in the programme: its trim points and start, and the running total. */
import { type Event } from '#schema';
import { isIsoDateTime, parseTimeSpan, parseTimecode } from './timecode.ts';
import { type EditorItem, ITEM_TYPES, KNOWN_PROPERTIES } from './playlist-document.ts';

// ---- Reading items ---------------------------------------------------------------------------------

export function textProperty(item: EditorItem, name: string): string {
  const value = item.properties[name];
  return typeof value === 'string' ? value : '';
}

export function booleanProperty(item: EditorItem, name: string): boolean | undefined {
  const value = item.properties[name];
  return typeof value === 'boolean' ? value : undefined;
}

/** The properties without their own control, in their order. */
export function customProperties(item: EditorItem): [string, unknown][] {
  return Object.entries(item.properties).filter(([name]) => !(KNOWN_PROPERTIES as readonly string[]).includes(name));
}

/**
 * Replaces the custom properties of an item with `entries` (in that order), keeping the known
 * ones. Entries without a name are dropped; a later duplicate name wins.
 */
export function withCustomProperties(item: EditorItem, entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const name of KNOWN_PROPERTIES) if (Object.hasOwn(item.properties, name)) properties[name] = item.properties[name];
  for (const [name, value] of entries) {
    const trimmed = name.trim();
    if (trimmed && !(KNOWN_PROPERTIES as readonly string[]).includes(trimmed)) properties[trimmed] = value;
  }
  return properties;
}

// ---- Timing --------------------------------------------------------------------------------------

/** What the editor knows about the event an item plays (from GET /event/). */
export interface SourceInfo {
  title: string;
  /** Milliseconds; null when the service does not say. */
  durationMs: number | null;
  thumbnailUrl: string | null;
  /** Where an ISO trim point is measured from (the recording's start, actualLiveStart), when known. */
  startedAt: string | null;
}

export type SourceLookup = (item: EditorItem) => SourceInfo | null | undefined;

export function sourceInfoOf(event: Event): SourceInfo {
  const durationMs = parseTimeSpan(event.duration);
  return {
    title: event.title,
    durationMs: durationMs === 0 && !event.scheduledStart ? null : durationMs,
    thumbnailUrl: event.thumbnailUrl ?? event.thumbnail ?? null,
    startedAt: event.actualLiveStart ?? event.scheduledStart ?? null,
  };
}

/** A trim point in milliseconds into the source: a timecode, or an ISO time after the source's start. */
export function trimPointMs(value: unknown, source: SourceInfo | null | undefined): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = parseTimecode(value);
  if (ms !== null && /^\d{2,}:\d{2}:\d{2}(\.\d{1,3})?$/.test(value)) return ms;
  if (isIsoDateTime(value) && source?.startedAt) {
    const offset = Date.parse(value) - Date.parse(source.startedAt);
    return Number.isFinite(offset) ? offset : null;
  }
  return null;
}

export interface ItemTiming {
  /** Where the item starts in the programme; with `approximate`, a lower bound. */
  startMs: number;
  /** How long the item plays (trimmed); null when unknown. */
  durationMs: number | null;
  inMs: number;
  outMs: number | null;
  /** An earlier item's length is unknown, so this start is at least startMs. */
  approximate: boolean;
}

export interface Timeline {
  items: ItemTiming[];
  totalMs: number;
  /** Items whose length is unknown (MP4 URLs, sources without a duration). */
  unknown: number;
}

/** Each item's start in the programme and the running total: recomputed on every edit (O(n)). */
/**
 * Each item's place in the programme. With `previous` (the timeline before an edit), a timing that
 * did not change is the same object, so a row whose timing stayed is not rendered again (a move
 * changes the start of the rows between its two places only).
 */
export function computeTimeline(items: readonly EditorItem[], lookup: SourceLookup, previous?: Timeline): Timeline {
  let at = 0;
  let unknown = 0;
  const timings = items.map((item, index): ItemTiming => {
    const source = item.type === ITEM_TYPES.EVENT ? lookup(item) : null;
    const inMs = trimPointMs(item.properties.start, source) ?? 0;
    const end = trimPointMs(item.properties.end, source);
    const outMs = end ?? source?.durationMs ?? null;
    const durationMs = outMs === null ? null : Math.max(0, outMs - inMs);
    const was = previous?.items[index];
    const approximate = unknown > 0;
    const timing = was && was.startMs === at && was.durationMs === durationMs && was.inMs === inMs && was.outMs === outMs && was.approximate === approximate ? was : { startMs: at, durationMs, inMs, outMs, approximate };
    if (durationMs === null) unknown += 1;
    else at += durationMs;
    return timing;
  });
  return { items: timings, totalMs: at, unknown };
}

/**
 * computeTimeline that remembers its last answer and builds the next one on it; `known` tells it
 * of a timeline built elsewhere (the editor's), to build the next one on.
 */
export function timelineBuilder(): ((items: readonly EditorItem[], lookup: SourceLookup) => Timeline) & { known: (timeline: Timeline) => Timeline } {
  let previous: Timeline | undefined;
  const build = (items: readonly EditorItem[], lookup: SourceLookup) => (previous = computeTimeline(items, lookup, previous));
  return Object.assign(build, { known: (timeline: Timeline) => (previous = timeline) });
}
