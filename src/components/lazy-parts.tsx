/**
 * The heavy parts of the dashboard, loaded when a page first renders them rather than with the
 * page: the JSON editor (CodeMirror), the charts (@mui/x-charts) and the data grid
 * (@mui/x-data-grid, which shows its rows as a plain preview until it is in). Pages import them
 * from here; each shows a placeholder of its own size while its code arrives (`npm run bench --
 * --only bundle` measures what each route loads). hls.js is loaded the same way inside the player
 * (player.tsx).
 */
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import type { JsonFieldProps } from './json-field.tsx';
import { GridPreview } from './grid-preview.tsx';
import type { ServerDataGridProps } from './server-data-grid.tsx';

type AnyJsonFieldProps = JsonFieldProps<FieldValues, unknown>;
const LazyJsonField = lazy(() => import('./json-field.tsx').then((module) => ({ default: module.JsonField as ComponentType<AnyJsonFieldProps> })));
const LazyLineChart = lazy(() => import('@mui/x-charts/LineChart').then((module) => ({ default: module.LineChart })));
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

type GridComponent = <R extends GridValidRowModel, F extends string = string>(props: ServerDataGridProps<R, F>) => ReactNode;
/** The grid once its code is in. */
let loadedGrid: GridComponent | undefined;
let loadingGrid: Promise<void> | undefined;
/** Whether a grid has been shown: from then on lists render it at once, without the preview. */
let gridShown = false;

/** Downloads the data grid: one download, tried again after a failure. */
function downloadGrid(): Promise<void> {
  return (loadingGrid ??= import('./server-data-grid.tsx').then(
    (module) => {
      loadedGrid = module.ServerDataGrid;
    },
    (error: unknown) => {
      loadingGrid = undefined;
      throw error;
    },
  ));
}

/** Loads the data grid and has every list render it at once, never the preview (page tests: they work with the grid). */
export async function loadServerDataGrid(): Promise<void> {
  await downloadGrid();
  gridShown = true;
}

/**
 * `ServerDataGrid` (server-data-grid.tsx), loaded when a list first renders. Until then, and for
 * the first list of the page until its first rows are on screen, a picture of it
 * (grid-preview.tsx): the header, the rows received drawn with the columns' cells (or skeleton
 * rows), the footer, at the grid's size. The grid then replaces it in a transition: mounting it
 * is the heaviest step of a list's first view, and the rows do not wait for it.
 */
export function ServerDataGrid<R extends GridValidRowModel, F extends string = string>(props: ServerDataGridProps<R, F>) {
  const [failed, setFailed] = useState<unknown>(null);
  const [loaded, setLoaded] = useState(loadedGrid !== undefined);
  const [previewed, setPreviewed] = useState(gridShown);
  const settled = props.rows.length > 0 || (!props.loading && props.rowCount !== undefined);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    downloadGrid().then(
      () => live && startTransition(() => setLoaded(true)),
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  useEffect(() => {
    if (previewed || !settled) return;
    // Once the preview's rows (or empty state) are painted: the frame after the next.
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => startTransition(() => setPreviewed(true)))));
    return () => cancelAnimationFrame(frame);
  }, [previewed, settled]);
  const Grid = loaded && previewed ? loadedGrid : undefined;
  useEffect(() => {
    if (Grid) gridShown = true;
  }, [Grid]);
  // A download that failed is the route's error to show (RouteBoundary), as any lazy part's.
  if (failed) throw failed;
  return Grid ? <Grid {...props} /> : <GridPreview {...props} />;
}
