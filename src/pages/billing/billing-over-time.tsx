/**
 * The period over time: one GET /stats/billing per day, week or month (see billing-view.ts),
 * drawn as charts (live minutes by resolution, peak simultaneous channels, delivery and storage)
 * or listed as a table with the period's totals underneath. Buckets that have not started yet
 * stay on the axis, empty.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '#components/lazy-parts.tsx';
import type { BillingResolution, BillingStatistics } from '#schema';
import { byteScale, formatBytes, formatMinutes } from './billing-figures.ts';
import { describePeriod, type Bucket, type BucketUnit } from './billing-view.ts';

export interface BucketFigures {
  bucket: Bucket;
  /** Undefined for a bucket in the future (or still loading). */
  stats: BillingStatistics | undefined;
}

export interface OverTimeProps {
  rows: BucketFigures[];
  unit: BucketUnit;
  resolution: BillingResolution;
  /** The whole period's figures, for the table's last row. */
  totals: BillingStatistics | undefined;
}

const CHART_HEIGHT = 260;

function ChartCard({ title, caption, children }: { title: string; caption: string; children: ReactNode }) {
  return (
    <Paper component="figure" variant="outlined" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography component="figcaption" sx={{ mb: 0.5 }}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, display: 'block' }}>
          {title}
        </Typography>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {caption}
        </Typography>
      </Typography>
      {children}
    </Paper>
  );
}

export function BillingCharts({ rows, unit, resolution }: OverTimeProps) {
  const theme = useTheme();
  const labels = rows.map((r) => r.bucket.label);
  const value = (pick: (s: BillingStatistics) => number) => rows.map((r) => (r.stats ? pick(r.stats) : null));
  const chosen = value((s) => s.live.usageForResolution.eventMinutes);
  const others = value((s) => Math.max(0, Math.round((s.live.usage.eventMinutes - s.live.usageForResolution.eventMinutes) * 100) / 100));
  const peaks = value((s) => s.live.maxSimultaneousChannels);
  const cdn = value((s) => s.cdns.totalBytes);
  const storage = value((s) => s.storage.totalBytes);
  const scale = byteScale(Math.max(0, ...cdn.map((v) => v ?? 0), ...storage.map((v) => v ?? 0)));
  const scaled = (values: (number | null)[]) => values.map((v) => (v === null ? null : v / scale.divisor));
  const bytes = (v: number | null) => (v === null ? '—' : formatBytes(v * scale.divisor));
  const minutes = (v: number | null) => (v === null ? '—' : `${formatMinutes(v)} min`);
  // Labels that would overlap (a month of days, a phone) are left out by the chart itself ('auto').
  const xAxis = [{ scaleType: 'band' as const, data: labels, tickLabelInterval: 'auto' as const }];
  const per = unit === 'day' ? 'day' : unit;
  const common = {
    xAxis,
    height: CHART_HEIGHT,
    grid: { horizontal: true },
    margin: { left: 8, right: 8, top: 8, bottom: 8 },
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <ChartCard title="Live minutes" caption={`Per ${per}: ${resolution} events and the other resolutions, stacked`}>
          <BarChart
            {...common}
            yAxis={[{ width: 56, valueFormatter: (v: number) => formatMinutes(v) }]}
            series={[
              { data: chosen, label: resolution, stack: 'minutes', color: theme.palette.primary.main, valueFormatter: minutes },
              { data: others, label: 'Other resolutions', stack: 'minutes', color: theme.palette.mode === 'dark' ? '#64748b' : '#94a3b8', valueFormatter: minutes },
            ]}
          />
        </ChartCard>
      </Box>
      <ChartCard title="Simultaneous channels" caption={`Most channels live at one moment, per ${per}`}>
        <BarChart
          {...common}
          yAxis={[{ width: 40, tickMinStep: 1 }]}
          series={[
            {
              data: peaks,
              label: 'Peak channels',
              color: theme.palette.secondary.main,
              valueFormatter: (v: number | null) => (v === null ? '—' : v.toLocaleString()),
            },
          ]}
          hideLegend
        />
      </ChartCard>
      <ChartCard title="Delivery and storage" caption={`CDN bytes delivered and storage added per ${per}, in ${scale.unit}`}>
        <BarChart
          {...common}
          yAxis={[{ width: 56, valueFormatter: (v: number) => `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${scale.unit}` }]}
          series={[
            { data: scaled(cdn), label: 'CDN', color: theme.palette.info.main, valueFormatter: bytes },
            { data: scaled(storage), label: 'Storage', color: theme.palette.warning.main, valueFormatter: bytes },
          ]}
        />
      </ChartCard>
    </Box>
  );
}

/** The same figures as rows: readable by anyone, copyable, and exact. */
export function BillingTable({ rows, unit, resolution, totals }: OverTimeProps) {
  const cells = (s: BillingStatistics | undefined) =>
    s
      ? [
          formatMinutes(s.live.usage.eventMinutes),
          formatMinutes(s.live.usageForResolution.eventMinutes),
          s.live.usage.eventsUsed.toLocaleString(),
          s.live.maxSimultaneousChannels.toLocaleString(),
          s.cdns.friendlyFormat,
          s.storage.friendlyFormat,
          s.drm.totalDrmLicenses.toLocaleString(),
        ]
      : Array.from({ length: 7 }, () => '—');
  const heads = ['Live minutes', `${resolution} minutes`, 'Events live', 'Peak channels', 'CDN', 'Storage', 'DRM licences'];
  const first = unit === 'day' ? 'Day' : unit === 'week' ? 'Week' : unit === 'month' ? 'Month' : 'Year';
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={`Billing per ${unit}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {first}
            </TableCell>
            {heads.map((h) => (
              <TableCell key={h} component="th" scope="col" align="right">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ bucket, stats }) => (
            <TableRow key={bucket.start.toISOString()} hover sx={bucket.future ? { '& td, & th': { color: 'text.secondary', fontStyle: 'italic' } } : undefined}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {describePeriod(bucket)}
              </TableCell>
              {cells(stats).map((c, i) => (
                <TableCell key={heads[i]} align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {bucket.future ? '' : c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: 14 } }}>
            <TableCell component="th" scope="row">
              Whole period
            </TableCell>
            {cells(totals).map((c, i) => (
              <TableCell key={heads[i]} align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
