/**
 * A selected range of a capture: played in the player (catch-up, from this service's HLS of the
 * archived segments) and its segments in the one grid, failed ones first. The segments operation
 * answers the range whole: sorted and paged here, every segment reachable (no cap), the view in
 * the URL under its own parameters (`segPage`, `segPageSize`, `segSort`, `segOrder`) beside the
 * captures tab's.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Capture, CaptureSegment } from '#schema';
import { useDescribeError, useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTime, formatDateTimeRange } from '#components/format-time.ts';
import { Player } from '#components/player.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { pageOf, sortRows } from '#components/whole-list.ts';
import { formatDuration, type TimeRange } from './timeline.ts';

type SegmentSortField = 'status' | 'start' | 'length' | 'attempts';

/** The segments' view: its own parameters, so it pages apart from anything else on the Captures tab. */
export const SEGMENTS_VIEW = definePagedView<SegmentSortField>({
  pageSizes: [10, 25, 100],
  sortFields: ['status', 'start', 'length', 'attempts'],
  defaultSort: { field: 'status', direction: 'asc' },
  prefix: 'seg',
});

const lengthOf = (s: CaptureSegment) => Date.parse(s.endTime) - Date.parse(s.startTime);
const SORT_VALUES = {
  status: (s: CaptureSegment) => segmentStatus(s).rank,
  start: (s: CaptureSegment) => Date.parse(s.startTime),
  length: lengthOf,
  attempts: (s: CaptureSegment) => s.attempts,
} satisfies Record<SegmentSortField, (s: CaptureSegment) => number>;

const cell = { display: 'flex', alignItems: 'center', height: '100%' } as const;
/** On a phone: status and start. */
const SEGMENT_COLUMNS: ServerGridColDef<CaptureSegment>[] = [
  {
    field: 'status',
    headerName: 'Status',
    flex: 1,
    minWidth: 130,
    renderCell: ({ row }) => {
      const status = segmentStatus(row);
      return (
        <Box sx={cell}>
          <Chip size="small" label={status.label} color={status.colour} variant={status.colour === 'success' ? 'outlined' : 'filled'} />
        </Box>
      );
    },
  },
  {
    field: 'start',
    headerName: 'Start',
    width: 110,
    renderCell: ({ row }) => new Date(row.startTime).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  },
  { field: 'length', headerName: 'Length', width: 90, hideBelow: 'sm', renderCell: ({ row }) => formatDuration(lengthOf(row)) },
  { field: 'attempts', headerName: 'Attempts', width: 100, hideBelow: 'sm', align: 'right', headerAlign: 'right', renderCell: ({ row }) => row.attempts },
];

export function segmentStatus(s: CaptureSegment): { label: string; colour: 'error' | 'warning' | 'info' | 'success' | 'default'; rank: number } {
  if (s.failed) return { label: 'Failed', colour: 'error', rank: 0 };
  if (s.inProgress) return { label: s.attempts > 1 ? `Archiving (attempt ${s.attempts})` : 'Archiving', colour: 'warning', rank: 1 };
  if (s.scheduled) return { label: 'Scheduled', colour: 'info', rank: 2 };
  if (s.completed) return { label: 'Archived', colour: 'success', rank: 3 };
  return { label: 'Unknown', colour: 'default', rank: 4 };
}

/** Failed first, then archiving, scheduled and archived; each in time order. */
export function orderSegments(segments: readonly CaptureSegment[]): CaptureSegment[] {
  return [...segments].sort((a, b) => segmentStatus(a).rank - segmentStatus(b).rank || a.startTime.localeCompare(b.startTime));
}

export interface RangePanelProps {
  capture: Capture;
  range: TimeRange;
  recording: boolean;
  /** The page's current time (ms). */
  now: number;
  onClose(): void;
}

export function RangePanel({ capture, range, recording, now: nowMs, onClose }: RangePanelProps) {
  const serviceUrl = useServiceUrl();
  const describeError = useDescribeError();
  const query = { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString() };
  const grows = recording && range.end > nowMs;
  const playback = useQuery(api.archiverCapture.playback.queryOptions({ params: { id: capture.id }, query }));
  const segments = useQuery(api.archiverCapture.segments.queryOptions({ params: { id: capture.id }, query }));
  const [view, , grid] = usePagedView(SEGMENTS_VIEW);
  const ordered = useMemo(() => orderSegments(segments.data ?? []), [segments.data]);
  const sorted = useMemo(() => sortRows(ordered, view.sort, SORT_VALUES), [ordered, view.sort]);
  const failed = ordered.filter((s) => s.failed).length;
  const now = new Date(nowMs);
  const url = playback.data && playback.data.segments > 0 ? new URL(playback.data.url, serviceUrl.replace(/\/api\/?$/, '/')).toString() : null;

  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }} component="section" aria-label="Selected range">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography component="h3" variant="h6" sx={{ flex: 1 }}>
          {capture.id}: {formatDateTimeRange(new Date(range.start), new Date(range.end), now)}{' '}
          <Typography component="span" color="text.secondary">
            ({formatDuration(range.end - range.start)})
          </Typography>
        </Typography>
        <Button onClick={onClose}>Clear selection</Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Box>
          {playback.error ? (
            <ErrorState title="Could not prepare the playback" message={describeError(playback.error).message} />
          ) : (
            <Player
              src={url}
              live={grows}
              title={`${capture.id} ${query.start} to ${query.end}`}
              empty={
                <Paper variant="outlined" sx={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center' }}>
                  <EmptyState title={playback.isPending ? 'Preparing…' : 'Nothing archived in this range'} hint={playback.isPending ? undefined : 'Pick a green part of the timeline: gaps hold nothing to play.'} />
                </Paper>
              }
            />
          )}
          {playback.data && playback.data.segments > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              Plays {playback.data.segments} archived {playback.data.segments === 1 ? 'segment' : 'segments'}
              {playback.data.startTime && playback.data.endTime
                ? ` from ${formatDateTime(new Date(playback.data.startTime), now)} to ${formatDateTime(new Date(playback.data.endTime), now)}`
                : ''}
              ; gaps are skipped.
            </Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Segments
            </Typography>
            {segments.data && <Chip size="small" label={segments.data.length} />}
            {failed > 0 && <Chip size="small" color="error" label={`${failed} failed`} />}
          </Stack>
          {segments.error ? (
            <ErrorState title="Could not load the segments" message={describeError(segments.error).message} />
          ) : segments.data?.length === 0 ? (
            <Typography color="text.secondary">No segment lies wholly inside this range.</Typography>
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
              <ServerDataGrid<CaptureSegment, SegmentSortField>
                label="Segments of the selected range"
                rows={pageOf(sorted, view)}
                columns={SEGMENT_COLUMNS}
                getRowId={(s) => String(s.id)}
                rowCount={segments.data?.length}
                loading={segments.isPending}
                {...grid}
                empty={<EmptyState title="No segments on this page" />}
                rowHeight={40}
              />
            </Paper>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
