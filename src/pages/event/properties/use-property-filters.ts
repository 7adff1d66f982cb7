/** The property table's filters, category and text, kept in the URL under names unique on the page. */
import { useUrlParams } from '#components/use-url-params.ts';
import type { PropertyRow } from './property-source.ts';

export interface PropertyFilters {
  /** `null`: every category; `''`: the properties without one. */
  category: string | null;
  search: string;
  /** Changes whenever a filter does (rows edited under one filter stay pinned in view). */
  key: string;
  filtered: boolean;
  setCategory: (category: string | null) => void;
  setSearch: (search: string) => void;
  clear: () => void;
}

export function matches(row: PropertyRow, category: string | null, search: string): boolean {
  if (category !== null && row.category !== category) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return row.category.toLowerCase().includes(needle) || row.key.toLowerCase().includes(needle) || row.value.toLowerCase().includes(needle);
}

export function usePropertyFilters(names: { category: string; search: string }): PropertyFilters {
  const [params, setParams] = useUrlParams();
  const category = params.get(names.category);
  const search = params.get(names.search) ?? '';
  const setFilter = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || (name === names.search && value === '')) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return {
    category,
    search,
    key: `${category ?? '\u0000'}|${search}`,
    filtered: category !== null || search !== '',
    setCategory: (value) => setFilter(names.category, value),
    setSearch: (value) => setFilter(names.search, value),
    clear: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(names.category);
          next.delete(names.search);
          return next;
        },
        { replace: true },
      ),
  };
}
