/** The rows a section shows: its whole list searched and sorted in the browser (lookup operations answer whole arrays). */
import type { GridSort } from '#components/server-data-grid.tsx';
import type { LookupItem, SectionDef } from './sections.tsx';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Items whose name, id or other searchable text contain every word of the search. */
export function searchItems<Item extends LookupItem>(items: readonly Item[], search: string, def: Pick<SectionDef<Item>, 'searchText'>): Item[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = [item.name, item.id, ...(def.searchText?.(item) ?? [])].filter(Boolean).join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Sorted by a column's `sortValue` (by name when the column has none), then by name. */
export function sortItems<Item extends LookupItem>(items: Item[], sort: GridSort | null, def: Pick<SectionDef<Item>, 'columns'>): Item[] {
  const column = def.columns.find((c) => c.key === sort?.field && c.sortValue);
  const value = column?.sortValue ?? ((item: Item) => item.name);
  const sign = sort?.direction === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * (order || collator.compare(a.name, b.name));
  });
}
