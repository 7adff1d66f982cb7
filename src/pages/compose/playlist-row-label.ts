/** A playlist item in words: its title, and the row's accessible name. */
import { ITEM_TYPES, type EditorItem } from './playlist-document.ts';
import type { ItemTiming, SourceInfo } from './playlist-timing.ts';
import { spokenDuration } from './timecode.ts';

export function itemTitle(item: EditorItem, source: SourceInfo | null | undefined): string {
  if (item.type === ITEM_TYPES.DIRECT_FULL_MP4) return item.value.replace(/^https?:\/\//, '');
  if (source === null) return 'Missing event';
  return source?.title || 'Loading…';
}

/** "3. Goals of the week, starts at 12:30, plays 2:30, trimmed, 1 marker, 1 problem". */
export function rowLabel(item: EditorItem, index: number, source: SourceInfo | null | undefined, timing: ItemTiming | undefined, issues: number): string {
  const parts = [`${index + 1}. ${itemTitle(item, source)}`];
  if (item.type === ITEM_TYPES.DIRECT_FULL_MP4) parts.push('MP4 URL');
  if (timing) parts.push(`starts at ${timing.approximate ? 'at least ' : ''}${spokenDuration(timing.startMs)}`);
  if (timing?.durationMs != null) parts.push(`plays ${spokenDuration(timing.durationMs)}`);
  if (item.properties.start || item.properties.end) parts.push('trimmed');
  const markers = item.markers?.length ?? 0;
  if (markers) parts.push(`${markers} ${markers === 1 ? 'marker' : 'markers'}`);
  if (issues) parts.push(`${issues} ${issues === 1 ? 'problem' : 'problems'}`);
  return parts.join(', ');
}
