/**
 * The delivery log of one webhook (GET /webhook/{id}/deliveries, newest first): each delivery
 * with what it notified, its status, the receiver's last answer and latency, its attempts and
 * the next retry; opened, every attempt with its time, status code, latency, error and response
 * excerpt. Filter by status, page through, redeliver any delivery. The view is in the URL
 * (`status`, `page`, `size`, `delivery`); it refreshes every few seconds while a delivery on the
 * page is still open (queued, retrying, sending), calmly otherwise, and not in a hidden tab.
 */
import { Fragment, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import type { WebhookAttempt, WebhookDelivery } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { DateTimeText } from '#components/date-time-text.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatRelative, parseServiceDate } from '#components/format-time.ts';
import { useNow } from '#components/use-now.ts';
import { setParam, usePagedView } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { deliveryStatusInfo, formatLatency, httpStatusText, isSuccessCode, lastAttempt, notificationFlags, shortId, STATUS_FILTERS } from './delivery-format.ts';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';
import { ResponseExcerpt } from './send-test.tsx';
import { DELIVERY_LOG_VIEW, type DeliveryStatusFilter } from './use-webhooks.ts';

/** While a delivery on the page is open; otherwise new deliveries show within half a minute. */
export const OPEN_REFRESH_MS = 2_000;
export const IDLE_REFRESH_MS = 30_000;

export interface DeliveryLogProps {
  webhookId: string;
  /** A system-wide webhook's deliveries are about many events: name and link each. */
  showEvent: boolean;
}

function isOpen(delivery: WebhookDelivery): boolean {
  return deliveryStatusInfo(delivery).open;
}

export function DeliveryLog({ webhookId, showEvent}: DeliveryLogProps) {
  const describeError = useDescribeError();
  const [paged, setPaged] = usePagedView(DELIVERY_LOG_VIEW);
  const [params, setParams] = useUrlParams();
  const view = { ...paged, status: paged.filters.status, delivery: params.get('delivery') };
  const setView = (patch: { status?: DeliveryStatusFilter; page?: number; pageSize?: number }) =>
    setPaged({ page: patch.page, pageSize: patch.pageSize, ...(patch.status !== undefined ? { filters: { status: patch.status } } : {}) });
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const headingId = useId();
  const query = useQuery({
    ...api.webhook.deliveries.queryOptions({
      params: { id: webhookId },
      query: { pageSize: view.pageSize, pageNumber: view.page, ...(view.status !== 'all' ? { status: view.status } : {}) },
    }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.results.some(isOpen) ? OPEN_REFRESH_MS : IDLE_REFRESH_MS),
  });
  const redeliver = useMutation(api.webhook.redeliver.mutationOptions());
  const page = query.data;
  const rows = page?.results ?? [];
  const openCount = rows.filter(isOpen).length;
  const lastPage = page ? Math.max(1, Math.ceil(page.totalCount / view.pageSize)) : 1;

  const doRedeliver = (delivery: WebhookDelivery) => {
    redeliver.mutate(
      { params: { deliveryId: delivery.id } },
      {
        onSuccess: (created) =>
          notify(`Sending it again as a new delivery (${shortId(created.id)}).`, {
            severity: 'success',
            ...(view.status !== 'all' && view.status !== 'pending' ? { action: { label: 'Show all', onClick: () => setView({ status: 'all' }) } } : {}),
          }),
        onError: (error) => notify(`Could not redeliver: ${describeError(error).message}`, { severity: 'error' }),
      },
    );
  };

  useHotkeys([
    { keys: 'f', description: 'Failed deliveries only / all deliveries', group: 'Delivery log', run: () => setView({ status: view.status === 'failed' ? 'all' : 'failed' }) },
    { keys: 'r', description: 'Refresh the delivery log', group: 'Delivery log', run: () => void query.refetch() },
    { keys: '[', description: 'Previous page of deliveries', group: 'Delivery log', run: () => view.page > 1 && setView({ page: view.page - 1 }) },
    { keys: ']', description: 'Next page of deliveries', group: 'Delivery log', run: () => view.page < lastPage && setView({ page: view.page + 1 }) },
  ]);

  const toggle = (delivery: WebhookDelivery) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        setParam(next, 'delivery', view.delivery === delivery.id ? null : delivery.id);
        return next;
      },
      { replace: true },
    );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: '1 1 auto' }}>
          Delivery log
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.status}
          onChange={(_e, value: DeliveryStatusFilter | null) => value && setView({ status: value })}
          aria-label="Show deliveries"
        >
          {STATUS_FILTERS.map((f) => (
            <ToggleButton key={f.value} value={f.value} sx={{ px: 1.5 }}>
              {f.value === 'failed' && !narrow ? 'Failed only' : f.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
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
          `${page.totalCount.toLocaleString()} ${page.totalCount === 1 ? 'delivery' : 'deliveries'}${view.status !== 'all' ? ` ${STATUS_FILTERS.find((f) => f.value === view.status)?.label.toLowerCase()}` : ''}` +
            (openCount > 0 ? ` · ${openCount} still open on this page, refreshing every ${OPEN_REFRESH_MS / 1000} s` : '')}
      </Typography>

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
      ) : query.isPending ? (
        <Box aria-busy="true" aria-label="Loading the delivery log">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<InboxIcon />}
            title={view.status === 'all' ? 'No deliveries yet' : `No ${STATUS_FILTERS.find((f) => f.value === view.status)?.label.toLowerCase()} deliveries`}
            hint={
              view.status === 'all'
                ? 'A delivery is made for every change of the events this webhook is for. Send a test to try the receiver now.'
                : 'Other deliveries may be under All.'
            }
            action={view.status !== 'all' ? <Button onClick={() => setView({ status: 'all' })}>Show all deliveries</Button> : undefined}
          />
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ position: 'relative' }}>
          {query.isFetching && query.isPlaceholderData && <LinearProgress aria-label="Loading the page" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          {query.error && (
            <Alert severity="warning" sx={{ borderRadius: 0 }}>
              The last refresh failed: {describeError(query.error).message}
            </Alert>
          )}
          {/* Not ServerDataGrid: a delivery opens in place to show its attempts (the grid's detail
              panels are MUI X Pro). Its view is the one view, usePagedView, as every list's. */}
          <TableContainer>
            <Table size="small" aria-label="Deliveries" sx={{ tableLayout: narrow ? 'auto' : 'fixed' }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }}>
                    <VisuallyHidden>Attempts</VisuallyHidden>
                  </TableCell>
                  {!narrow && <TableCell sx={{ width: 140 }}>Created</TableCell>}
                  <TableCell>Notification</TableCell>
                  <TableCell sx={{ width: narrow ? undefined : 136 }}>Status</TableCell>
                  {!narrow && <TableCell sx={{ width: '22%' }}>Last answer</TableCell>}
                  {!narrow && <TableCell sx={{ width: 90 }}>Attempts</TableCell>}
                  {!narrow && <TableCell sx={{ width: 130 }}>Next retry</TableCell>}
                  <TableCell sx={{ width: narrow ? 48 : 132 }}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    expanded={view.delivery === delivery.id}
                    onToggle={() => toggle(delivery)}
                    onRedeliver={() => doRedeliver(delivery)}
                    redelivering={redeliver.isPending && redeliver.variables?.params.deliveryId === delivery.id}
                    showEvent={showEvent}
                    narrow={narrow}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={page?.totalCount ?? 0}
            page={Math.min(view.page, lastPage) - 1}
            onPageChange={(_e, next) => setView({ page: next + 1 })}
            rowsPerPage={view.pageSize}
            rowsPerPageOptions={[...DELIVERY_LOG_VIEW.pageSizes]}
            onRowsPerPageChange={(e) => setView({ pageSize: Number(e.target.value) })}
            labelRowsPerPage={narrow ? 'Rows' : 'Deliveries per page'}
            sx={narrow ? { '& .MuiTablePagination-toolbar': { pl: 1, pr: 0.5 }, '& .MuiTablePagination-actions': { ml: 0.5 }, '& .MuiTablePagination-input': { mr: 1, ml: 0.5 } } : undefined}
          />
        </Paper>
      )}
    </Box>
  );
}

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  expanded: boolean;
  onToggle: () => void;
  onRedeliver: () => void;
  redelivering: boolean;
  showEvent: boolean;
  narrow: boolean;
}

function DeliveryRow({ delivery, expanded, onToggle, onRedeliver, redelivering, showEvent, narrow }: DeliveryRowProps) {
  const now = useNow();
  const detailId = useId();
  const attempt = lastAttempt(delivery);
  // Before the first attempt there is nothing to retry: the Queued chip says it is waiting.
  const next = delivery.attemptCount > 0 ? parseServiceDate(delivery.nextAttemptAt) : undefined;
  const columns = narrow ? 4 : 8;
  const when = parseServiceDate(delivery.createdAt);
  const label = `${delivery.notification.action}${when ? ` at ${when.toLocaleString()}` : ''}, ${deliveryStatusInfo(delivery).label}`;
  return (
    <Fragment>
      <TableRow hover data-delivery-id={delivery.id} data-status={delivery.status} aria-label={label} sx={{ '& > td': { borderBottom: expanded ? 0 : undefined, verticalAlign: 'top' } }}>
        <TableCell sx={{ px: 0.5 }}>
          <IconButton size="small" aria-expanded={expanded} aria-controls={detailId} aria-label={expanded ? 'Hide attempts' : 'Show attempts'} onClick={onToggle}>
            {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
        {!narrow && (
          <TableCell>
            <DateTimeText value={delivery.createdAt} />
          </TableCell>
        )}
        <TableCell sx={{ minWidth: 0 }}>
          <NotificationSummary delivery={delivery} showEvent={showEvent} />
          {narrow && when && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {formatRelative(when, now)}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <DeliveryStatusChip delivery={delivery} />
          {narrow && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {attempt ? answerText(attempt) : 'not sent yet'}
            </Typography>
          )}
        </TableCell>
        {!narrow && (
          <TableCell sx={{ minWidth: 0 }}>
            <LastAnswer attempt={attempt} />
          </TableCell>
        )}
        {!narrow && (
          <TableCell>
            <Typography variant="body2">
              {delivery.attemptCount} of {delivery.maxAttempts}
            </Typography>
          </TableCell>
        )}
        {!narrow && (
          <TableCell>
            {next ? (
              <Tooltip title={next.toLocaleString()} describeChild>
                <Typography variant="body2">{formatRelative(next, now)}</Typography>
              </Tooltip>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                —
              </Typography>
            )}
          </TableCell>
        )}
        <TableCell sx={{ px: narrow ? 0.5 : undefined }}>
          {narrow ? (
            <Tooltip title="Redeliver: send this notification again" describeChild>
              <span>
                <IconButton size="small" aria-label="Redeliver" onClick={onRedeliver} disabled={redelivering}>
                  {redelivering ? <CircularProgress size={16} aria-hidden /> : <ReplayIcon />}
                </IconButton>
              </span>
            </Tooltip>
          ) : (
            <Tooltip title="Send this notification again, as a new delivery with its own attempts" describeChild>
              <span>
                <Button size="small" startIcon={redelivering ? <CircularProgress size={14} color="inherit" aria-hidden /> : <ReplayIcon />} onClick={onRedeliver} disabled={redelivering}>
                  Redeliver
                </Button>
              </span>
            </Tooltip>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 0 }) }}>
          <Collapse in={expanded} unmountOnExit>
            <Box id={detailId} role="region" aria-label={`Attempts of delivery ${shortId(delivery.id)}`} sx={{ py: 1.5, pl: { xs: 0, md: 6 } }}>
              <DeliveryDetail delivery={delivery} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

function answerText(attempt: WebhookAttempt): string {
  return attempt.statusCode !== null ? `${httpStatusText(attempt.statusCode)} · ${formatLatency(attempt.latencyMs)}` : `${attempt.error ?? 'no answer'} · ${formatLatency(attempt.latencyMs)}`;
}

function LastAnswer({ attempt }: { attempt: WebhookAttempt | undefined }) {
  if (!attempt) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Not sent yet
      </Typography>
    );
  }
  const ok = isSuccessCode(attempt.statusCode);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: ok ? 'text.primary' : 'error.main', fontWeight: 500 }}>
        {attempt.statusCode !== null ? httpStatusText(attempt.statusCode) : 'No answer'}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          {' '}
          · {formatLatency(attempt.latencyMs)}
        </Box>
      </Typography>
      {(attempt.error || attempt.responseExcerpt) && (
        <Typography variant="caption" noWrap component="div" title={attempt.error ?? attempt.responseExcerpt ?? undefined} sx={{ color: 'text.secondary' }}>
          {attempt.statusCode === null ? attempt.error : (attempt.responseExcerpt ?? attempt.error)}
        </Typography>
      )}
    </Box>
  );
}

function NotificationSummary({ delivery, showEvent }: { delivery: WebhookDelivery; showEvent: boolean }) {
  const n = delivery.notification;
  const flags = notificationFlags(n);
  const testOfSystem = delivery.kind === 'test' && delivery.eventId === null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {n.action}
        </Typography>
        {delivery.kind === 'test' && <Chip size="small" label="Test" color="info" variant="outlined" />}
        {delivery.kind === 'redelivery' && <Chip size="small" label="Redelivery" variant="outlined" />}
        {showEvent && !testOfSystem && (
          <Link component={RouterLink} to={`/events/${n.eventId}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {n.referenceId ? `Event ${n.referenceId}` : `Event ${shortId(n.eventId)}`}
          </Link>
        )}
      </Box>
      {flags.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="What changed">
          {flags.map((f) => (
            <Tooltip key={f.flag} title={`${f.flag}: true`} describeChild>
              <Chip size="small" label={f.detail ? `${f.label}: ${f.detail}` : f.label} sx={{ height: 22, fontSize: 12 }} />
            </Tooltip>
          ))}
        </Box>
      )}
    </Box>
  );
}

function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  const now = useNow();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', fontSize: 13 }}>
        <Box>
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            Delivery id{' '}
          </Typography>
          <Box component="code" sx={{ fontSize: 12 }}>
            {delivery.id}
          </Box>
          <CopyButton text={delivery.id} what="the delivery id" />
        </Box>
        {delivery.seq !== null && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Change #{delivery.seq}
          </Typography>
        )}
        {delivery.redeliveryOf && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Redelivery of {shortId(delivery.redeliveryOf)}
          </Typography>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {delivery.attemptCount} of {delivery.maxAttempts} attempts
          {delivery.nextAttemptAt && parseServiceDate(delivery.nextAttemptAt) ? ` · next ${formatRelative(parseServiceDate(delivery.nextAttemptAt)!, now)}` : ''}
        </Typography>
      </Box>
      {delivery.attempts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No attempt yet: the first one starts as soon as the deliveries before it for the same event are done.
        </Typography>
      ) : (
        <Table size="small" aria-label={`Attempts of delivery ${shortId(delivery.id)}`}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              <TableCell>Time</TableCell>
              <TableCell>Answer</TableCell>
              <TableCell>Latency</TableCell>
              <TableCell>Outcome</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {delivery.attempts.map((a) => (
              <Fragment key={a.id}>
                <TableRow sx={{ '& > td': { borderBottom: a.responseExcerpt ? 0 : undefined, verticalAlign: 'top' } }}>
                  <TableCell>{a.attempt}</TableCell>
                  <TableCell>
                    <DateTimeText value={a.startedAt} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" sx={{ color: isSuccessCode(a.statusCode) ? 'text.primary' : 'error.main' }}>
                      {a.statusCode !== null ? httpStatusText(a.statusCode) : 'No answer'}
                    </Typography>
                    {a.error && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {a.error}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{formatLatency(a.latencyMs)}</TableCell>
                  <TableCell>
                    <Typography variant="body2">
                      {a.outcome === 'delivered' ? 'Delivered' : a.outcome === 'failed' ? 'Given up' : 'Will retry'}
                    </Typography>
                    {a.nextRetryAt && parseServiceDate(a.nextRetryAt) && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        retry {formatRelative(parseServiceDate(a.nextRetryAt)!, now)}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
                {a.responseExcerpt && (
                  <TableRow>
                    <TableCell />
                    <TableCell colSpan={4} sx={{ pt: 0 }}>
                      <ResponseExcerpt text={a.responseExcerpt} label={`Response to attempt ${a.attempt}`} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
      <Box component="details" sx={{ '& summary': { cursor: 'pointer', fontSize: 13, color: 'text.secondary' } }}>
        <summary>Notification sent (JSON)</summary>
        <Box component="pre" sx={{ m: 0, mt: 1, p: 1, fontSize: 12, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 240 }}>
          {JSON.stringify(delivery.notification, null, 2)}
        </Box>
      </Box>
    </Box>
  );
}
