/**
 * The alert centre: everything that needs an operator in one list, newest first, live from the
 * change feed (use-alerts.ts). Each alert says what happened and why, leads to the thing, and
 * offers its fix where there is one (retry, redeliver, generate again; a destination is
 * re-activated on its page). Acknowledging (one, or the selected ones) takes an alert off the
 * open list until it happens again; "All" shows the acknowledged ones too. The view is in the URL
 * (`show=all`, page, size).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import DoneIcon from '@mui/icons-material/DoneAll';
import CalmIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import type { Alert } from '#schema';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { BulkToolbar } from '#components/bulk-toolbar.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ServerDataGrid } from '#components/server-data-grid.tsx';
import { definePagedView, setParam, usePagedView } from '#components/use-paged-view.ts';
import { pageOf } from '#components/whole-list.ts';
import { alertColumns } from './alert-columns.tsx';
import { useAlerts } from './use-alerts.ts';

const VIEW = definePagedView<never, { all: boolean }>({
  pageSizes: [25, 50, 100],
  filters: { parse: (p) => ({ all: p.get('show') === 'all' }), write: (f, next) => setParam(next, 'show', f.all ? 'all' : null) },
});

export default function AlertsPage() {
  const describe = useDescribeError();
  const [view, setView, grid] = usePagedView(VIEW);
  const alerts = useAlerts(view.filters.all);
  const [selection, setSelection] = useState<string[]>([]);
  const open = alerts.data?.open;
  useDocumentTitle('Alerts');

  const acknowledge = useMutation({
    ...api.alert.acknowledge.mutationOptions(),
    onSuccess: ({ acknowledged }) => {
      setSelection([]);
      notify(`${acknowledged} ${acknowledged === 1 ? 'alert' : 'alerts'} acknowledged: off the open list until it happens again`, { severity: 'success' });
    },
    onError: (error) => notify(`Could not acknowledge: ${describe(error).message}`, { severity: 'error' }),
  });
  const rows = alerts.data?.alerts ?? [];
  const selectedOpen = rows.filter((a) => selection.includes(a.id) && a.acknowledgedAt === null).map((a) => a.id);
  const columns = alertColumns({ onAcknowledge: (alert: Alert) => acknowledge.mutate({ body: { ids: [alert.id] } }), acknowledging: acknowledge.isPending });

  return (
    <>
      <PageHeader
        title="Alerts"
        subtitle={open === undefined ? undefined : open === 0 ? 'Nothing needs you now' : `${open} open · newest first · updates live`}
        actions={
          <ToggleButtonGroup size="small" exclusive value={view.filters.all ? 'all' : 'open'} onChange={(_e, next: string | null) => next && setView({ filters: { all: next === 'all' } })} aria-label="Show">
            <ToggleButton value="open">Open{open ? ` (${open})` : ''}</ToggleButton>
            <ToggleButton value="all">All</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <BulkToolbar count={selection.length} onClearSelection={() => setSelection([])}>
        <Button size="small" variant="outlined" startIcon={<DoneIcon />} disabled={selectedOpen.length === 0 || acknowledge.isPending} onClick={() => acknowledge.mutate({ body: { ids: selectedOpen } })}>
          Acknowledge {selectedOpen.length}
        </Button>
      </BulkToolbar>
      {alerts.error && !alerts.data ? (
        <ErrorState
          title="Could not load the alerts"
          message={describe.action(alerts.error, 'alert.list')}
          actions={
            <Button variant="contained" onClick={() => void alerts.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined">
          <ServerDataGrid<Alert, never>
            label="Alerts"
            rows={pageOf(rows, view)}
            columns={columns}
            rowCount={rows.length}
            loading={alerts.isPending}
            {...grid}
            selection={selection}
            onSelectionChange={setSelection}
            selectionHideBelow="sm"
            rowHeight="auto"
            empty={
              <EmptyState
                icon={<CalmIcon />}
                title={view.filters.all ? 'No alerts' : 'Nothing needs you now'}
                hint="Failed or stalled publications, webhooks given up, capture gaps, encoder faults, failed downloads and media work, and destinations to re-authorise show here as they happen."
                action={
                  !view.filters.all ? (
                    <Button component={RouterLink} to="/alerts?show=all">
                      Show the acknowledged ones
                    </Button>
                  ) : undefined
                }
              />
            }
          />
        </Paper>
      )}
      <Box sx={{ height: 8 }} />
    </>
  );
}
