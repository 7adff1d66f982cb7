/**
 * Archiver streams: made by the service per capture of a playout profile; play one, delete one.
 * The list operation answers them whole: sorted and paged here in the one grid, the view in the URL.
 */
import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StreamIcon from '@mui/icons-material/LiveTvOutlined';
import type { ArchiverStream } from '#schema';
import { useDescribeError, useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTime, formatDateTimeRange } from '#components/format-time.ts';
import { Player } from '#components/player.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { useNow } from '#components/use-now.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { pageOf, sortRows } from '#components/whole-list.ts';

type StreamSortField = 'id' | 'captureId' | 'profileId' | 'range' | 'expiresAt';

const STREAMS_VIEW = definePagedView<StreamSortField>({
  pageSizes: [25, 50, 100],
  sortFields: ['id', 'captureId', 'profileId', 'range', 'expiresAt'],
  defaultSort: { field: 'id', direction: 'asc' },
});

const SORT_VALUES = {
  id: (s: ArchiverStream) => s.id,
  captureId: (s: ArchiverStream) => s.captureId,
  profileId: (s: ArchiverStream) => s.profileId,
  range: (s: ArchiverStream) => Date.parse(s.startTime),
  // Never expiring sorts after every date.
  expiresAt: (s: ArchiverStream) => (s.expiresAt ? Date.parse(s.expiresAt) : Number.MAX_SAFE_INTEGER),
} satisfies Record<StreamSortField, (s: ArchiverStream) => number | string>;

const cell = { display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 } as const;

interface StreamColumnsOptions {
  now: Date;
  onPlay: (id: number) => void;
  /** Left out for a key that may not delete streams (an admin's work): no Delete. */
  onDelete?: (stream: ArchiverStream) => void;
}

/** On a phone: the capture and the row's actions (the rest is in the stream's player when played). */
function streamColumns({ now, onPlay, onDelete }: StreamColumnsOptions): ServerGridColDef<ArchiverStream>[] {
  return [
    { field: 'id', headerName: 'Id', width: 80, hideBelow: 'sm' },
    { field: 'captureId', headerName: 'Capture', flex: 1, minWidth: 130 },
    { field: 'profileId', headerName: 'Profile', flex: 1, minWidth: 130, hideBelow: 'sm' },
    { field: 'range', headerName: 'Range', width: 250, hideBelow: 'sm', renderCell: ({ row }) => formatDateTimeRange(new Date(row.startTime), new Date(row.endTime), now) },
    { field: 'expiresAt', headerName: 'Expires', width: 150, hideBelow: 'md', renderCell: ({ row }) => (row.expiresAt ? formatDateTime(new Date(row.expiresAt), now) : 'Never') },
    {
      field: 'formats',
      headerName: 'Formats',
      flex: 1,
      minWidth: 150,
      sortable: false,
      hideBelow: 'md',
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={cell}>
          {!row.uploaded && <Chip size="small" color="info" label="Uploading" />}
          {row.streamingFormats.map((f) => (
            <Chip key={f} size="small" variant="outlined" label={f} />
          ))}
        </Stack>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 190,
      sortable: false,
      disableColumnMenu: true,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Box sx={{ ...cell, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
          <CopyButton text={row.ismUrl} what={`the URL of stream ${row.id}`} />
          <Button size="small" onClick={() => onPlay(row.id)} aria-label={`Play stream ${row.id}`}>
            Play
          </Button>
          {onDelete && (
            <Button size="small" color="error" onClick={() => onDelete(row)} aria-label={`Delete stream ${row.id}`}>
              Delete
            </Button>
          )}
        </Box>
      ),
    },
  ];
}

export function StreamsTab() {
  const serviceUrl = useServiceUrl();
  const describeError = useDescribeError();
  const streams = useQuery(api.archiverStream.list.queryOptions({}));
  const [params, setParams] = useUrlParams();
  const playing = Number(params.get('stream'));
  const [deleting, setDeleting] = useState<ArchiverStream | null>(null);
  const remove = useMutation(api.archiverStream.delete.mutationOptions());
  const [view, , grid] = usePagedView(STREAMS_VIEW);
  const now = useNow();
  const sorted = useMemo(() => sortRows(streams.data ?? [], view.sort, SORT_VALUES), [streams.data, view.sort]);
  const play = useCallback(
    (id: number | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('stream');
        else next.set('stream', String(id));
        return next;
      }),
    [setParams],
  );
  const mayDelete = useCan()(api.archiverStream.delete).allowed;
  const columns = useMemo(() => streamColumns({ now, onPlay: play, onDelete: mayDelete ? setDeleting : undefined }), [now, play, mayDelete]);
  const current = streams.data?.find((s) => s.id === playing);

  if (streams.error) return <ErrorState title="Could not load the archiver streams" message={describeError(streams.error).message} />;
  if (streams.isPending) return <Skeleton variant="rounded" height={100} aria-label="Loading the archiver streams" />;
  if (streams.data.length === 0)
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={<StreamIcon />}
          title="No archiver streams"
          hint="The service makes a stream for each capture of a playout profile once the capture holds content. Add a playout profile with captures to get one."
        />
      </Paper>
    );

  return (
    <Box>
      {current && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Playing stream">
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography component="h3" variant="h6" sx={{ flex: 1 }}>
              Stream {current.id}: {current.captureId} via {current.profileId}
            </Typography>
            <Button onClick={() => play(null)}>Close player</Button>
          </Stack>
          <Box sx={{ maxWidth: 880 }}>
            <Player src={new URL(current.ismUrl, serviceUrl.replace(/\/api\/?$/, '/')).toString()} live={false} title={`Archiver stream ${current.id}`} />
          </Box>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
        <ServerDataGrid<ArchiverStream, StreamSortField>
          label="Archiver streams"
          rows={pageOf(sorted, view)}
          columns={columns}
          getRowId={(s) => String(s.id)}
          rowCount={streams.data.length}
          loading={false}
          {...grid}
          empty={<EmptyState title="No streams on this page" />}
          highlighted={current ? [String(current.id)] : []}
          rowHeight={48}
        />
      </Paper>
      <DeleteDialog
        record={deleting}
        title={(s) => `Delete stream ${s.id}?`}
        confirmLabel="Delete stream"
        mutation={remove}
        deleted={(s) => `Deleted stream ${s.id}`}
        onDeleted={(s) => s.id === playing && play(null)}
        onClose={() => setDeleting(null)}
      >
        Its URL stops playing. The capture keeps its content; the service does not make this stream again.
      </DeleteDialog>
    </Box>
  );
}
