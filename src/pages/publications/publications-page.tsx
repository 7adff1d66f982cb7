/**
 * The publication monitor: every live and VOD publication of every event in one table, failed
 * first, with filters in the URL (state groups, kind, target, destination, event, content id,
 * created from/to), server paging, rows that update in place without moving under the pointer,
 * row actions fitting each state, bulk start/stop of live publications, and a detail drawer
 * (`?pub=<id>`) with the history, the target's view and the live statistics.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PlayIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import PublicationsIcon from '@mui/icons-material/PodcastsOutlined';
import { DestinationTarget, endpoints, type MonitorRow } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api, getApiClient } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { DateTimeText } from '#components/date-time-text.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { EventPicker } from '#components/event-picker.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ServerDataGrid } from '#components/server-data-grid.tsx';
import { useDebounced } from '#components/use-debounced.ts';
import { definePagedView, setParam, usePagedView } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { useStableRows } from '#pages/events/index.ts';
import { PublicationActions } from './publication-actions.tsx';
import { PublicationDrawer } from './publication-drawer.tsx';
import { GROUP_LABELS, PublicationStateChip, stateGroup, TargetLabel, type StateGroup } from './targets.tsx';

const GROUPS: StateGroup[] = ['Failed', 'Processing', 'Scheduled', 'InProgress', 'Completed'];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A datetime-local value (local time, no zone) as ISO, or undefined. */
function localToIso(value: string | null): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export interface MonitorFilters {
  kind: 'live' | 'vod' | null;
  states: StateGroup[];
  target: string | null;
  destination: string | null;
  event: string | null;
  q: string;
  from: string | null;
  to: string | null;
}

/** The monitor's view in the URL: server paging (no sort: failed first, as the service orders it) and the filters. */
export const MONITOR_VIEW = definePagedView<never, MonitorFilters>({
  pageSizes: [25, 50, 100],
  defaultPageSize: 50,
  filters: {
    parse: (params) => {
      const kind = params.get('kind');
      const target = params.get('target');
      const destination = params.get('destination');
      const event = params.get('event');
      return {
        kind: kind === 'live' || kind === 'vod' ? kind : null,
        states: (params.get('states') ?? '').split(',').filter((s): s is StateGroup => (GROUPS as string[]).includes(s)),
        target: target && (DestinationTarget.names as readonly string[]).includes(target) ? target : null,
        destination: destination && GUID.test(destination) ? destination : null,
        event: event && GUID.test(event) ? event : null,
        q: params.get('q') ?? '',
        from: params.get('from'),
        to: params.get('to'),
      };
    },
    write: (filters, next) => {
      setParam(next, 'kind', filters.kind);
      setParam(next, 'states', filters.states.join(','));
      setParam(next, 'target', filters.target);
      setParam(next, 'destination', filters.destination);
      setParam(next, 'event', filters.event);
      setParam(next, 'q', filters.q);
      setParam(next, 'from', filters.from);
      setParam(next, 'to', filters.to);
    },
  },
});

export default function PublicationsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Publications');
  const [params, setParams] = useUrlParams();
  const [paged, setView, grid] = usePagedView(MONITOR_VIEW);
  const view = paged.filters;
  const [selection, setSelection] = useState<string[]>([]);
  const [hovering, setHovering] = useState(false);
  const [bulk, setBulk] = useState<'start' | 'stop' | null>(null);
  const q = useDebounced(view.q, 300);

  const set = (changes: Partial<MonitorFilters>) => setView({ filters: changes });
  // The drawer (`?pub=<id>`) is not part of the list's view: opening it keeps the page.
  const openPublication = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      setParam(next, 'pub', id);
      return next;
    });

  const query = {
    ...(view.kind ? { kind: view.kind } : {}),
    ...(view.states.length > 0 ? { states: view.states.join(',') } : {}),
    ...(view.target ? { targetFilter: view.target } : {}),
    ...(view.destination ? { destinationId: view.destination } : {}),
    ...(view.event ? { eventId: view.event } : {}),
    ...(q ? { contentIdFilter: q } : {}),
    ...(localToIso(view.from) ? { from: localToIso(view.from) } : {}),
    ...(localToIso(view.to) ? { to: localToIso(view.to) } : {}),
    pageNumber: paged.page,
    pageSize: paged.pageSize,
  };
  const monitor = useQuery({
    ...api.publicationMonitor.list.queryOptions({ query }),
    placeholderData: keepPreviousData,
    // Fast while something moves by itself (processing, waiting to start, live), slow otherwise.
    refetchInterval: (q2) => ((q2.state.data?.results ?? []).some((r) => ['Processing', 'Scheduled', 'InProgress'].includes(stateGroup(r.kind, r.publicationState))) ? 3_000 : 15_000),
  });
  const destinations = useQuery(api.mediaDestination.list.queryOptions({}));

  const viewKey = JSON.stringify(query);
  const stable = useStableRows(monitor.isPlaceholderData ? undefined : monitor.data?.results, viewKey, hovering || selection.length > 0);
  const rows = stable.rows.length > 0 || !monitor.isPlaceholderData ? stable.rows : (monitor.data?.results ?? []);
  const selected = rows.filter((r) => selection.includes(r.id));
  const selectedLive = selected.filter((r) => r.kind === 'live');

  const bulkRun = useMutation({
    mutationFn: async (action: 'start' | 'stop') => {
      const byEvent = new Map<string, MonitorRow[]>();
      for (const r of selectedLive) byEvent.set(r.eventId ?? '', [...(byEvent.get(r.eventId ?? '') ?? []), r]);
      let ok = 0;
      for (const [eventId, list] of byEvent) {
        const result = await getApiClient().call(action === 'start' ? endpoints.livePublication.startAll : endpoints.livePublication.stopAll, {
          body: { eventId, publications: list.map((r) => ({ publicationId: r.id, destinationId: r.destinationId })) },
        });
        ok += result.filter((p) => (action === 'start' ? p.publicationStateString === 'InProgress' || (p.publicationState === 1) : p.publicationState !== 2)).length;
      }
      return ok;
    },
    meta: { invalidates: ['livePublication', 'publicationMonitor'] },
    onSuccess: (ok, action) => {
      const failed = selectedLive.length - ok;
      notify(`${action === 'start' ? 'Started' : 'Stopped'} ${ok} of ${selectedLive.length}${failed > 0 ? `; ${failed} had a fault: see their reasons` : ''}`, { severity: failed > 0 ? 'warning' : 'success' });
      setBulk(null);
      setSelection([]);
    },
  });

  const columns = useMemo<GridColDef<MonitorRow>[]>(
    () => [
      {
        field: 'publicationState',
        headerName: 'State',
        // Fits the longest chip ("Destination failed", "Processing 100 %") with its icon; with the
        // other widths and minimums the columns fit 1440 px without scrolling sideways.
        width: 172,
        sortable: false,
        renderCell: ({ row }) => <PublicationStateChip kind={row.kind} state={row.publicationState} stateString={row.publicationStateString} progress={row.progress} />,
      },
      { field: 'actions', headerName: 'Actions', renderHeader: () => <VisuallyHidden>Actions</VisuallyHidden>, width: 48, sortable: false, renderCell: ({ row }) => <PublicationActions row={row} /> },
      {
        field: 'target',
        headerName: 'Target',
        width: 160,
        sortable: false,
        // The kind (live or VOD, direct or by event) under the target, as the dates carry their
        // age: one column fewer, and long target names keep their room.
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0, height: '100%', lineHeight: 1.3 }}>
            <TargetLabel target={row.target} />
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }} noWrap>
              {row.kind === 'live' ? 'Live' : row.api === 'direct' ? 'VOD, direct' : 'VOD'}
            </Typography>
          </Box>
        ),
      },
      { field: 'destinationName', headerName: 'Destination', width: 140, sortable: false },
      {
        field: 'eventTitle',
        headerName: 'Event',
        flex: 1,
        minWidth: 130,
        sortable: false,
        renderCell: ({ row }) =>
          row.eventId ? (
            <Link component={RouterLink} to={`/events/${row.eventId}?tab=publications`} onClick={(e) => e.stopPropagation()} noWrap title={row.eventTitle ?? undefined}>
              {row.eventTitle ?? row.eventId}
            </Link>
          ) : (
            '—'
          ),
      },
      {
        field: 'reason',
        headerName: 'Reason',
        flex: 1.2,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography variant="body2" noWrap title={row.reason ?? undefined} sx={{ color: row.publicationState >= 4 ? 'error.main' : 'text.secondary', lineHeight: 'inherit' }}>
            {row.reason ?? ''}
          </Typography>
        ),
      },
      { field: 'dateCreated', headerName: 'Created', width: 150, sortable: false, renderCell: ({ row }) => <DateTimeText value={row.dateCreated} /> },
      { field: 'dateStarted', headerName: 'Started', width: 140, sortable: false, renderCell: ({ row }) => <DateTimeText value={row.dateStarted} /> },
      { field: 'dateCompleted', headerName: 'Completed', width: 150, sortable: false, renderCell: ({ row }) => <DateTimeText value={row.dateCompleted} /> },
      { field: 'contentId', headerName: 'Content id', width: 140, sortable: false },
    ],
    [],
  );

  // Below a wide screen the start date and the content id stay in the drawer (and the content id
  // filter), so the other columns fit without a horizontal scroll (1440 px: no overflow).
  const wide = useMediaQuery('(min-width: 1760px)');
  const columnVisibility = useMemo(() => {
    const hidden: Record<string, boolean> = wide ? {} : { dateStarted: false, contentId: false };
    return hidden;
  }, [wide]);

  const counts = monitor.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const filtered = view.kind || view.states.length > 0 || view.target || view.destination || view.event || view.q || view.from || view.to;
  const toggleGroup = (g: StateGroup) => {
    const next = view.states.includes(g) ? view.states.filter((s) => s !== g) : [...view.states, g];
    set({ states: next });
  };

  return (
    <>
      <PageHeader
        title="Publications"
        subtitle={total === undefined ? undefined : `${total} ${total === 1 ? 'publication' : 'publications'} · failed first`}
        actions={
          <Button component={RouterLink} to="/destinations">
            Destinations
          </Button>
        }
      />
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Filter by state">
        {GROUPS.map((g) => {
          const on = view.states.includes(g);
          const n = counts?.[g];
          return (
            <Chip
              key={g}
              label={`${GROUP_LABELS[g]}${n === undefined ? '' : ` ${n}`}`}
              color={g === 'Failed' && (n ?? 0) > 0 ? 'error' : on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleGroup(g)}
              aria-pressed={on}
            />
          );
        })}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup size="small" exclusive value={view.kind ?? 'all'} onChange={(_e, v: string | null) => v && set({ kind: v === 'all' ? null : (v as 'live' | 'vod') })} aria-label="Kind">
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="live">Live</ToggleButton>
          <ToggleButton value="vod">VOD</ToggleButton>
        </ToggleButtonGroup>
        <TextField select size="small" label="Target" value={view.target ?? ''} onChange={(e) => set({ target: e.target.value || null })} sx={{ minWidth: 150 }}>
          <MenuItem value="">Any target</MenuItem>
          {DestinationTarget.names.map((n) => (
            <MenuItem key={n} value={n}>
              <TargetLabel target={DestinationTarget.values[n]} />
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Destination" value={view.destination ?? ''} onChange={(e) => set({ destination: e.target.value || null })} sx={{ minWidth: 180 }}>
          <MenuItem value="">Any destination</MenuItem>
          {(destinations.data ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ width: 260 }}>
          <EventPicker value={view.event} onChange={(id) => set({ event: id })} label="Event" size="small" />
        </Box>
        <TextField size="small" label="Content id" value={view.q} onChange={(e) => set({ q: e.target.value })} sx={{ width: 160 }} />
        <TextField size="small" type="datetime-local" label="Created from" value={view.from ?? ''} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="datetime-local" label="Created before" value={view.to ?? ''} onChange={(e) => set({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        {filtered && (
          <Button size="small" onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </Button>
        )}
      </Box>

      {(selected.length > 0 || stable.changes > 0) && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          {selected.length > 0 && (
            <>
              <Typography variant="body2">
                {selected.length} selected{selectedLive.length < selected.length ? ` (${selectedLive.length} live)` : ''}
              </Typography>
              <Button size="small" variant="outlined" startIcon={<PlayIcon />} disabled={selectedLive.length === 0} onClick={() => bulkRun.mutate('start')}>
                Start
              </Button>
              <Button size="small" variant="outlined" color="error" startIcon={<StopIcon />} disabled={selectedLive.length === 0} onClick={() => setBulk('stop')}>
                Stop
              </Button>
              <Button size="small" onClick={() => setSelection([])}>
                Clear selection
              </Button>
            </>
          )}
          {stable.changes > 0 && (
            <Button size="small" onClick={stable.release} sx={{ ml: 'auto' }}>
              {stable.changes} {stable.changes === 1 ? 'change' : 'changes'} — refresh
            </Button>
          )}
        </Box>
      )}

      {monitor.error && !monitor.data ? (
        <ErrorState
          title="Could not load the publications"
          message={describeError(monitor.error).message}
          actions={
            <Button variant="contained" onClick={() => void monitor.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined" onPointerEnter={() => setHovering(true)} onPointerLeave={() => setHovering(false)}>
          {monitor.error && <Alert severity="warning">Could not refresh: {describeError(monitor.error).message}. Showing the last rows received.</Alert>}
          <ServerDataGrid<MonitorRow, never>
            label="Publications"
            rows={rows}
            columns={columns}
            columnVisibilityModel={columnVisibility}
            rowCount={monitor.data?.totalCount}
            loading={monitor.isFetching && monitor.isPlaceholderData}
            {...grid}
            selection={selection}
            onSelectionChange={setSelection}
            onRowClick={(row) => openPublication(row.id)}
            empty={
              <EmptyState
                icon={<PublicationsIcon />}
                title={filtered ? 'No publication matches these filters' : 'No publications yet'}
                hint={filtered ? 'Clear a filter to see more.' : 'Publish an event live or on demand from its Publications tab; every publication of every event shows here.'}
              />
            }
          />
        </Paper>
      )}

      <ConfirmDialog
        open={bulk === 'stop'}
        title={`Stop ${selectedLive.length} live ${selectedLive.length === 1 ? 'publication' : 'publications'}?`}
        confirmLabel="Stop"
        destructive
        busy={bulkRun.isPending}
        error={bulkRun.error ? describeError(bulkRun.error).message : undefined}
        onConfirm={() => bulkRun.mutate('stop')}
        onClose={() => setBulk(null)}
      >
        <Typography>Their broadcasts end for everyone watching them on their targets. Waiting ones will not start.</Typography>
      </ConfirmDialog>

      <PublicationDrawer id={params.get('pub')} onClose={() => openPublication(null)} />
    </>
  );
}
