/** A live publication's statistics from the target (viewers, bitrate), as figures and a chart: in the publication's drawer. */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart } from '#components/lazy-parts.tsx';
import type { MonitorRow } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { stateGroup } from './targets.tsx';

export function Statistics({ row }: { row: MonitorRow }) {
  const describeError = useDescribeError();
  const running = stateGroup(row.kind, row.publicationState) === 'InProgress';
  const stats = useQuery({
    ...api.livePublication.statistics.queryOptions({ params: { publicationId: row.id }, query: { destinationId: row.destinationId } }),
    // The target's figures move with viewing, which no write records: not on the change feed.
    refetchInterval: running ? 10_000 : false,
  });
  if (stats.isPending) return <Skeleton variant="rounded" height={200} />;
  if (stats.error) return <Alert severity="warning">No statistics from the target: {describeError(stats.error).message}</Alert>;
  const data = stats.data as { status?: string; viewers?: number; peakViewers?: number; bitrateKbps?: number; health?: string; samples?: { at: string; viewers: number; bitrateKbps: number }[] };
  const samples = data.samples ?? [];
  return (
    <Box>
      <Stack direction="row" spacing={3} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Figure label="Viewers" value={String(data.viewers ?? 0)} />
        <Figure label="Peak" value={String(data.peakViewers ?? 0)} />
        <Figure label="Bitrate" value={`${data.bitrateKbps ?? 0} kbit/s`} />
        <Figure label="Health" value={data.health ?? '—'} />
      </Stack>
      {samples.length < 2 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {data.status === 'notCreated' ? 'The broadcast is not on the target yet.' : 'Statistics appear once the broadcast has been live for a little while.'}
        </Typography>
      ) : (
        <LineChart
          height={220}
          xAxis={[{ data: samples.map((s) => new Date(s.at)), scaleType: 'time', valueFormatter: (d: Date) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) }]}
          yAxis={[{ id: 'viewers', label: 'Viewers' }, { id: 'bitrate', label: 'kbit/s', position: 'right' }]}
          series={[
            { data: samples.map((s) => s.viewers), label: 'Viewers', yAxisId: 'viewers', showMark: false },
            { data: samples.map((s) => s.bitrateKbps), label: 'Bitrate', yAxisId: 'bitrate', showMark: false },
          ]}
        />
      )}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}
