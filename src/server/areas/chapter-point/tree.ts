/** Rules of chapter points beyond the schema: start times as stored, the tree, and cycles. */
import type { ChapterPoint } from '#schema';
import { toChapterPoint, type ChapterPointRow, type PointPropertyRow } from './repo.ts';

const TIME = /^(\d{2,}):(\d{2}):(\d{2}(?:\.\d+)?)$/;
const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * A DateOrTime as stored and its sort key. A time (hh:mm:ss.fff, from the start of the stream) is
 * kept as written; a date-time is kept in UTC as ISO 8601, one without an offset read as UTC (as
 * every date-time of the service). The key is milliseconds: from the stream start for a time,
 * since the epoch for a date-time.
 */
export function storedTime(text: string): { text: string; key: number } {
  const time = TIME.exec(text);
  if (time) return { text, key: Math.round((Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3])) * 1000) };
  const date = new Date(HAS_OFFSET.test(text) ? text : `${text}Z`);
  return { text: date.toISOString(), key: date.getTime() };
}

/**
 * Whether making `parentId` the parent of `id` would close a loop: true when the new parent is
 * the chapter point itself or sits inside its subtree.
 */
export function makesCycle(points: readonly Pick<ChapterPointRow, 'id' | 'parentId'>[], id: string, parentId: string): boolean {
  const parentOf = new Map(points.map((p) => [p.id, p.parentId]));
  const seen = new Set<string>();
  for (let at: string | null | undefined = parentId; at; at = parentOf.get(at)) {
    if (at === id) return true;
    if (seen.has(at)) return true;
    seen.add(at);
  }
  return false;
}

/**
 * The chapter points as the interface shows them. Rows come in display order (start time, title,
 * id); children keep that order. With `tree`, only the roots (or the given point) are returned,
 * each with its subtree in `children`; otherwise every point, flat, with empty children.
 */
export function shapeChapterPoints(
  rows: readonly ChapterPointRow[],
  properties: ReadonlyMap<string, PointPropertyRow[]>,
  options: { tree: boolean; rootId?: string },
): ChapterPoint[] {
  const propsOf = (id: string) => properties.get(id) ?? [];
  if (!options.tree) {
    const list = options.rootId ? rows.filter((r) => r.id === options.rootId) : rows;
    return list.map((r) => toChapterPoint(r, propsOf(r.id)));
  }
  const childrenOf = new Map<string | null, ChapterPointRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // A parent that is not among the rows cannot happen (same event, foreign key); such a row would show as a root.
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(row);
    childrenOf.set(parent, list);
  }
  const build = (row: ChapterPointRow, depth: number): ChapterPoint =>
    toChapterPoint(
      row,
      propsOf(row.id),
      depth > 1000 ? [] : (childrenOf.get(row.id) ?? []).map((child) => build(child, depth + 1)),
    );
  const roots = options.rootId ? rows.filter((r) => r.id === options.rootId) : (childrenOf.get(null) ?? []);
  return roots.map((r) => build(r, 0));
}
