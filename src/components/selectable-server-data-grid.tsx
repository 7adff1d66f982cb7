import { useLayoutEffect, useMemo, useRef } from 'react';
import { DataGrid, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import type { ServerDataGridProps } from './server-data-grid.tsx';

export interface SelectableServerDataGridProps<R extends GridValidRowModel, F extends string = string> extends ServerDataGridProps<R, F> {
  /** Ids of the selected rows (rows of the page shown; a selection does not span pages). */
  selection: readonly string[];
  onSelectionChange: (ids: string[]) => void;
  /** A row click (outside the checkbox), e.g. to open the row. */
  onRowClick?: (row: R) => void;
  /** Row height in px (the list's density); 56 when not given. */
  rowHeight?: number;
}

/**
 * ServerDataGrid with a checkbox column for bulk actions: the same server paging and sorting,
 * plus a controlled selection of rows on the current page. The header checkbox selects the page.
 * (A separate component until `ServerDataGrid` takes selection props itself; the two share
 * their props and behaviour, so switching is a rename.)
 *
 * @example
 * <SelectableServerDataGrid label="Events" rows={rows} ... selection={ids} onSelectionChange={setIds} />
 */
export function SelectableServerDataGrid<R extends GridValidRowModel, F extends string = string>(props: SelectableServerDataGridProps<R, F>) {
  const { page, pageSize, sort, rowCount, empty, rows, getRowId, selection } = props;
  const firstLoad = rowCount === undefined;
  const pastEnd = rowCount !== undefined && page > 1 && (page - 1) * pageSize >= rowCount;
  // As in ServerDataGrid: until the total is known or past the end, claim just enough rows for
  // the page to exist, so the grid never moves the page (and the URL) by itself.
  const effectiveRowCount = firstLoad || pastEnd ? page * pageSize : rowCount;
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

  // The grid goes to its first page on every sort change, including one that comes from the
  // props (Back to a differently sorted view), and that would push a new URL and cut Forward off.
  // The caller already resets the page when the user sorts, so that reset is ignored.
  const sortResetPending = useRef(false);
  useLayoutEffect(() => {
    sortResetPending.current = true;
    const timer = setTimeout(() => (sortResetPending.current = false), 100);
    return () => clearTimeout(timer);
  }, [sortModel]);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (sortResetPending.current && model.page === 0 && model.pageSize === pageSize) {
      sortResetPending.current = false;
      return;
    }
    if (model.pageSize !== pageSize) props.onPageChange(1, model.pageSize);
    else if (model.page !== page - 1) props.onPageChange(model.page + 1, model.pageSize);
  };
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    props.onSortChange(first?.sort ? { field: first.field as F, direction: first.sort } : null);
  };
  const idOf = (row: R): string => (getRowId ? getRowId(row) : String(row.id));
  const onRowSelectionModelChange = (model: GridRowSelectionModel) => {
    // "Exclude" is how the grid says "all but these" (the header checkbox): all rows of the page.
    const ids = model.type === 'include' ? [...model.ids].map(String) : rows.map(idOf).filter((id) => !model.ids.has(id));
    props.onSelectionChange(ids);
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
      columnVisibilityModel={props.columnVisibilityModel}
      onColumnVisibilityModelChange={props.onColumnVisibilityModelChange}
      checkboxSelection
      rowSelectionModel={rowSelectionModel}
      onRowSelectionModelChange={onRowSelectionModelChange}
      onRowClick={
        props.onRowClick
          ? (params, event) => {
              // A click on the row's checkbox selects; it does not open the row.
              if ((event.target as Element).closest('[data-field="__check__"]')) return;
              props.onRowClick?.(params.row);
            }
          : undefined
      }
      hideFooter={firstLoad || pastEnd}
      disableColumnFilter
      disableRowSelectionOnClick
      rowHeight={props.rowHeight ?? 56}
      slots={{ noRowsOverlay: NoRowsOverlay, noResultsOverlay: NoRowsOverlay }}
      slotProps={{
        loadingOverlay: { variant: firstLoad ? 'skeleton' : 'linear-progress', noRowsVariant: 'skeleton' },
        noRowsOverlay: { children: empty },
        noResultsOverlay: { children: empty },
      }}
      sx={{ flex: 1, minHeight: 0, ...(props.onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}) }}
    />
  );
}

/**
 * The grid's "no rows" message sits in a row and a cell of its own: a grid may own only rows, so an
 * empty state placed straight inside it (role="status") is an ARIA error (axe: aria-required-children).
 */
function NoRowsOverlay({ children }: { children?: React.ReactNode }) {
  return (
    <div role="row" style={{ height: '100%' }}>
      <div role="gridcell" style={{ height: '100%' }}>
        {children}
      </div>
    </div>
  );
}
