/**
 * A list the service answers whole (no paging operation): sorted and paged here, for the grid.
 * `usePagedView` keeps the view in the URL; these give the rows of its page.
 *
 * @example
 * const sorted = sortRows(streams, view.sort, { id: (s) => s.id, capture: (s) => s.captureId });
 * <ServerDataGrid rows={pageOf(sorted, view)} rowCount={streams.length} {...grid} ... />
 */
import type { GridSort } from './server-data-grid.tsx';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** What a column sorts by: a number or a string (compared as the operator reads it: `a2` before `a10`). */
export type SortValue<R> = (row: R) => number | string;

/**
 * The rows in the view's order: by the sort field's value, ties kept in the order given (so a
 * list that arrives in a meaningful order keeps it within equal values). No sort: as given.
 */
export function sortRows<R, S extends string>(rows: readonly R[], sort: GridSort<S> | null, values: Readonly<Record<S, SortValue<R>>>): R[] {
  const value = sort ? values[sort.field] : undefined;
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key));
      return sign * order || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The rows of the view's page (1-based). */
export function pageOf<R>(rows: readonly R[], view: { page: number; pageSize: number }): R[] {
  return rows.slice((view.page - 1) * view.pageSize, view.page * view.pageSize);
}
