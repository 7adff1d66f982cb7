/**
 * The view of a configuration section, all in the URL like every list (`usePagedView`):
 * `/configuration/<section>?q=&page=&pageSize=&sort=&order=&id=`. The lookup operations answer
 * whole arrays, so the section reads its list whole and the grid pages it; `q` is the search,
 * `id` the item open in the side panel (`new` for the form of a new one). Opening an item keeps the
 * page; a new search, order or page size goes back to page 1.
 */
import { useCallback, useMemo } from 'react';
import type { NavigateOptions } from 'react-router';
import { definePagedView, setParam, type PagedViewSpec } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import type { LookupItem, SectionDef } from './sections.tsx';

export const SECTION_KEYS = ['event-types', 'channels', 'xflows', 'rooms', 'categories', 'tags', 'infrastructure-profiles'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const isSectionKey = (value: string | undefined): value is SectionKey => (SECTION_KEYS as readonly string[]).includes(value ?? '');

/** The `id` of the panel of a new item. */
export const NEW_ITEM = 'new';

export interface SectionFilters {
  /** The search box: every word must be in the name, the id or the section's searchable text. */
  q: string;
}

const views = new Map<SectionKey, PagedViewSpec<string, SectionFilters>>();

/** The paged view of a section: sortable by name and by its columns that say how (one spec per section, kept). */
export function sectionView<Item extends LookupItem>(def: Pick<SectionDef<Item>, 'key' | 'columns'>): PagedViewSpec<string, SectionFilters> {
  let spec = views.get(def.key);
  if (!spec) {
    spec = definePagedView<string, SectionFilters>({
      pageSizes: [25, 50, 100],
      defaultPageSize: 50,
      sortFields: ['name', ...def.columns.filter((c) => c.sortValue).map((c) => c.key)],
      defaultSort: { field: 'name', direction: 'asc' },
      filters: { parse: (p) => ({ q: p.get('q') ?? '' }), write: (f, next) => setParam(next, 'q', f.q) },
    });
    views.set(def.key, spec);
  }
  return spec;
}

/** Navigation state that lets a view change pass the panel's unsaved-changes guard (after a save or delete). */
export const SETTLED = { settled: true } as const;

/** The item open in the panel (`new`, an id, or null) and its setter; the list's view stays as it is. */
export function useOpenItem(): [string | null, (id: string | null, options?: NavigateOptions) => void] {
  const [params, setParams] = useUrlParams();
  const selected = params.get('id') || null;
  const setSelected = useCallback(
    (id: string | null, options?: NavigateOptions) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        setParam(next, 'id', id);
        return next;
      }, options),
    [setParams],
  );
  return [selected, setSelected];
}

/** The query string of the current view with one item open, for links that open it. */
export function useOpenItemLink(): (id: string) => string {
  const [params] = useUrlParams();
  return useMemo(() => {
    const query = params.toString();
    return (id: string) => {
      const next = new URLSearchParams(query);
      next.set('id', id);
      return `?${next.toString()}`;
    };
  }, [params]);
}
