/**
 * The one view of a list: page, `pageSize`, sort and filters, kept in the URL so a reload, a shared
 * link and Back/Forward show the same list. Parameters at their default are left out; parameters
 * the view does not know are kept as they are. Changing the page size, the sort or a filter goes
 * back to the first page ("page 7" of another list is not the page the user was looking at).
 *
 * URL parameters: `page` (1-based), `pageSize`, `sort` (a field name), `order` (`desc`; ascending
 * is left out) and whatever the filters write. A second list on the same page (a view inside a
 * view) gives its spec a `prefix`: `prefix: 'seg'` keeps `segPage`, `segPageSize`, `segSort` and
 * `segOrder` (its filters name their own parameters).
 *
 * @example
 * const VIEW = definePagedView({ pageSizes: [20, 50, 100], sortFields: ['created', 'file'], defaultSort: { field: 'created', direction: 'desc' },
 *   filters: { parse: (p) => ({ q: p.get('q') ?? '' }), write: (f, next) => setParam(next, 'q', f.q) } });
 * const [view, setView, grid] = usePagedView(VIEW);
 * <ServerDataGrid {...grid} rows={...} ... />   // setView({ filters: { q: 'abc' } }) goes back to page 1
 */
import { useCallback, useMemo } from 'react';
import { useUrlParams } from './use-url-params.ts';
import type { GridPaging, GridSort } from './server-data-grid.tsx';

export interface PagedViewFilters<F> {
  parse(params: URLSearchParams): F;
  /** Writes the filters into `next` (a copy the view owns), removing those at their default. */
  write(filters: F, next: URLSearchParams): void;
  /** Applies a patch; a plain merge when not given. */
  patch?(filters: F, patch: Partial<F>): F;
}

export interface PagedViewSpec<S extends string = string, F = Record<string, never>> {
  /** The first is the default unless `defaultPageSize` says otherwise. */
  pageSizes: readonly number[];
  defaultPageSize?: number;
  /** The fields the list may be sorted by (the grid's column fields); none: an unsorted list. */
  sortFields?: readonly S[];
  /** The order when the URL names none; null for the service's own order. */
  defaultSort?: GridSort<S> | null;
  filters?: PagedViewFilters<F>;
  /**
   * For a second list on a page that has one already: its parameters are `<prefix>Page`,
   * `<prefix>PageSize`, `<prefix>Sort` and `<prefix>Order`, so the two lists page apart.
   */
  prefix?: string;
}

export interface PagedView<S extends string = string, F = Record<string, never>> {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: GridSort<S> | null;
  filters: F;
}

export type PagedViewPatch<S extends string = string, F = Record<string, never>> = {
  page?: number;
  pageSize?: number;
  /** null: back to the default order. */
  sort?: GridSort<S> | null;
  filters?: Partial<F>;
};

export interface UpdateOptions {
  /** Replace the history entry instead of pushing one (typing in a search box). */
  replace?: boolean;
}

/** Typed identity: keeps the spec's sort fields and filters as types. */
export function definePagedView<S extends string, F = Record<string, never>>(spec: PagedViewSpec<S, F>): PagedViewSpec<S, F> {
  return spec;
}

/** Sets `name` in `next`, or removes it when the value is null or ''. For filters' `write`. */
export function setParam(next: URLSearchParams, name: string, value: string | null | undefined): void {
  if (value === null || value === undefined || value === '') next.delete(name);
  else next.set(name, value);
}

/** The URL name of one of the view's own parameters (`page`, `pageSize`, `sort`, `order`). */
function paramOf(spec: PagedViewSpec<string, unknown>, name: 'page' | 'pageSize' | 'sort' | 'order'): string {
  return spec.prefix ? `${spec.prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name;
}

const defaultPageSizeOf = (spec: PagedViewSpec<string, unknown>) => spec.defaultPageSize ?? spec.pageSizes[0] ?? 20;
const NO_FILTERS = {} as never;

/** Reads the view from the query string; anything unreadable falls back to its default. */
export function parsePagedView<S extends string, F>(params: URLSearchParams, spec: PagedViewSpec<S, F>): PagedView<S, F> {
  const page = Number(params.get(paramOf(spec, 'page')));
  const pageSize = Number(params.get(paramOf(spec, 'pageSize')));
  const field = params.get(paramOf(spec, 'sort'));
  const known = field !== null && (spec.sortFields as readonly string[] | undefined)?.includes(field);
  const desc = params.get(paramOf(spec, 'order'))?.toLowerCase() === 'desc';
  const fallback = spec.defaultSort ?? null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: spec.pageSizes.includes(pageSize) ? pageSize : defaultPageSizeOf(spec),
    sort: known ? { field: field as S, direction: desc ? 'desc' : 'asc' } : fallback && desc ? { field: fallback.field, direction: 'desc' } : fallback,
    filters: spec.filters ? spec.filters.parse(params) : NO_FILTERS,
  };
}

const sameSort = (a: GridSort | null, b: GridSort | null) => a?.field === b?.field && a?.direction === b?.direction;

/** Writes the view into a copy of `current`, keeping parameters that are not part of it. */
export function writePagedView<S extends string, F>(view: PagedView<S, F>, spec: PagedViewSpec<S, F>, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  setParam(next, paramOf(spec, 'page'), view.page > 1 ? String(view.page) : null);
  setParam(next, paramOf(spec, 'pageSize'), view.pageSize !== defaultPageSizeOf(spec) ? String(view.pageSize) : null);
  const atDefault = sameSort(view.sort, spec.defaultSort ?? null) || view.sort === null;
  setParam(next, paramOf(spec, 'sort'), atDefault ? null : view.sort!.field);
  setParam(next, paramOf(spec, 'order'), !atDefault && view.sort!.direction === 'desc' ? 'desc' : null);
  if (spec.filters) spec.filters.write(view.filters, next);
  return next;
}

function sameFilters<F>(a: F, b: F, spec: PagedViewSpec<string, F>): boolean {
  if (!spec.filters) return true;
  const write = (f: F) => {
    const next = new URLSearchParams();
    spec.filters!.write(f, next);
    next.sort();
    return next.toString();
  };
  return write(a) === write(b);
}

/** Applies a change to a view; a new page size, sort or filter goes back to the first page. */
export function updatePagedView<S extends string, F>(view: PagedView<S, F>, patch: PagedViewPatch<S, F>, spec: PagedViewSpec<S, F>): PagedView<S, F> {
  const filters = patch.filters ? (spec.filters?.patch ? spec.filters.patch(view.filters, patch.filters) : { ...view.filters, ...patch.filters }) : view.filters;
  const sort = patch.sort === undefined ? view.sort : (patch.sort ?? spec.defaultSort ?? null);
  const next: PagedView<S, F> = { page: patch.page ?? view.page, pageSize: patch.pageSize ?? view.pageSize, sort, filters };
  const changed = next.pageSize !== view.pageSize || !sameSort(next.sort, view.sort) || (patch.filters !== undefined && !sameFilters(next.filters, view.filters, spec));
  if (changed && patch.page === undefined) next.page = 1;
  return next;
}

export type SetPagedView<S extends string, F> = (patch: PagedViewPatch<S, F>, options?: UpdateOptions) => void;

/**
 * The view in the URL, a setter that pushes a history entry (so Back undoes a change), and the
 * paging props of `ServerDataGrid` (spread them: `<ServerDataGrid {...grid} ... />`).
 */
export function usePagedView<S extends string, F>(spec: PagedViewSpec<S, F>): [PagedView<S, F>, SetPagedView<S, F>, GridPaging<S>] {
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => parsePagedView(params, spec), [params, spec]);
  const update = useCallback<SetPagedView<S, F>>(
    (patch, options = {}) => setParams((current) => writePagedView(updatePagedView(parsePagedView(current, spec), patch, spec), spec, current), options),
    [setParams, spec],
  );
  const grid = useMemo<GridPaging<S>>(
    () => ({
      page: view.page,
      pageSize: view.pageSize,
      pageSizeOptions: spec.pageSizes,
      onPageChange: (page, pageSize) => update({ page, pageSize }),
      sort: view.sort,
      ...(spec.sortFields?.length ? { onSortChange: (sort: GridSort<S> | null) => update({ sort }) } : {}),
    }),
    [view.page, view.pageSize, view.sort, spec, update],
  );
  return [view, update, grid];
}
