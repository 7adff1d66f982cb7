/** What keeps a playlist from being saved, found in the editor before anything is sent: per item, and for the settings and event fields. */
import { formatTimecode, isDateOrTime, isIsoDateTime, parseTimeSpan, parseTimecode } from './timecode.ts';
import { type CompositionEventFields, type CompositionKind, type EditorItem, type EditorState, ITEM_TYPES, type PlaylistDocument, type PlaylistSettings } from './playlist-document.ts';
import { type ItemTiming, type SourceInfo, type SourceLookup, type Timeline, trimPointMs } from './playlist-timing.ts';

// ---- Validation ------------------------------------------------------------------------------------

/** A field of an item a message is about: `start`, `end`, `value`, `type`, `markers`, `markers.0.startAt`, `properties.x`. */
export interface ItemIssue {
  field: string;
  message: string;
}

/**
 * What is wrong with one item, in the operator's words, before the service is asked: the rules
 * of the composition kind, the trim points against each other and against the source, markers.
 */
export function validateItem(item: EditorItem, kind: CompositionKind, source: SourceInfo | null | undefined, timing?: ItemTiming): ItemIssue[] {
  const issues: ItemIssue[] = [];
  if (item.type === ITEM_TYPES.EVENT) {
    if (source === null) issues.push({ field: 'value', message: 'This event no longer exists or cannot be read; remove the item or pick another event.' });
  } else if (item.type === ITEM_TYPES.DIRECT_FULL_MP4) {
    if (kind === 'standard') issues.push({ field: 'type', message: 'Standard composition plays events only; MP4 URLs need an encoder composition.' });
    else if (!/^https?:\/\/[^\s/]+\.[^\s]*$/i.test(item.value) && !/^https?:\/\/localhost(:\d+)?\//i.test(item.value)) {
      issues.push({ field: 'value', message: 'Enter the http(s) URL of an MP4 file.' });
    }
  } else {
    issues.push({ field: 'type', message: 'This item type is not supported by either composition; remove it.' });
  }

  const start = item.properties.start;
  const end = item.properties.end;
  const badStart = start !== undefined && (typeof start !== 'string' || !isDateOrTime(start));
  const badEnd = end !== undefined && (typeof end !== 'string' || !isDateOrTime(end));
  if (badStart) issues.push({ field: 'start', message: 'Use hh:mm:ss.fff, such as 00:01:30.000.' });
  if (badEnd) issues.push({ field: 'end', message: 'Use hh:mm:ss.fff, such as 00:02:00.000.' });
  const inMs = badStart ? null : trimPointMs(start, source);
  const outMs = badEnd ? null : trimPointMs(end, source);
  const sourceMs = source?.durationMs ?? null;
  if (inMs !== null && outMs !== null && outMs <= inMs) {
    issues.push({ field: 'end', message: `The out point must be after the in point (${formatTimecode(inMs)}).` });
  }
  if (sourceMs !== null) {
    if (inMs !== null && inMs >= sourceMs) issues.push({ field: 'start', message: `The in point is past the end of the source (${formatTimecode(sourceMs)}).` });
    if (outMs !== null && outMs > sourceMs) issues.push({ field: 'end', message: `The out point is past the end of the source (${formatTimecode(sourceMs)}).` });
  }

  const markers = item.markers ?? [];
  if (markers.length > 0 && kind === 'encoder') {
    issues.push({ field: 'markers', message: 'Encoder composition does not support SCTE-35 markers; remove them.' });
  } else {
    const length = timing?.durationMs ?? null;
    markers.forEach((marker, index) => {
      if (!isDateOrTime(marker.startAt)) issues.push({ field: `markers.${index}.startAt`, message: 'Use hh:mm:ss.fff for where the marker starts.' });
      else {
        const at = parseTimecode(marker.startAt);
        if (at !== null && length !== null && !isIsoDateTime(marker.startAt) && at >= length) {
          issues.push({ field: `markers.${index}.startAt`, message: `The marker starts after the item ends (${formatTimecode(length)}).` });
        }
      }
      if (parseTimeSpan(marker.duration) === null) issues.push({ field: `markers.${index}.duration`, message: 'Use hh:mm:ss for how long the marker lasts.' });
    });
  }
  return issues;
}

export interface DocumentIssues {
  /** Issues of the playlist settings and the event fields, by field name. */
  fields: Partial<Record<keyof PlaylistSettings | keyof CompositionEventFields | 'items', string>>;
  /** Item issues by item key. */
  items: Map<string, ItemIssue[]>;
  count: number;
}

/** Issues of the playlist settings and the event fields (not the items). */
export function validateFields(doc: PlaylistDocument, kind: CompositionKind, isNew: boolean): DocumentIssues['fields'] {
  const fields: DocumentIssues['fields'] = {};
  if (!doc.settings.name.trim()) fields.name = 'Name the playlist.';
  if (doc.items.length === 0) fields.items = 'Add at least one item.';
  if (!doc.event.title.trim()) fields.title = 'Give the composition a title.';
  if (doc.event.refId.length > 100) fields.refId = 'At most 100 characters.';
  if (doc.event.externalId.length > 100) fields.externalId = 'At most 100 characters.';
  if (isNew && kind === 'standard' && !doc.event.workflowId) fields.workflowId = 'Choose the workflow that generates the composition.';
  if (isNew && kind === 'encoder' && !doc.event.channelId) fields.channelId = 'Choose the channel whose encoder plays the playlist.';
  if (kind === 'encoder' && doc.event.scheduledStart && doc.event.scheduledEnd && Date.parse(doc.event.scheduledEnd) < Date.parse(doc.event.scheduledStart)) {
    fields.scheduledEnd = 'The end must not be before the start.';
  }
  return fields;
}

/** Item issues by item key (only items with issues). */
export function validateItems(items: readonly EditorItem[], kind: CompositionKind, lookup: SourceLookup, timeline: Timeline): Map<string, ItemIssue[]> {
  const result = new Map<string, ItemIssue[]>();
  items.forEach((item, index) => {
    const issues = validateItem(item, kind, lookup(item), timeline.items[index]);
    if (issues.length > 0) result.set(item.key, issues);
  });
  return result;
}

export function countIssues(fields: DocumentIssues['fields'], items: ReadonlyMap<string, readonly ItemIssue[]>): number {
  let count = Object.keys(fields).length;
  for (const list of items.values()) count += list.length;
  return count;
}

/** Everything that keeps the playlist from being saved. `isNew`: the event fields are sent too. */
export function validateDocument(state: Pick<EditorState, 'doc' | 'kind'>, lookup: SourceLookup, timeline: Timeline, isNew: boolean): DocumentIssues {
  const fields = validateFields(state.doc, state.kind, isNew);
  const items = validateItems(state.doc.items, state.kind, lookup, timeline);
  return { fields, items, count: countIssues(fields, items) };
}
