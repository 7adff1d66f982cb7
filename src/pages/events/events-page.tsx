/**
 * Events: every event of the tenant, a page at a time, paged and sorted by the service. The view
 * (page, size, sort) is in the URL. Data comes only through `api` (see `#app/api.ts`), so a test
 * can route it into the in-process server.
 */
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { describeApiError, isConnectionProblem } from '#app/api-errors.ts';
import { useConnection, useConnectionDialog } from '#app/connection-context.tsx';
import { resolveBaseUrl } from '#app/connection.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { isActiveState } from '#components/event-state.ts';
import { PageHeader } from '#components/page-header.tsx';
import { ServerDataGrid } from '#components/server-data-grid.tsx';
import { columnsFor, responsiveVisibility, type ScreenWidth } from './event-columns.tsx';
import { EVENT_PAGE_SIZES, eventsViewToQuery, useEventsView, type EventSortField } from './events-view.ts';

/** Fast while something on the page is live or changing, calm otherwise; paused in hidden tabs. */
const ACTIVE_REFRESH_MS = 5_000;
const IDLE_REFRESH_MS = 30_000;

function countEvents(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'event' : 'events'}`;
}

function useScreenWidth(): ScreenWidth {
  const below = (key: 'sm' | 'md' | 'lg' | 'xl') => (theme: Theme) => theme.breakpoints.down(key);
  const xs = useMediaQuery(below('sm'), { noSsr: true });
  const sm = useMediaQuery(below('md'), { noSsr: true });
  const md = useMediaQuery(below('lg'), { noSsr: true });
  const lg = useMediaQuery(below('xl'), { noSsr: true });
  return xs ? 'xs' : sm ? 'sm' : md ? 'md' : lg ? 'lg' : 'xl';
}

const eventId = (event: Event) => event.id;

export default function EventsPage() {
  useDocumentTitle('Events');
  const [view, setView] = useEventsView();
  const connection = useConnection();
  const connectionDialog = useConnectionDialog();
  const width = useScreenWidth();
  const [userVisibility, setUserVisibility] = useState<GridColumnVisibilityModel>({});

  const events = useQuery({
    ...api.event.list.queryOptions({ query: eventsViewToQuery(view) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((event) => isActiveState(event.state)) ? ACTIVE_REFRESH_MS : IDLE_REFRESH_MS),
  });
  const { data, error, isFetching, isPending, refetch } = events;

  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / view.pageSize)) : undefined;
  useHotkeys([
    { keys: 'r', description: 'Refresh the list', group: 'Events', run: () => void refetch() },
    {
      keys: '[',
      description: 'Previous page',
      group: 'Events',
      run: () => view.page > 1 && setView({ page: view.page - 1 }, { flushSync: true }),
    },
    {
      keys: ']',
      description: 'Next page',
      group: 'Events',
      run: () => lastPage !== undefined && view.page < lastPage && setView({ page: view.page + 1 }, { flushSync: true }),
    },
  ]);

  const columns = useMemo(() => columnsFor(width), [width]);
  const columnVisibilityModel = useMemo(() => ({ ...responsiveVisibility(width), ...userVisibility }), [width, userVisibility]);
  const serviceUrl = resolveBaseUrl(connection.baseUrl);
  const described = error ? describeApiError(error, { serviceUrl, hasKey: connection.apiKey !== null }) : undefined;

  const retryButton = (
    <Button variant="contained" onClick={() => void refetch()} disabled={isFetching}>
      {isFetching ? 'Retrying…' : 'Retry'}
    </Button>
  );
  const settingsButton = (
    <Button variant={described && isConnectionProblem(described.kind) ? 'outlined' : 'text'} onClick={() => connectionDialog.open()}>
      Connection settings
    </Button>
  );

  const subtitle = data
    ? `${countEvents(data.totalCount)}${isFetching ? ' · refreshing…' : ` · updated ${new Date(events.dataUpdatedAt).toLocaleTimeString()}`}`
    : isPending && !error
      ? 'Loading…'
      : '';

  const empty =
    data && data.totalCount > 0 ? (
      <EmptyState
        title={`Page ${view.page} is past the end of the list`}
        hint={`There ${data.totalCount === 1 ? 'is' : 'are'} ${countEvents(data.totalCount)}, on ${lastPage} ${lastPage === 1 ? 'page' : 'pages'}.`}
        action={
          <Button variant="outlined" onClick={() => setView({ page: 1 })}>
            Go to the first page
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<EventBusyIcon />}
        title="No events yet"
        hint="Events created for this account — through the service’s API or by an integration — appear here as soon as they exist."
      />
    );

  return (
    <>
      <PageHeader
        title="Events"
        subtitle={subtitle}
        actions={
          <Tooltip title="Refresh (r)">
            <span>
              <IconButton aria-label="Refresh the list" onClick={() => void refetch()} disabled={isFetching}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />

      {described && !data ? (
        <ErrorState
          title="Could not load the events"
          message={described.message}
          detail={described.detail}
          actions={
            <>
              {retryButton}
              {settingsButton}
            </>
          }
        />
      ) : (
        <>
          {described && data && (
            <Alert
              severity="warning"
              sx={{ mb: 1.5 }}
              action={
                <Button color="inherit" size="small" onClick={() => (isConnectionProblem(described.kind) ? connectionDialog.open() : void refetch())}>
                  {isConnectionProblem(described.kind) ? 'Connection settings' : 'Retry'}
                </Button>
              }
            >
              Showing the list as of {new Date(events.dataUpdatedAt).toLocaleTimeString()}: the last refresh failed. {described.message}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ flex: 1, minHeight: 360, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
            <ServerDataGrid<Event, EventSortField>
              label="Events"
              rows={data?.results ?? []}
              columns={columns}
              getRowId={eventId}
              rowCount={data?.totalCount}
              loading={isFetching}
              page={view.page}
              pageSize={view.pageSize}
              pageSizeOptions={EVENT_PAGE_SIZES}
              onPageChange={(page, pageSize) => setView({ page, pageSize })}
              sort={view.sort ? { field: view.sort, direction: view.order } : null}
              onSortChange={(sort) => setView(sort ? { sort: sort.field, order: sort.direction } : { sort: null })}
              empty={empty}
              columnVisibilityModel={columnVisibilityModel}
              onColumnVisibilityModelChange={(model) =>
                setUserVisibility(
                  Object.fromEntries(Object.entries(model).filter(([field, visible]) => (responsiveVisibility(width)[field] ?? true) !== visible)),
                )
              }
            />
          </Paper>
        </>
      )}
    </>
  );
}
