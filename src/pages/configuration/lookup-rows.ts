/** The rows a section shows: its whole list searched and sorted in the browser (lookup operations answer whole arrays). */
import type { GridSort } from '#components/server-data-grid.tsx';
import { sortRows } from '#components/whole-list.ts';
import type { LookupItem, SectionDef } from './sections.tsx';

/** Items whose name, id or other searchable text contain every word of the search. */
export function searchItems<Item extends LookupItem>(items: readonly Item[], search: string, def: Pick<SectionDef<Item>, 'searchText'>): Item[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = [item.name, item.id, ...(def.searchText?.(item) ?? [])].filter(Boolean).join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Sorted by a column's `sortValue` (by name when the column has none), ties by name. */
export function sortItems<Item extends LookupItem>(items: readonly Item[], sort: GridSort | null, def: Pick<SectionDef<Item>, 'columns'>): Item[] {
  const column = def.columns.find((c) => c.key === sort?.field && c.sortValue);
  const byName = sortRows(items, { field: 'name', direction: column ? 'asc' : (sort?.direction ?? 'asc') }, { name: (item) => item.name });
  if (!column?.sortValue || !sort) return byName;
  // sortRows keeps the order it is given among equal values: here, by name.
  return sortRows(byName, { field: column.key, direction: sort.direction }, { [column.key]: column.sortValue });
}
