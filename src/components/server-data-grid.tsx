import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Breakpoint } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useColumnsForWidth } from './use-columns-for-width.ts';

export type SortDirection = 'asc' | 'desc';
export interface GridSort<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** Paging and sorting of a grid: what `usePagedView(...).grid` hands over, to spread into the grid. */
export interface GridPaging<F extends string = string> {
  /** 1-based, as the service counts pages. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;
  /** Leave out (or null with no `onSortChange`) for a list the service does not sort. */
  sort?: GridSort<F> | null;
  onSortChange?: (sort: GridSort<F> | null) => void;
}

/**
 * A column of `ServerDataGrid`: MUI X's column with `hideBelow`, the window width (a breakpoint,
 * 'sm' for phones, or px) under which the column is left out, so a narrow screen keeps the
 * row's title, state and action without scrolling sideways (what it hides stays in the row's
 * drawer or page).
 */
export type ServerGridColDef<R extends GridValidRowModel> = GridColDef<R> & { hideBelow?: Breakpoint | number };

export interface ServerDataGridProps<R extends GridValidRowModel, F extends string = string> extends GridPaging<F> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: readonly ServerGridColDef<R>[];
  getRowId?: (row: R) => string;
  /** The service's total; undefined until the first page arrived. */
  rowCount: number | undefined;
  loading: boolean;
  /** Shown in place of rows when the page is empty. */
  empty: ReactNode;
  columnVisibilityModel?: GridColumnVisibilityModel;
  onColumnVisibilityModelChange?: (model: GridColumnVisibilityModel) => void;
  /**
   * Bulk actions: ids of the selected rows (rows of the page shown; a selection does not span
   * pages). With it the grid has a checkbox column; the header checkbox selects the page.
   */
  selection?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Like a column's `hideBelow`, for the checkbox column: a narrow screen acts on one row at a time. */
  selectionHideBelow?: Breakpoint | number;
  /** A row click (outside the checkbox), e.g. to open the row. */
  onRowClick?: (row: R) => void;
  /**
   * Row height in px (the list's density); 56 when not given. 'auto': each row as tall as its
   * content (rows whose cells wrap or fold other columns in on a phone).
   */
  rowHeight?: number | 'auto';
  /** Rows drawn as current (the one open in a side panel, the one just saved); not a selection. */
  highlighted?: readonly string[];
}

const NO_SELECTION: readonly string[] = [];

/**
 * The grid goes to its first page on every sort change, including one that comes from the props
 * (Back to a differently sorted view): that would push a new URL and cut Forward off. It does so
 * after two timers, once its own effects have run, which on a busy page can be later than any fixed
 * wait (a 100 ms window let it through in the e2e suite). The caller already resets the page when
 * the user sorts, so a reset is due only when a sort change arrives with a page past the first;
 * the answer says whether a reported page change is that reset, true once for it. A change of the
 * page alone (the URL's) leaves none due.
 */
export function useResetAfterSort(sortModel: GridSortModel, page: number): (model: GridPaginationModel) => boolean {
  const due = useRef(false);
  const sortSeen = useRef(sortModel);
  useLayoutEffect(() => {
    const sorted = sortSeen.current !== sortModel;
    sortSeen.current = sortModel;
    due.current = sorted && page > 1;
  }, [sortModel, page]);
  return (model) => {
    if (!due.current || model.page !== 0) return false;
    due.current = false;
    return true;
  };
}

/**
 * The one table: an MUI X Data Grid whose paging and sorting happen on the service (or, for the few
 * operations that answer a whole list, on the rows the caller pages itself), with an optional
 * selection for bulk actions. The view (page, pageSize, sort, filters) lives in the URL through
 * `usePagedView`, whose `grid` is spread into this component.
 * Skeleton rows while the first page loads, a thin progress bar while the next one does, and
 * `empty` when there are no rows.
 *
 * @example
 * const [view, setView, grid] = usePagedView(EVENTS_VIEW);
 * <ServerDataGrid label="Events" rows={data?.results ?? []} columns={columns} rowCount={data?.totalCount}
 *   loading={isFetching} {...grid} empty={<EmptyState title="No events yet" />}
 *   selection={ids} onSelectionChange={setIds} />
 */
export function ServerDataGrid<R extends GridValidRowModel, F extends string = string>(props: ServerDataGridProps<R, F>) {
  const { page, pageSize, sort, rowCount, empty, rows, getRowId, onSelectionChange } = props;
  const selection = props.selection ?? NO_SELECTION;
  const selectable = onSelectionChange !== undefined;
  const firstLoad = rowCount === undefined;
  const pastEnd = rowCount !== undefined && page > 1 && (page - 1) * pageSize >= rowCount;

  // The grid moves a page beyond its row count back into range by itself, which would rewrite
  // the URL (and make Back return to the page it leaves). So until the total is known, and when
  // the page is past the end, claim just enough rows for the page to exist, hide the footer, and
  // let `empty` say what happened.
  const columnVisibility = useColumnsForWidth(props.columns, props.columnVisibilityModel, props.selectionHideBelow, props.onColumnVisibilityModelChange);
  const effectiveRowCount = firstLoad || pastEnd ? page * pageSize : rowCount;
  // Stable identities: the grid treats a new sortModel object as a new sort and goes back to
  // the first page, which would undo the page in the URL on every render.
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: page - 1, pageSize }), [page, pageSize]);
  const sortField = sort?.field;
  const sortDirection = sort?.direction;
  const sortModel = useMemo<GridSortModel>(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const selectionKey = selection.join(',');
  const rowSelectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selectionKey ? selectionKey.split(',') : []) }),
    [selectionKey],
  );

  const isResetAfterSort = useResetAfterSort(sortModel, page);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize) props.onPageChange(1, model.pageSize);
    else if (!isResetAfterSort(model) && model.page !== page - 1) props.onPageChange(model.page + 1, model.pageSize);
  };
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    props.onSortChange?.(first?.sort ? { field: first.field as F, direction: first.sort } : null);
  };
  const idOf = (row: R): string => (getRowId ? getRowId(row) : String(row.id));
  const onRowSelectionModelChange = (model: GridRowSelectionModel) => {
    // "Exclude" is how the grid says "all but these" (the header checkbox): all rows of the page.
    const ids = model.type === 'include' ? [...model.ids].map(String) : rows.map(idOf).filter((id) => !model.ids.has(id));
    onSelectionChange?.(ids);
  };

  return (
    <DataGrid<R>
      label={props.label}
      rows={rows}
      columns={props.columns}
      getRowId={getRowId}
      rowCount={effectiveRowCount}
      loading={props.loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...props.pageSizeOptions]}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      sortingOrder={['asc', 'desc', null]}
      disableColumnSorting={props.onSortChange === undefined}
      columnVisibilityModel={columnVisibility.visibility}
      onColumnVisibilityModelChange={columnVisibility.onChange}
      hideFooter={firstLoad || pastEnd}
      disableColumnFilter
      disableRowSelectionOnClick
      {...(selectable ? { checkboxSelection: true, rowSelectionModel, onRowSelectionModelChange } : {})}
      onRowClick={
        props.onRowClick
          ? (params, event) => {
              // A click on the row's checkbox selects; it does not open the row.
              if ((event.target as Element).closest('[data-field="__check__"]')) return;
              props.onRowClick?.(params.row);
            }
          : undefined
      }
      {...(props.rowHeight === 'auto' ? { getRowHeight: () => 'auto' as const } : { rowHeight: props.rowHeight ?? 56 })}
      getRowClassName={props.highlighted?.length ? ({ id }) => (props.highlighted!.includes(String(id)) ? 'Mui-selected' : '') : undefined}
      // Past the end the grid thinks rows exist but none show: its "no results" case, same message.
      slots={{ noRowsOverlay: NoRowsOverlay, noResultsOverlay: NoRowsOverlay }}
      slotProps={{
        // Skeleton rows until the first page arrives (its placeholder row count would otherwise
        // make the grid pick the progress bar), then a progress bar over the rows being replaced.
        loadingOverlay: { variant: firstLoad ? 'skeleton' : 'linear-progress', noRowsVariant: 'skeleton' },
        noRowsOverlay: { children: empty },
        noResultsOverlay: { children: empty },
      }}
      sx={{
        flex: 1,
        minHeight: 0,
        // When the columns fill the grid (a phone), the last header's resize handle and its hidden
        // column-menu button would stick out past the edge and scroll the grid sideways.
        '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
        '& .MuiDataGrid-menuIcon': { overflow: 'hidden' },
        ...(props.onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
      }}
    />
  );
}

/**
 * The grid's "no rows" message sits in a row and a cell of its own: a grid may own only rows, so an
 * empty state placed straight inside it (role="status") is an ARIA error (axe: aria-required-children).
 */
function NoRowsOverlay({ children }: { children?: ReactNode }) {
  return (
    <div role="row" style={{ height: '100%' }}>
      <div role="gridcell" style={{ height: '100%' }}>
        {children}
      </div>
    </div>
  );
}
