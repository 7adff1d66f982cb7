import { useMemo, type ReactNode } from 'react';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';

export type SortDirection = 'asc' | 'desc';
export interface GridSort<F extends string = string> {
  field: F;
  direction: SortDirection;
}

export interface ServerDataGridProps<R extends GridValidRowModel, F extends string = string> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  getRowId?: (row: R) => string;
  /** The service's total; undefined until the first page arrived. */
  rowCount: number | undefined;
  loading: boolean;
  /** 1-based, as the service counts pages. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;
  sort: GridSort<F> | null;
  onSortChange: (sort: GridSort<F> | null) => void;
  /** Shown in place of rows when the page is empty. */
  empty: ReactNode;
  columnVisibilityModel?: GridColumnVisibilityModel;
  onColumnVisibilityModelChange?: (model: GridColumnVisibilityModel) => void;
}

/**
 * The one table pattern: an MUI X Data Grid whose paging and sorting happen on the service.
 * The caller owns the view (page, size, sort; usually in the URL) and passes the page of rows.
 * Skeleton rows while the first page loads, a thin progress bar while the next one does, and
 * `empty` when there are no rows.
 *
 * @example
 * <ServerDataGrid label="Events" rows={data?.results ?? []} columns={columns} rowCount={data?.totalCount}
 *   loading={isFetching} page={view.page} pageSize={view.pageSize} pageSizeOptions={[10, 20, 50]}
 *   onPageChange={(page, pageSize) => setView({ page, pageSize })} sort={view.sort}
 *   onSortChange={(sort) => setView({ sort })} empty={<EmptyState title="No events yet" />} />
 */
export function ServerDataGrid<R extends GridValidRowModel, F extends string = string>(props: ServerDataGridProps<R, F>) {
  const { page, pageSize, sort, rowCount, empty } = props;
  const firstLoad = rowCount === undefined;
  const pastEnd = rowCount !== undefined && page > 1 && (page - 1) * pageSize >= rowCount;

  // The grid moves a page beyond its row count back into range by itself, which would rewrite
  // the URL (and make Back return to the page it leaves). So until the total is known, and when
  // the page is past the end, claim just enough rows for the page to exist, hide the footer, and
  // let `empty` say what happened.
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

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize) props.onPageChange(1, model.pageSize);
    else if (model.page !== page - 1) props.onPageChange(model.page + 1, model.pageSize);
  };
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    props.onSortChange(first?.sort ? { field: first.field as F, direction: first.sort } : null);
  };

  return (
    <DataGrid<R>
      label={props.label}
      rows={props.rows}
      columns={props.columns}
      getRowId={props.getRowId}
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
      columnVisibilityModel={props.columnVisibilityModel}
      onColumnVisibilityModelChange={props.onColumnVisibilityModelChange}
      hideFooter={firstLoad || pastEnd}
      disableColumnFilter
      disableRowSelectionOnClick
      rowHeight={56}
      // Past the end the grid thinks rows exist but none show: its "no results" case, same message.
      slots={{ noRowsOverlay: NoRowsOverlay, noResultsOverlay: NoRowsOverlay }}
      slotProps={{
        // Skeleton rows until the first page arrives (its placeholder row count would otherwise
        // make the grid pick the progress bar), then a progress bar over the rows being replaced.
        loadingOverlay: { variant: firstLoad ? 'skeleton' : 'linear-progress', noRowsVariant: 'skeleton' },
        noRowsOverlay: { children: empty },
        noResultsOverlay: { children: empty },
      }}
      sx={{ flex: 1, minHeight: 0 }}
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
