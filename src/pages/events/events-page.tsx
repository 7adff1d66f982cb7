// Over ~250 lines on purpose: the page wires the view, the query, the stable rows, the selection and the grid's columns together; its parts (filter bar, status strip, bulk actions, the list, empty state, columns, density) live apart.
/**
 * Events: the tenant's events, a page at a time, filtered, paged and sorted by the service. The
 * view (filters, page, size, sort) is in the URL; by default it opens on today onwards, soonest
 * first. Above the list a status strip counts what needs attention; selected rows take bulk
 * actions. Data comes only through `api` (see `#app/api.ts`), so a test can route it into the
 * in-process server.
 */
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import DeletedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ExportButton } from '#components/export-button.tsx';
import { usePagedView } from '#components/use-paged-view.ts';
import { DensityMenu, rowHeightOf, useDensity } from './density.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { choicesFrom, useColumnPreferences } from './column-preferences.ts';
import { columnsFor, responsiveVisibility } from './event-columns.tsx';
import { activeTile, CLEARED_FILTERS, type StatusTile } from './event-filters.ts';
import { DEFAULT_EVENTS_FILTERS, EVENTS_VIEW, eventsViewToQuery, sameFilters, type EventsFilters } from './events-view.ts';
import { FilterBar } from './filter-bar.tsx';
import { useStableRows } from './stable-rows.ts';
import { StatusStrip } from './status-strip.tsx';
import { useFilterLookups } from './use-filter-lookups.ts';
import { countEvents } from './bulk.ts';
import { eventsListOptions } from './events-query.ts';
import { EventsList } from './events-list.tsx';
import { useInteraction, useScreenWidth } from './use-events-screen.ts';

/** The list's filters and order, for its export (every page is in the file). */
const withoutPaging = ({ pageSize: _size, pageNumber: _page, noCache: _cache, ...rest }: ReturnType<typeof eventsViewToQuery>) => rest;

export default function EventsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Events');
  const [view, setView, grid] = usePagedView(EVENTS_VIEW);
  const connectionDialog = useConnectionDialog();
  const width = useScreenWidth();
  const phone = width === 'xs';
  const lookups = useFilterLookups();
  const [choices, setChoices] = useColumnPreferences();
  const [density, setDensity] = useDensity();
  const [selection, setSelection] = useState<string[]>([]);
  const [bulkBusy, setBulkBusy] = useState(false);
  const { interacting, handlers } = useInteraction();
  const searchRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const openEvent = useCallback((id: string) => void navigate(`/events/${id}`), [navigate]);

  const query = eventsViewToQuery(view);
  const viewKey = JSON.stringify(query);
  // A new view (page, filter, order) starts with nothing selected: a selection is of rows seen.
  const [selectionKey, setSelectionKey] = useState(viewKey);
  if (selectionKey !== viewKey) {
    setSelectionKey(viewKey);
    setSelection([]);
  }

  const events = useQuery({
    ...eventsListOptions(query),
    placeholderData: keepPreviousData,
  });
  const { data, error, isFetching, isPending, isPlaceholderData, refetch } = events;
  const stable = useStableRows(isPlaceholderData ? undefined : data?.results, viewKey, interacting || bulkBusy || selection.length > 0);
  const placeholderRows = isPlaceholderData ? data?.results : undefined;
  // The rows (and their total) reach the list in a transition: their first arrival, a refetch or a
  // change render the list in slices, after the rest of the page (which they do not change).
  const rows = useDeferredValue(useMemo(() => placeholderRows ?? stable.rows, [placeholderRows, stable.rows]));
  const rowCount = useDeferredValue(data?.totalCount);
  const selectedEvents = useMemo(() => rows.filter((row) => selection.includes(row.id)), [rows, selection]);

  const create = useCan()(api.event.upsert);
  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / view.pageSize)) : undefined;
  useHotkeys([
    { keys: 'r', description: 'Refresh the list', group: 'Events', run: () => (stable.changes > 0 ? stable.release() : void refetch()) },
    { keys: '/', description: 'Search the events', group: 'Events', run: () => searchRef.current?.focus() },
    { keys: 'n', description: 'New event', group: 'Events', run: () => create.allowed && void navigate('/events/new') },
    {
      keys: '[',
      description: 'Previous page',
      group: 'Events',
      run: () => view.page > 1 && setView({ page: view.page - 1 }),
    },
    {
      keys: ']',
      description: 'Next page',
      group: 'Events',
      run: () => lastPage !== undefined && view.page < lastPage && setView({ page: view.page + 1 }),
    },
  ]);

  const columns = useMemo(() => columnsFor(width), [width]);
  const defaults = useMemo(() => responsiveVisibility(width), [width]);
  const columnVisibilityModel = useMemo(() => ({ ...defaults, ...choices }), [defaults, choices]);
  const onColumnVisibilityChange = useCallback(
    (model: GridColumnVisibilityModel) => setChoices(choicesFrom({ ...columnVisibilityModel, ...model }, defaults)),
    [columnVisibilityModel, defaults, setChoices],
  );
  const described = error ? describeError(error) : undefined;
  const tile = activeTile(view.filters);
  const filtered = !sameFilters(view.filters, CLEARED_FILTERS);

  const tileId = tile?.id;
  const selectTile = useCallback(
    (next: StatusTile) => setView({ filters: tileId === next.id ? DEFAULT_EVENTS_FILTERS : next.filters }),
    [tileId, setView],
  );
  const onFiltersChange = useCallback(
    (filters: Partial<EventsFilters>, options?: { replace?: boolean }) => setView({ filters }, { replace: options?.replace }),
    [setView],
  );
  // What the rows' arrival does not change is made once per change of its own inputs, so the
  // render that brings the rows leaves it alone.
  const statusStrip = useMemo(() => <StatusStrip active={tileId} onSelect={selectTile} />, [tileId, selectTile]);
  const filterBar = useMemo(
    () => <FilterBar filters={view.filters} lookups={lookups} searchRef={searchRef} onChange={onFiltersChange} />,
    [view.filters, lookups, onFiltersChange],
  );

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

  const totalCount = data?.totalCount ?? 0;
  const onFirstPage = useCallback(() => setView({ page: 1 }), [setView]);
  const onClearFilters = useCallback(() => setView({ filters: CLEARED_FILTERS }), [setView]);
  const allDates = view.filters.range === 'all';
  const empty = useMemo(
    () => ({ totalCount, page: view.page, lastPage, filtered, allDates, onFirstPage, onClearFilters }),
    [totalCount, view.page, lastPage, filtered, allDates, onFirstPage, onClearFilters],
  );

  return (
    <>
      <PageHeader
        title="Events"
        subtitle={subtitle}
        actions={
          <>
            {/* On a phone the actions keep one line: Deleted events and Columns become icons. */}
            {phone ? (
              <Tooltip title="Deleted events">
                <IconButton component={RouterLink} to="/events/deleted" aria-label="Deleted events">
                  <DeletedIcon />
                </IconButton>
              </Tooltip>
            ) : (
              <Button component={RouterLink} to="/events/deleted">
                Deleted events
              </Button>
            )}
            <Button component={RouterLink} to="/events/new" variant="contained" startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }} disabled={!create.allowed} title={create.reason}>
              {phone ? 'New' : 'New event'}
              {phone && <VisuallyHidden> event</VisuallyHidden>}
            </Button>
            {!phone && <ExportButton operation={api.event.exportCsv} input={{ query: withoutPaging(query) }} what="the events" />}
            {!phone && <DensityMenu density={density} onChange={setDensity} />}
            <ColumnChooser iconOnly={phone} columns={columns} visibility={columnVisibilityModel} onChange={onColumnVisibilityChange} onReset={() => setChoices({})} />
            <Tooltip title="Refresh (r)">
              <span>
                <IconButton aria-label="Refresh the list" onClick={() => (stable.changes > 0 ? stable.release() : void refetch())} disabled={isFetching}>
                  <RefreshIcon />
                </IconButton>
              </span>
            </Tooltip>
          </>
        }
      />

      {statusStrip}
      {filterBar}

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
          {stable.changes > 0 && (
            <Alert
              severity="info"
              variant="outlined"
              sx={{ mb: 1, py: 0 }}
              action={
                <Button color="inherit" size="small" onClick={stable.release}>
                  Refresh
                </Button>
              }
            >
              {stable.changes === 1 ? '1 change' : `${stable.changes} changes`} since you started working with the list — rows are kept in place until
              you refresh.
            </Alert>
          )}
          <BulkActions selected={selectedEvents} eventTypes={lookups.eventTypes} onClearSelection={() => setSelection([])} onBusyChange={setBulkBusy} />
          <EventsList
            rows={rows}
            rowCount={rowCount}
            loading={isPending || isPlaceholderData}
            columns={columns}
            paging={grid}
            columnVisibilityModel={columnVisibilityModel}
            onColumnVisibilityChange={onColumnVisibilityChange}
            selection={selection}
            onSelectionChange={setSelection}
            // A phone stacks title and state in one cell: compact rows would cut it.
            rowHeight={phone ? Math.max(rowHeightOf(density), 56) : rowHeightOf(density)}
            empty={empty}
            onOpen={openEvent}
            interaction={handlers}
          />
        </>
      )}
    </>
  );
}
