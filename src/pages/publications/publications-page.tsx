/**
 * The publication monitor: every live and VOD publication of every event in one table, failed
 * first, with filters in the URL (state groups, kind, target, destination, event, content id,
 * created from/to), server paging, rows that update in place without moving under the pointer,
 * row actions fitting each state, bulk retry, start and stop with a summary per publication, and a detail drawer
 * (`?pub=<id>`) with the history, the target's view and the live statistics.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import PublicationsIcon from '@mui/icons-material/PodcastsOutlined';
import type { MonitorRow } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ExportButton } from '#components/export-button.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import { useDebounced } from '#components/use-debounced.ts';
import { setParam, usePagedView } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { useStableRows } from '#pages/events/index.ts';
import { isFiltered, MonitorFilterBar } from './monitor-filters.tsx';
import { MONITOR_VIEW, monitorFilterQuery, monitorQuery, type MonitorFilters } from './monitor-view.ts';
import { publicationColumns } from './publication-columns.tsx';
import { PublicationBulkActions } from './publication-bulk-actions.tsx';
import { PublicationDrawer } from './publication-drawer.tsx';

export default function PublicationsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Publications');
  const [params, setParams] = useUrlParams();
  const [paged, setView, grid] = usePagedView(MONITOR_VIEW);
  const view = paged.filters;
  const [selection, setSelection] = useState<string[]>([]);
  const [hovering, setHovering] = useState(false);
  const q = useDebounced(view.q, 300);
  // The monitor's own write: the row and bulk actions are off, each asked of its own operation.
  const work = useCan()(api.publicationMonitor.retry);

  const set = (changes: Partial<MonitorFilters>) => setView({ filters: changes });
  // The drawer (`?pub=<id>`) is not part of the list's view: opening it keeps the page.
  const openPublication = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      setParam(next, 'pub', id);
      return next;
    });

  const query = monitorQuery(view, q, paged.page, paged.pageSize);
  const monitor = useQuery({
    ...api.publicationMonitor.list.queryOptions({ query }),
    placeholderData: keepPreviousData,
    // Fast while something moves by itself (processing, waiting to start, live), slow otherwise.
  });

  const viewKey = JSON.stringify(query);
  const stable = useStableRows(monitor.isPlaceholderData ? undefined : monitor.data?.results, viewKey, hovering || selection.length > 0);
  const rows = stable.rows.length > 0 || !monitor.isPlaceholderData ? stable.rows : (monitor.data?.results ?? []);
  const selected = rows.filter((r) => selection.includes(r.id));

  const columns = publicationColumns({ showEvent: true });
  const counts = monitor.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const filtered = isFiltered(view);

  return (
    <>
      <PageHeader
        title="Publications"
        subtitle={total === undefined ? undefined : `${total} ${total === 1 ? 'publication' : 'publications'} · failed first`}
        actions={
          <>
            <ExportButton operation={api.publicationMonitor.exportCsv} input={{ query: monitorFilterQuery(view, q) }} what="the publications" />
            <Button component={RouterLink} to="/destinations">
              Destinations
            </Button>
          </>
        }
      />
      <RoleNotice permission={work}>This key reads the publications and changes none.</RoleNotice>
      <MonitorFilterBar view={view} counts={counts} set={set} onClear={() => setParams(new URLSearchParams())} />

      <PublicationBulkActions selected={selected} onClearSelection={() => setSelection([])} />
      {stable.changes > 0 && (
        <Box sx={{ display: 'flex', mb: 1 }}>
          <Button size="small" onClick={stable.release} sx={{ ml: 'auto' }}>
            {stable.changes} {stable.changes === 1 ? 'change' : 'changes'} — refresh
          </Button>
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
            rowCount={monitor.data?.totalCount}
            loading={monitor.isFetching && monitor.isPlaceholderData}
            {...grid}
            selection={selection}
            onSelectionChange={setSelection}
            selectionHideBelow="sm"
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

      <PublicationDrawer id={params.get('pub')} onClose={() => openPublication(null)} />
    </>
  );
}
