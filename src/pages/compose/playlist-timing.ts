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
export function computeTimeline(items: readonly EditorItem[], lookup: SourceLookup): Timeline {
  let at = 0;
  let unknown = 0;
  const timings = items.map((item): ItemTiming => {
    const source = item.type === ITEM_TYPES.EVENT ? lookup(item) : null;
    const inMs = trimPointMs(item.properties.start, source) ?? 0;
    const end = trimPointMs(item.properties.end, source);
    const outMs = end ?? source?.durationMs ?? null;
    const durationMs = outMs === null ? null : Math.max(0, outMs - inMs);
    const timing = { startMs: at, durationMs, inMs, outMs, approximate: unknown > 0 };
    if (durationMs === null) unknown += 1;
    else at += durationMs;
    return timing;
  });
  return { items: timings, totalMs: at, unknown };
}
