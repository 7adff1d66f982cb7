/**
 * The view of a configuration section, all in the URL: `/configuration/<section>?q=&sort=&page=&id=`.
 * `id` is the item open in the side panel (`new` for the form of a new one); `sort` is a column
 * key, `-key` for descending; `page` counts from 1.
 */
import { useCallback, useMemo } from 'react';
import type { NavigateOptions } from 'react-router';
import { useUrlParams } from '#components/use-url-params.ts';

export const SECTION_KEYS = ['event-types', 'channels', 'xflows', 'rooms', 'categories', 'tags', 'infrastructure-profiles'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const isSectionKey = (value: string | undefined): value is SectionKey => (SECTION_KEYS as readonly string[]).includes(value ?? '');

/** The `id` of the panel of a new item. */
export const NEW_ITEM = 'new';

export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 50;

export interface SectionSort {
  key: string;
  direction: 'asc' | 'desc';
}

export interface SectionView {
  search: string;
  sort: SectionSort;
  page: number;
  pageSize: number;
  /** The item open in the panel, `new`, or null. */
  selected: string | null;
}

export function parseSectionView(params: URLSearchParams): SectionView {
  const sortParam = params.get('sort') ?? '';
  const descending = sortParam.startsWith('-');
  const key = (descending ? sortParam.slice(1) : sortParam) || 'name';
  const size = Number(params.get('pageSize'));
  return {
    search: params.get('q') ?? '',
    sort: { key, direction: descending ? 'desc' : 'asc' },
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    selected: params.get('id') || null,
  };
}

/** Writes a view's changes into the query string; defaults are left out so URLs stay short. */
export function writeSectionView(current: URLSearchParams, change: Partial<SectionView>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  if (change.search !== undefined) set('q', change.search);
  if (change.sort !== undefined) {
    const { key, direction } = change.sort;
    set('sort', key === 'name' && direction === 'asc' ? null : `${direction === 'desc' ? '-' : ''}${key}`);
  }
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : null);
  if (change.pageSize !== undefined) set('pageSize', change.pageSize !== DEFAULT_PAGE_SIZE ? String(change.pageSize) : null);
  if (change.selected !== undefined) set('id', change.selected);
  // A new search or order starts from the first page.
  if ((change.search !== undefined || change.sort !== undefined || change.pageSize !== undefined) && change.page === undefined) next.delete('page');
  return next;
}

/** Navigation state that lets a view change pass the panel's unsaved-changes guard (after a save or delete). */
export const SETTLED = { settled: true } as const;

export function useSectionView(): [SectionView, (change: Partial<SectionView>, options?: NavigateOptions) => void] {
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => parseSectionView(params), [params]);
  const setView = useCallback(
    (change: Partial<SectionView>, options?: NavigateOptions) => setParams((current) => writeSectionView(current, change), options),
    [setParams],
  );
  return [view, setView];
}

/** The query string of a view with one item selected, for links that open it. */
export function searchWithSelected(params: URLSearchParams, id: string): string {
  return `?${writeSectionView(params, { selected: id }).toString()}`;
}
