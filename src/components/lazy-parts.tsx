/**
 * The heavy parts of the dashboard, loaded when a page first renders them rather than with the
 * page: the JSON editor (CodeMirror) and the charts (@mui/x-charts). Pages import them from here;
 * each shows a placeholder of its own size while its code arrives (`npm run bench -- --only bundle`
 * measures what each route loads). hls.js is loaded the same way inside the player (player.tsx).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import type { JsonFieldProps } from './json-field.tsx';

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
