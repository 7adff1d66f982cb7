/** One capture on the Captures tab: its state, totals and availability timeline (refreshed while it records), with Edit and Delete; and the timeline legend. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { Capture, CaptureStats } from '#schema';
import { api } from '#app/api.ts';
import { useDescribeError } from '#app/use-describe-error.ts';
import { formatDateTimeRange } from '#components/format-time.ts';
import { AvailabilityTimeline } from './availability-timeline.tsx';
import { formatDuration, totals, layoutBlocks, type TimeRange } from './timeline.ts';

export const REFRESH_MS = 3_000;

export function isRecording(capture: Capture, now: number): boolean {
  return capture.active && (capture.endTime === null || new Date(capture.endTime).getTime() > now) && (capture.startTime === null || new Date(capture.startTime).getTime() <= now);
}

export function captureState(capture: Capture, now: number): { label: string; colour: 'success' | 'default' | 'info' | 'warning' } {
  if (!capture.active) return { label: 'Paused', colour: 'default' };
  if (capture.startTime && new Date(capture.startTime).getTime() > now) return { label: 'Scheduled', colour: 'info' };
  if (capture.endTime && new Date(capture.endTime).getTime() <= now) return { label: 'Ended', colour: 'default' };
  return { label: 'Recording', colour: 'success' };
}

export function Legend() {
  const swatch = (sx: object) => <Box component="span" sx={{ display: 'inline-block', width: 14, height: 10, borderRadius: 0.5, mr: 0.75, verticalAlign: 'middle', ...sx }} />;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap', typography: 'caption', color: 'text.secondary' }} aria-label="Legend">
      <span>{swatch({ bgcolor: 'success.main' })}Captured</span>
      <span>{swatch({ background: 'repeating-linear-gradient(135deg, rgba(211,47,47,.55) 0 4px, rgba(211,47,47,.15) 4px 8px)' })}Gap</span>
      <span>{swatch({ bgcolor: 'error.main', width: 3 })}Failed segment (zoom to an hour or less)</span>
      <span>Drag across a timeline, or pick a captured block, to play that range.</span>
    </Stack>
  );
}

export interface CaptureRowProps {
  capture: Capture;
  stats: CaptureStats | undefined;
  window: TimeRange;
  tickMs: number;
  zoomKey: string;
  now: number;
  selection: TimeRange | null;
  onSelect(range: TimeRange): void;
  /** Left out for a key that may not edit or delete captures (the tab says why). */
  onEdit?: () => void;
  onDelete?: () => void;
}

export function CaptureRow({ capture, stats, window, tickMs, zoomKey, now, selection, onSelect, onEdit, onDelete }: CaptureRowProps) {
  const recording = isRecording(capture, now);
  const describeError = useDescribeError();
  const available = useQuery(api.archiverCapture.available.queryOptions({ params: { id: capture.id } }));
  const fine = zoomKey === '10m' || zoomKey === '1h';
  const windowSegments = useQuery({
    ...api.archiverCapture.segments.queryOptions({
      params: { id: capture.id },
      query: { start: new Date(Math.floor(window.start / 60_000) * 60_000).toISOString(), end: new Date(Math.ceil(window.end / 60_000) * 60_000).toISOString() },
    }),
    enabled: fine,
    placeholderData: (previous) => previous,
  });
  const ranges = useMemo(() => (available.data ?? []).map((r) => ({ start: Date.parse(r.startTime), end: Date.parse(r.endTime) })), [available.data]);
  const failures = useMemo(
    () => (fine ? (windowSegments.data ?? []).filter((s) => s.failed && !s.inProgress).map((s) => ({ start: Date.parse(s.startTime), end: Date.parse(s.endTime) })) : []),
    [fine, windowSegments.data],
  );
  const recordedUntil = recording ? now - 8_000 : null;
  const sum = totals(layoutBlocks(ranges, window, recordedUntil));
  const state = captureState(capture, now);
  const date = new Date(now);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={`Capture ${capture.id}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={capture.id}>
            {capture.id}
          </Typography>
          <Chip size="small" label={state.label} color={state.colour} variant={state.colour === 'default' ? 'outlined' : 'filled'} />
          {stats && stats.failedCount > 0 && <Chip size="small" color="error" variant="outlined" label={`${stats.failedCount} failed`} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: { sm: 'nowrap' } }}>
          {stats?.startTime && stats.endTime
            ? `Content ${formatDateTimeRange(new Date(stats.startTime), new Date(stats.endTime), date)}`
            : 'Nothing captured yet'}
          {sum.gaps > 0 ? ` · ${sum.gaps} ${sum.gaps === 1 ? 'gap' : 'gaps'} in view (${formatDuration(sum.gapMs)})` : ''}
        </Typography>
        <Stack direction="row">
          {onEdit && (
            <Tooltip title="Edit">
              <IconButton aria-label={`Edit the capture ${capture.id}`} onClick={onEdit} size="small">
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete the capture ${capture.id}`} onClick={onDelete} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={capture.publishingPoints.join('\n')}>
        {capture.publishingPoints.join(' · ')}
      </Typography>
      {available.error ? (
        <Alert severity="error">Could not load what this capture holds: {describeError(available.error).message}</Alert>
      ) : (
        <AvailabilityTimeline
          ranges={ranges}
          window={window}
          tickMs={tickMs}
          recordedUntil={recordedUntil}
          failures={failures}
          selection={selection}
          onSelect={onSelect}
          label={`Availability of ${capture.id}`}
          now={date}
        />
      )}
    </Paper>
  );
}
