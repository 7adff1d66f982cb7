/**
 * `/compose`: the compositions of the account, newest first, and the way to start a new one.
 * Standard compositions are found by their states (COMPOSE_*); encoder compositions are live
 * events with a playlist attached (liveComposePlaylistId), which GET /event/ cannot filter on, so
 * they are picked from all events, read a page at a time (no row cap). The list is paged by the one
 * grid, in the URL like every list.
 */
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/AddRounded';
import PlaylistIcon from '@mui/icons-material/QueueMusicOutlined';
import type { EndpointInput, Event, endpoints } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { PageHeader } from '#components/page-header.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { StateChip } from '#components/state-chip.tsx';
import { pageOf } from '#components/whole-list.ts';
import { compositionKindOf } from './playlist-document.ts';
import { KIND_LABEL } from './playlist-settings.tsx';

const COMPOSE_STATES = 'COMPOSE_GENERATING,COMPOSE_PUBLIC,COMPOSE_PRIVATE,COMPOSE_WAITING,COMPOSE_ERROR';
const READ_PAGE = 500;
const COMPOSITIONS_VIEW = definePagedView({ pageSizes: [20, 50, 100] });

type EventQuery = NonNullable<EndpointInput<typeof endpoints.event.list>['query']>;

/** Every event of a query, a page at a time: the list has no row cap. */
async function allEvents(query: EventQuery, signal: AbortSignal): Promise<Event[]> {
  const rows: Event[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.event.list.call({ query: { ...query, pageSize: READ_PAGE, pageNumber } }, signal);
    rows.push(...page.results);
    if (page.results.length < READ_PAGE || rows.length >= page.totalCount) return rows;
  }
}

/** On a phone the title and the state; the type and the date stay on wider screens. */
const columns: ServerGridColDef<Event>[] = [
  {
    field: 'title',
    headerName: 'Title',
    flex: 2,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/compose/${row.id}`} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {row.title || 'Untitled'}
      </Link>
    ),
  },
  { field: 'type', headerName: 'Type', flex: 1, minWidth: 140, sortable: false, hideBelow: 'sm', valueGetter: (_v, row) => KIND_LABEL[compositionKindOf(row)] },
  { field: 'state', headerName: 'State', flex: 1, minWidth: 150, sortable: false, renderCell: ({ row }) => <StateChip state={row.state} /> },
  {
    field: 'modified',
    headerName: 'Modified',
    flex: 1,
    minWidth: 160,
    sortable: false,
    hideBelow: 'sm',
    valueGetter: (_v, row) => {
      const modified = parseServiceDate(row.dateModified);
      return modified ? formatDateTime(modified) : '—';
    },
  },
];

export default function ComposeListPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Playlists');
  const [view, , grid] = usePagedView(COMPOSITIONS_VIEW);
  const order = { order: 'DESC', orderColumn: 'DisplayLiveStart' } as const;
  const standard = useQuery({ queryKey: [...api.event.list.key(), 'all', 'compositions'], queryFn: ({ signal }) => allEvents({ eventState: COMPOSE_STATES, ...order }, signal) });
  const encoder = useQuery({
    queryKey: [...api.event.list.key(), 'all', 'encoder-compositions'],
    queryFn: async ({ signal }) => (await allEvents(order, signal)).filter((e) => e.liveComposePlaylistId),
  });
  const byId = new Map<string, Event>();
  for (const e of standard.data ?? []) byId.set(e.id, e);
  for (const e of encoder.data ?? []) byId.set(e.id, e);
  const rows = [...byId.values()].sort((a, b) => (parseServiceDate(b.dateModified)?.getTime() ?? 0) - (parseServiceDate(a.dateModified)?.getTime() ?? 0));
  const pending = standard.isPending || encoder.isPending;
  const error = standard.error ?? encoder.error;

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
        <ErrorState title="Could not load the compositions" message={describeError(error).message} actions={<Button onClick={() => void standard.refetch()}>Retry</Button>} />
      ) : (
        <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minHeight: 360 }}>
          <ServerDataGrid<Event>
            label="Compositions"
            rows={pageOf(rows, view)}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={pending ? undefined : rows.length}
            loading={pending}
            {...grid}
            empty={
              <EmptyState
                icon={<PlaylistIcon />}
                title="No compositions yet"
                hint="A standard composition generates one video from recorded events; an encoder composition plays events and MP4 files live on a channel."
              />
            }
          />
        </Paper>
      )}
    </>
  );
}
