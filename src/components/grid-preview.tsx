/**
 * What `ServerDataGrid` (lazy-parts.tsx) shows while the data grid's code arrives: the same box
 * (header, rows, footer), the rows that have come drawn with the columns' own cells, so a list's
 * first rows show without waiting for the grid, which is much heavier to load and to mount. It
 * is a picture of the rows, not a second table: no sorting, selection, focus or menus (those come
 * with the grid a moment later), hidden from assistive technology, which hears that the list is
 * loading; a click on a row opens it as the grid's would.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme, type Breakpoint } from '@mui/material/styles';
import type { GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import type { ServerDataGridProps, ServerGridColDef } from './server-data-grid.tsx';
import { visuallyHidden } from './visually-hidden.tsx';
import { WithoutTooltips } from './tooltip.tsx';

/** MUI X's header and footer heights, its default column width and its checkbox column's. */
const HEADER = 56;
const FOOTER = 52;
const DEFAULT_WIDTH = 100;
const CHECKBOX = 50;
const SKELETON_ROWS = 5;

type Column<R extends GridValidRowModel> = ServerGridColDef<R>;

/** How a column takes its width: a fixed width, or a share of what is left (flex), as the grid does. */
function widthOf<R extends GridValidRowModel>(column: Column<R>) {
  return column.flex
    ? { flex: `${column.flex} 1 0`, minWidth: column.minWidth ?? 50 }
    : { flex: `0 0 ${column.width ?? DEFAULT_WIDTH}px`, minWidth: 0 };
}

/** A cell as the grid draws it: the column's renderCell, else its (formatted) value. */
function cellOf<R extends GridValidRowModel>(column: Column<R>, row: R, id: string): ReactNode {
  const raw = (row as Record<string, unknown>)[column.field];
  // The grid's own api is not there yet: the columns' getters and cells read the row (and value).
  const value: unknown = column.valueGetter ? (column.valueGetter as (...args: unknown[]) => unknown)(raw, row, column, undefined) : raw;
  const formatted: unknown = column.valueFormatter ? (column.valueFormatter as (...args: unknown[]) => unknown)(value, row, column, undefined) : value;
  if (column.renderCell) {
    const params = { id, field: column.field, row, value, formattedValue: formatted, colDef: column, hasFocus: false, tabIndex: -1 };
    return column.renderCell(params as unknown as GridRenderCellParams<R>);
  }
  return formatted === null || formatted === undefined ? '' : String(formatted as string);
}

const cellSx = { display: 'flex', alignItems: 'center', px: '10px', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

export function GridPreview<R extends GridValidRowModel, F extends string = string>(props: ServerDataGridProps<R, F>) {
  const { breakpoints } = useTheme();
  const wide = (limit: Breakpoint | number | undefined) => limit === undefined || window.innerWidth >= (typeof limit === 'number' ? limit : breakpoints.values[limit]);
  const columns = props.columns.filter((column) => props.columnVisibilityModel?.[column.field] !== false && wide(column.hideBelow));
  const checkbox = props.onSelectionChange !== undefined && wide(props.selectionHideBelow);
  const rowHeight = typeof props.rowHeight === 'number' ? props.rowHeight : 56;
  const idOf = (row: R) => (props.getRowId ? props.getRowId(row) : String(row.id));
  const first = (props.page - 1) * props.pageSize;
  // Rows past the window's height are not drawn: the box, no taller than the window, shows no more
  // (its overflow is hidden), and the grid taking over draws what is scrolled to. A page of 100
  // rows drew them all, a task of 104-137 ms before its first row (bench `browser`).
  const drawn = props.rows.slice(0, Math.ceil(window.innerHeight / rowHeight));

  const line = { display: 'flex', borderBottom: 1, borderColor: 'divider', flexShrink: 0 } as const;
  const empty = props.rows.length === 0 && !props.loading && props.rowCount !== undefined;
  return (
    <Box aria-busy={!empty} sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden', bgcolor: 'background.paper', typography: 'body2' }}>
      {!empty && (
        <Box role="status" sx={visuallyHidden}>
          Loading the list “{props.label}”…
        </Box>
      )}
      <Box aria-hidden sx={{ ...line, height: HEADER, fontWeight: 600 }}>
        {checkbox && <Box sx={{ flex: `0 0 ${CHECKBOX}px` }} />}
        {columns.map((column) => (
          <Box key={column.field} inert sx={{ ...cellSx, ...widthOf(column) }}>
            {column.renderHeader ? column.renderHeader({ field: column.field, colDef: column } as never) : column.headerName}
          </Box>
        ))}
      </Box>
      {empty ? (
        <Box sx={{ flex: 1, minHeight: 0 }}>{props.empty}</Box>
      ) : (
        <Box aria-hidden sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
          {/* A picture: the cells' tooltips come with the grid (tooltip.tsx). */}
          <WithoutTooltips>
            {drawn.length > 0
              ? drawn.map((row) => {
                  const id = idOf(row);
                  return (
                    <Box
                      key={id}
                      data-id={id}
                      data-preview-row
                      onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                      sx={{ ...line, height: rowHeight, cursor: props.onRowClick ? 'pointer' : undefined }}
                    >
                      {checkbox && <Box sx={{ flex: `0 0 ${CHECKBOX}px` }} />}
                      {columns.map((column) => (
                        // Inert: a picture's buttons and links take no focus (they are aria-hidden);
                        // a click passes through to the row, as on the grid.
                        <Box key={column.field} inert sx={{ ...cellSx, ...widthOf(column) }}>
                          {cellOf(column, row, id)}
                        </Box>
                      ))}
                    </Box>
                  );
                })
              : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Box key={index} sx={{ ...line, height: rowHeight, alignItems: 'center', px: '10px' }}>
                    <Skeleton width="100%" />
                  </Box>
                ))}
          </WithoutTooltips>
        </Box>
      )}
      {props.rowCount !== undefined && props.rows.length > 0 && (
        <Box aria-hidden sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', height: FOOTER, px: 2, borderTop: 1, borderColor: 'divider', flexShrink: 0 }}>
          <Typography variant="body2">
            {first + 1}–{first + props.rows.length} of {props.rowCount}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
