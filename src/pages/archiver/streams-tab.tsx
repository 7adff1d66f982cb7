/** Archiver streams: made by the service per capture of a playout profile; play one, delete one. */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import StreamIcon from '@mui/icons-material/LiveTvOutlined';
import type { ArchiverStream } from '#schema';
import { useDescribeError, useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTime, formatDateTimeRange } from '#components/format-time.ts';
import { Player } from '#components/player.tsx';
import { useUrlParams } from '#components/use-url-params.ts';

export function StreamsTab() {
  const serviceUrl = useServiceUrl();
  const describeError = useDescribeError();
  const streams = useQuery({ ...api.archiverStream.list.queryOptions({}), refetchInterval: 10_000 });
  const [params, setParams] = useUrlParams();
  const playing = Number(params.get('stream'));
  const [deleting, setDeleting] = useState<ArchiverStream | null>(null);
  const remove = useMutation(api.archiverStream.delete.mutationOptions());
  const now = new Date();
  const play = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('stream');
      else next.set('stream', String(id));
      return next;
    });
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
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Archiver streams">
          <TableHead>
            <TableRow>
              <TableCell>Id</TableCell>
              <TableCell>Capture</TableCell>
              <TableCell>Profile</TableCell>
              <TableCell>Range</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>Formats</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {streams.data.map((s) => (
              <TableRow key={s.id} hover selected={s.id === playing}>
                <TableCell>{s.id}</TableCell>
                <TableCell>{s.captureId}</TableCell>
                <TableCell>{s.profileId}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTimeRange(new Date(s.startTime), new Date(s.endTime), now)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.expiresAt ? formatDateTime(new Date(s.expiresAt), now) : 'Never'}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    {!s.uploaded && <Chip size="small" color="info" label="Uploading" />}
                    {s.streamingFormats.map((f) => (
                      <Chip key={f} size="small" variant="outlined" label={f} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <CopyButton text={s.ismUrl} what={`the URL of stream ${s.id}`} />
                  <Button size="small" onClick={() => play(s.id)} aria-label={`Play stream ${s.id}`}>
                    Play
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(s)} aria-label={`Delete stream ${s.id}`}>
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete stream ${deleting?.id ?? ''}?`}
        confirmLabel="Delete stream"
        destructive
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error).message : undefined}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { params: { id: deleting.id } },
            {
              onSuccess: (deleted) => {
                notify(`Deleted stream ${deleted.id}`, { severity: 'success' });
                if (deleted.id === playing) play(null);
                setDeleting(null);
              },
            },
          )
        }
      >
        Its URL stops playing. The capture keeps its content; the service does not make this stream again.
      </ConfirmDialog>
    </Box>
  );
}
