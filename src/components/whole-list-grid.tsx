/**
 * A list an operation answers whole (archiver flows, playout profiles, destinations), in the one
 * grid: the rows sorted by the caller (`sortRows`), paged here (`pageOf`), in an outlined box.
 *
 * @example
 * const [view, , grid] = usePagedView(FLOWS_VIEW);
 * <WholeListGrid label="Archiver flows" rows={sortRows(flows, view.sort, SORT_VALUES)} view={view} grid={grid} columns={columns} empty={…} />
 */
import Paper from '@mui/material/Paper';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { ServerDataGrid } from './lazy-parts.tsx';
import type { GridPaging, ServerDataGridProps } from './server-data-grid.tsx';
import { pageOf } from './whole-list.ts';

export type WholeListGridProps<R extends GridValidRowModel, F extends string> = Omit<ServerDataGridProps<R, F>, 'rowCount' | 'loading' | keyof GridPaging<F>> & {
  /** Every row, in the view's order. */
  rows: readonly R[];
  view: { page: number; pageSize: number };
  grid: GridPaging<F>;
};

export function WholeListGrid<R extends GridValidRowModel, F extends string>({ rows, view, grid, ...props }: WholeListGridProps<R, F>) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
      <ServerDataGrid<R, F> {...props} {...grid} rows={pageOf(rows, view)} rowCount={rows.length} loading={false} />
    </Paper>
  );
}
