/**
 * `/compose`: the compositions of the account, newest first, and the way to start a new one.
 * Standard compositions are found by their states (COMPOSE_*); encoder compositions are live
 * events with a playlist attached (liveComposePlaylistId), which GET /event/ cannot filter on, so
 * they are picked from the most recent events.
 */
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import PlaylistIcon from '@mui/icons-material/QueueMusicOutlined';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { describeApiError } from '#app/api-errors.ts';
import { useConnection } from '#app/connection-context.tsx';
import { resolveBaseUrl } from '#app/connection.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { PageHeader } from '#components/page-header.tsx';
import { StateChip } from '#components/state-chip.tsx';
import { compositionKindOf } from './playlist-model.ts';
import { KIND_LABEL } from './playlist-settings.tsx';

const COMPOSE_STATES = 'COMPOSE_GENERATING,COMPOSE_PUBLIC,COMPOSE_PRIVATE,COMPOSE_WAITING,COMPOSE_ERROR';
const RECENT = 300;

export default function ComposeListPage() {
  useDocumentTitle('Playlists');
  const connection = useConnection();
  const serviceUrl = resolveBaseUrl(connection.baseUrl);
  const standard = useQuery(api.event.list.queryOptions({ query: { eventState: COMPOSE_STATES, pageSize: 200, order: 'DESC', orderColumn: 'DisplayLiveStart' } }));
  const recent = useQuery(api.event.list.queryOptions({ query: { pageSize: RECENT, order: 'DESC', orderColumn: 'DisplayLiveStart' } }));
  const byId = new Map<string, Event>();
  for (const e of standard.data?.results ?? []) byId.set(e.id, e);
  for (const e of recent.data?.results ?? []) if (e.liveComposePlaylistId) byId.set(e.id, e);
  const rows = [...byId.values()].sort((a, b) => (parseServiceDate(b.dateModified)?.getTime() ?? 0) - (parseServiceDate(a.dateModified)?.getTime() ?? 0));
  const pending = standard.isPending || recent.isPending;
  const error = standard.error ?? recent.error;

  return (
    <>
      <PageHeader
        title="Playlists"
        subtitle={pending ? 'Loading…' : `${rows.length} ${rows.length === 1 ? 'composition' : 'compositions'}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/compose/new?type=standard">
              Standard composition
            </Button>
            <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to="/compose/new?type=encoder">
              Encoder composition
            </Button>
          </Box>
        }
      />
      {error && !standard.data ? (
        <ErrorState title="Could not load the compositions" message={describeApiError(error, { serviceUrl }).message} actions={<Button onClick={() => void standard.refetch()}>Retry</Button>} />
      ) : pending ? (
        <Skeleton variant="rounded" height={240} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<PlaylistIcon />} title="No compositions yet" hint="A standard composition generates one video from recorded events; an encoder composition plays events and MP4 files live on a channel." />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label="Compositions">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>State</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Modified</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((event) => {
                const modified = parseServiceDate(event.dateModified);
                return (
                  <TableRow key={event.id} hover>
                    <TableCell sx={{ maxWidth: 420 }}>
                      <Link component={RouterLink} to={`/compose/${event.id}`} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                        {event.title || 'Untitled'}
                      </Link>
                    </TableCell>
                    <TableCell>{KIND_LABEL[compositionKindOf(event)]}</TableCell>
                    <TableCell>
                      <StateChip state={event.state} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{modified ? formatDateTime(modified) : '—'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
        Encoder compositions are listed from the {RECENT} most recent events; older ones open from their event page.
      </Typography>
    </>
  );
}
