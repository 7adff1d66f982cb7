/**
 * The delivery log of one webhook (GET /webhook/{id}/deliveries, newest first), on the one table:
 * each delivery with what it notified, its status, the receiver's last answer and latency, its
 * attempts and the next retry. A row (or its "Show attempts" button) opens the delivery in a
 * drawer with every attempt. Filter by status, page through, redeliver any delivery, or select several and redeliver them at once. The view is
 * in the URL (`status`, `page`, `pageSize`, `delivery`); it refreshes every few seconds while a
 * delivery on the page is still open (queued, retrying, sending), calmly otherwise.
 */
import { useCallback, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import type { WebhookDelivery } from '#schema';
import { EmptyState } from '#components/empty-state.tsx';
import { ExportButton } from '#components/export-button.tsx';
import { api } from '#app/api.ts';
import { ErrorState } from '#components/error-state.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import { STATUS_FILTERS } from './delivery-format.ts';
import { DeliveryDrawer } from './delivery-attempts.tsx';
import { DeliveryBulkActions } from './delivery-bulk-actions.tsx';
import { useDeliveryColumns } from './delivery-columns.tsx';
import { isOpen, useDeliveryLog } from './use-delivery-log.ts';
import type { DeliveryStatusFilter } from './use-webhooks.ts';

export interface DeliveryLogProps {
  webhookId: string;
  /** A system-wide webhook's deliveries are about many events: name and link each. */
  showEvent: boolean;
}

const filterLabel = (status: DeliveryStatusFilter) => STATUS_FILTERS.find((f) => f.value === status)?.label.toLowerCase() ?? status;

export function DeliveryLog({ webhookId, showEvent }: DeliveryLogProps) {
  const { status, setStatus, grid, query, rows, doRedeliver, redeliveringId, opened, setOpen, describeError } = useDeliveryLog(webhookId);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const headingId = useId();
  const page = query.data;
  const openCount = rows.filter(isOpen).length;
  const open = useCallback((delivery: WebhookDelivery) => setOpen(delivery.id), [setOpen]);
  const columns = useDeliveryColumns({ narrow, showEvent, onOpen: open, onRedeliver: doRedeliver, redeliveringId });
  const [selection, setSelection] = useState<string[]>([]);
  const selected = rows.filter((row) => selection.includes(row.id));

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: '1 1 auto' }}>
          Delivery log
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={status} onChange={(_e, value: DeliveryStatusFilter | null) => value && setStatus(value)} aria-label="Show deliveries">
          {STATUS_FILTERS.map((f) => (
            <ToggleButton key={f.value} value={f.value} sx={{ px: 1.5 }}>
              {f.value === 'failed' && !narrow ? 'Failed only' : f.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ExportButton operation={api.webhook.exportDeliveriesCsv} input={{ params: { id: webhookId }, query: status !== 'all' ? { status } : {} }} what="the delivery log" label={narrow ? 'CSV' : 'Export CSV'} />
        <Tooltip title="Refresh (r)" describeChild>
          <span>
            <IconButton aria-label="Refresh the delivery log" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Typography component="div" variant="body2" aria-live="polite" sx={{ color: 'text.secondary', mb: 1, minHeight: 20 }}>
        {page &&
          `${page.totalCount.toLocaleString()} ${page.totalCount === 1 ? 'delivery' : 'deliveries'}${status !== 'all' ? ` ${filterLabel(status)}` : ''}` +
            (openCount > 0 ? ` · ${openCount} still open on this page` : '')}
      </Typography>

      <DeliveryBulkActions selected={selected} onClearSelection={() => setSelection([])} />
      {query.error && !page ? (
        <ErrorState
          title="Could not load the delivery log"
          message={describeError(query.error).message}
          actions={
            <Button variant="contained" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined">
          {query.error && (
            <Alert severity="warning" sx={{ borderRadius: 0 }}>
              The last refresh failed: {describeError(query.error).message}
            </Alert>
          )}
          <ServerDataGrid<WebhookDelivery, never>
            label="Deliveries"
            rows={rows}
            columns={columns}
            rowCount={page?.totalCount}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            {...grid}
            onRowClick={open}
            selection={selection}
            onSelectionChange={setSelection}
            selectionHideBelow="sm"
            rowHeight={narrow ? 92 : 72}
            empty={
              <EmptyState
                icon={<InboxIcon />}
                title={status === 'all' ? 'No deliveries yet' : `No ${filterLabel(status)} deliveries`}
                hint={status === 'all' ? 'A delivery is made for every change of the events this webhook is for. Send a test to try the receiver now.' : 'Other deliveries may be under All.'}
                action={status !== 'all' ? <Button onClick={() => setStatus('all')}>Show all deliveries</Button> : undefined}
              />
            }
          />
        </Paper>
      )}
      <DeliveryDrawer delivery={opened} onClose={() => setOpen(null)} />
    </Box>
  );
}
