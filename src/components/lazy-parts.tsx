/**
 * The heavy parts of the dashboard, loaded when a page first renders them rather than with the
 * page: the JSON editor (CodeMirror), the charts (@mui/x-charts) and, for lists that are not
 * what a page or tab opens on (an event's tabs, a webhook's delivery log), the data grid
 * (@mui/x-data-grid; a page that opens on its list imports `server-data-grid.tsx` itself). Pages import them from here;
 * each shows a placeholder of its own size while its code arrives (`npm run bench -- --only bundle`
 * measures what each route loads). hls.js is loaded the same way inside the player (player.tsx).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import type { JsonFieldProps } from './json-field.tsx';
import type { ServerDataGridProps } from './server-data-grid.tsx';

type AnyJsonFieldProps = JsonFieldProps<FieldValues, unknown>;
const LazyJsonField = lazy(() => import('./json-field.tsx').then((module) => ({ default: module.JsonField as ComponentType<AnyJsonFieldProps> })));
const LazyLineChart = lazy(() => import('@mui/x-charts/LineChart').then((module) => ({ default: module.LineChart })));
type AnyGridProps = ServerDataGridProps<GridValidRowModel, string>;
const LazyServerDataGrid = lazy(() => import('./server-data-grid.tsx').then((module) => ({ default: module.ServerDataGrid as ComponentType<AnyGridProps> })));
const LazyBarChart = lazy(() => import('@mui/x-charts/BarChart').then((module) => ({ default: module.BarChart })));

/** The JSON editor of json-field.tsx; while CodeMirror loads, a box of the editor's height under its label. */
export function JsonField<T extends FieldValues, TT = T>(props: JsonFieldProps<T, TT>) {
  const fallback = (
    <Box>
      <Skeleton variant="text" width={120} />
      <Skeleton variant="rounded" height={(props.minLines ?? 8) * 20 + 16} />
    </Box>
  );
  return (
    <Suspense fallback={fallback}>
      <LazyJsonField {...(props as unknown as AnyJsonFieldProps)} />
    </Suspense>
  );
}

function ChartPlaceholder({ height }: { height: number | undefined }) {
  return <Skeleton variant="rounded" height={height ?? 300} sx={{ width: '100%' }} />;
}

/** `LineChart` of @mui/x-charts. */
export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder height={props.height} />}>
      <LazyLineChart {...props} />
    </Suspense>
  );
}

/** `BarChart` of @mui/x-charts. */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder height={props.height} />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

/** The grid's header and footer heights (MUI X's defaults), for a placeholder of its size. */
const GRID_HEADER = 56;
const GRID_FOOTER = 52;
/** Rows assumed while none have arrived. */
const GRID_FIRST_ROWS = 5;

/**
 * `ServerDataGrid` (server-data-grid.tsx), loaded when a list first renders; while the grid's
 * code arrives, a box of the size it will have: header, the rows already received (or a few),
 * and the footer once the total is known (the grid hides it before), within its borders.
 */
export function ServerDataGrid<R extends GridValidRowModel, F extends string = string>(props: ServerDataGridProps<R, F>) {
  const rows = props.rows.length || GRID_FIRST_ROWS;
  // Rows of 'auto' height (they wrap) are taken at the default height: the box is a placeholder.
  const rowHeight = typeof props.rowHeight === 'number' ? props.rowHeight : 56;
  const height = GRID_HEADER + rows * rowHeight + (props.rowCount === undefined ? 0 : GRID_FOOTER) + 1;
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={height} sx={{ width: '100%' }} />}>
      <LazyServerDataGrid {...(props as unknown as AnyGridProps)} />
    </Suspense>
  );
}
