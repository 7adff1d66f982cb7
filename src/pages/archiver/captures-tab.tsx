/**
 * Captures: each with its state and availability timeline (one shared window: zoom from days to
 * minutes, step back and forth, or follow now), refreshed every few seconds while something records
 * and the tab is visible. Selecting a range of a capture (drag across its timeline, or a captured
 * block) plays it below and lists its segments, failed ones first. Everything is in the URL:
 * `?zoom=1h&at=<end>&capture=<id>&from=<iso>&to=<iso>`.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Tooltip } from '#components/tooltip.tsx';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import VideoLibraryIcon from '@mui/icons-material/VideoLibraryOutlined';
import type { Capture } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { CaptureFormDialog } from './capture-form-dialog.tsx';
import { RangePanel } from './range-panel.tsx';
import { ZOOMS, zoomOf, type TimeRange } from './timeline.ts';
import { CaptureRow, isRecording, Legend, REFRESH_MS } from './capture-row.tsx';

/** The current time, every few seconds while the page is shown (the window follows it). */
function useTicker(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') setNow(Date.now());
    }, ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function CapturesTab() {
  const describeError = useDescribeError();
  const [params, setParams] = useUrlParams();
  const zoom = zoomOf(params.get('zoom'));
  const atParam = params.get('at');
  const ticker = useTicker(REFRESH_MS);
  const end = atParam && !Number.isNaN(Date.parse(atParam)) ? Date.parse(atParam) : ticker;
  const window = { start: end - zoom.spanMs, end };
  const selectedId = params.get('capture');
  const from = params.get('from');
  const to = params.get('to');
  const selection = selectedId && from && to && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to)) ? { start: Date.parse(from), end: Date.parse(to) } : null;
  const [editing, setEditing] = useState<Capture | null | 'new'>(params.get('new') === 'capture' ? 'new' : null);
  const [deleting, setDeleting] = useState<Capture | null>(null);

  const captures = useQuery(api.archiverCapture.list.queryOptions({ query: { onlyIds: false } }));
  const list = ((captures.data ?? []) as (Capture | string)[]).filter((c): c is Capture => typeof c !== 'string');
  const stats = useQuery(api.archiverCapture.allStats.queryOptions({}));
  const statsOf = new Map((stats.data ?? []).map((s) => [s.id, s]));
  const remove = useMutation(api.archiverCapture.delete.mutationOptions());
  const can = useCan();
  const [mayAdd, mayEdit, mayDelete] = [can(api.archiverCapture.create), can(api.archiverCapture.update).allowed, can(api.archiverCapture.delete).allowed];

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const select = (captureId: string, range: TimeRange) =>
    // Another range's segments start on their first page.
    update({ capture: captureId, from: new Date(range.start).toISOString(), to: new Date(range.end).toISOString(), segPage: null });

  let content;
  if (captures.error) {
    content = (
      <ErrorState
        title="Could not load the captures"
        message={describeError(captures.error).message}
        actions={
          <Button variant="contained" onClick={() => void captures.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (captures.isPending) {
    content = <Skeleton variant="rounded" height={120} aria-label="Loading the captures" />;
  } else if (list.length === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<VideoLibraryIcon />}
          title="No captures yet"
          hint="A capture records a channel’s publishing points continuously, so any past range can be played (catch-up)."
          action={
            <Button variant="contained" startIcon={<AddIcon />} disabled={!mayAdd.allowed} onClick={() => setEditing('new')}>
              Add a capture
            </Button>
          }
        />
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={1.5}>
        {list.map((capture) => (
          <CaptureRow
            key={capture.id}
            capture={capture}
            stats={statsOf.get(capture.id)}
            window={window}
            tickMs={zoom.tickMs}
            zoomKey={zoom.key}
            now={ticker}
            selection={selectedId === capture.id ? selection : null}
            onSelect={(range) => select(capture.id, range)}
            onEdit={mayEdit ? () => setEditing(capture) : undefined}
            onDelete={mayDelete ? () => setDeleting(capture) : undefined}
          />
        ))}
      </Stack>
    );
  }

  const selectedCapture = list.find((c) => c.id === selectedId);

  return (
    <Box>
      <RoleNotice permission={mayAdd}>This key plays the captured ranges and adds, edits and deletes no capture.</RoleNotice>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={zoom.key}
            aria-label="Zoom"
            onChange={(_e, value: string | null) => value && update({ zoom: value === '1h' ? null : value })}
          >
            {ZOOMS.map((z) => (
              <ToggleButton key={z.key} value={z.key} aria-label={`Show ${z.label}`}>
                {z.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Tooltip title="Earlier">
            <IconButton aria-label="Earlier" onClick={() => update({ at: new Date(end - zoom.spanMs / 2).toISOString() })}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Later">
            <span>
              <IconButton
                aria-label="Later"
                disabled={!atParam}
                onClick={() => {
                  const next = end + zoom.spanMs / 2;
                  update({ at: next >= Date.now() ? null : new Date(next).toISOString() });
                }}
              >
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
          {atParam ? (
            <Button size="small" onClick={() => update({ at: null })}>
              Back to now
            </Button>
          ) : (
            <Chip size="small" color="success" variant="outlined" label="Following now" />
          )}
        </Stack>
        <Button variant="contained" startIcon={<AddIcon />} disabled={!mayAdd.allowed} onClick={() => setEditing('new')} sx={{ alignSelf: { xs: 'flex-start', md: 'auto' } }}>
          Add capture
        </Button>
      </Stack>
      <Legend />
      {content}
      {selectedCapture && selection && (
        <RangePanel
          key={`${selectedCapture.id}-${selection.start}-${selection.end}`}
          capture={selectedCapture}
          range={selection}
          recording={isRecording(selectedCapture, ticker)}
          now={ticker}
          onClose={() => update({ capture: null, from: null, to: null, segPage: null })}
        />
      )}
      <CaptureFormDialog
        open={editing !== null && mayAdd.allowed}
        capture={editing === 'new' ? null : editing}
        onClose={() => {
          setEditing(null);
          update({ new: null });
        }}
        onSaved={() => {
          setEditing(null);
          update({ new: null });
        }}
      />
      <DeleteDialog
        record={deleting}
        title={(c) => `Delete the capture ${c.id}?`}
        confirmLabel="Delete capture"
        mutation={remove}
        deleted={(c) => `Deleted the capture ${c.id}`}
        onDeleted={(c) => selectedId === c.id && update({ capture: null, from: null, to: null })}
        onClose={() => setDeleting(null)}
      >
        Its recording stops and every segment it captured is deleted, with its streams. Playout profiles no longer list it. This cannot be undone.
      </DeleteDialog>
    </Box>
  );
}
