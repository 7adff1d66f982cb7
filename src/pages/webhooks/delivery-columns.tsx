/**
 * The delivery log's columns: when, what it notified (action, kind, the event, what changed), its
 * status, the receiver's last answer and latency, attempts, the next retry, and the actions (open
 * the attempts, redeliver). On a narrow screen the time and the answer go under the notification
 * and the status, and the other columns are hidden.
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import AttemptsIcon from '@mui/icons-material/ListAlt';
import ReplayIcon from '@mui/icons-material/Replay';
import type { WebhookAttempt, WebhookDelivery } from '#schema';
import { useCan } from '#app/use-role.ts';
import { api } from '#app/api.ts';
import { DateTimeText } from '#components/date-time-text.tsx';
import { formatRelative, parseServiceDate } from '#components/format-time.ts';
import { useNow } from '#components/use-now.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { formatLatency, httpStatusText, isSuccessCode, lastAttempt, notificationFlags, shortId } from './delivery-format.ts';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';

export interface DeliveryColumnsOptions {
  narrow: boolean;
  /** A system-wide webhook's deliveries are about many events: name and link each. */
  showEvent: boolean;
  onOpen: (delivery: WebhookDelivery) => void;
  onRedeliver: (delivery: WebhookDelivery) => void;
  /** The delivery being redelivered right now, if any. */
  redeliveringId: string | undefined;
}

export function useDeliveryColumns({ narrow, showEvent, onOpen, onRedeliver, redeliveringId }: DeliveryColumnsOptions): GridColDef<WebhookDelivery>[] {
  return useMemo<GridColDef<WebhookDelivery>[]>(
    () => [
      ...(narrow ? [] : [{ field: 'createdAt', headerName: 'Created', width: 150, sortable: false, renderCell: ({ row }) => <Cell><DateTimeText value={row.createdAt} /></Cell> } satisfies GridColDef<WebhookDelivery>]),
      { field: 'notification', headerName: 'Notification', flex: 1, minWidth: narrow ? 130 : 220, sortable: false, renderCell: ({ row }) => <Cell><NotificationSummary delivery={row} showEvent={showEvent} narrow={narrow} /></Cell> },
      {
        field: 'status',
        headerName: 'Status',
        width: 136,
        sortable: false,
        renderCell: ({ row }) => (
          <Cell>
            <DeliveryStatusChip delivery={row} />
            {narrow && <Caption>{answerText(lastAttempt(row))}</Caption>}
          </Cell>
        ),
      },
      ...(narrow
        ? []
        : ([
            { field: 'lastAnswer', headerName: 'Last answer', flex: 0.7, minWidth: 180, sortable: false, renderCell: ({ row }) => <Cell><LastAnswer attempt={lastAttempt(row)} /></Cell> },
            { field: 'attemptCount', headerName: 'Attempts', width: 90, sortable: false, renderCell: ({ row }) => <Cell><Typography variant="body2">{row.attemptCount} of {row.maxAttempts}</Typography></Cell> },
            { field: 'nextAttemptAt', headerName: 'Next retry', width: 120, sortable: false, renderCell: ({ row }) => <Cell><NextRetry delivery={row} /></Cell> },
          ] satisfies GridColDef<WebhookDelivery>[])),
      {
        field: 'actions',
        headerName: 'Actions',
        width: narrow ? 80 : 172,
        sortable: false,
        renderHeader: () => <VisuallyHidden>Actions</VisuallyHidden>,
        renderCell: ({ row }) => <DeliveryActions delivery={row} narrow={narrow} onOpen={() => onOpen(row)} onRedeliver={() => onRedeliver(row)} redelivering={redeliveringId === row.id} />,
      },
    ],
    [narrow, showEvent, onOpen, onRedeliver, redeliveringId],
  );
}

/** A cell's content, one or more lines, centred in the row's height. */
function Cell({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'flex-start', height: '100%', minWidth: 0, lineHeight: 1.43 }}>{children}</Box>;
}

function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary', mt: 0.5 }}>
      {children}
    </Typography>
  );
}

export function answerText(attempt: WebhookAttempt | undefined): string {
  if (!attempt) return 'not sent yet';
  return `${attempt.statusCode !== null ? httpStatusText(attempt.statusCode) : (attempt.error ?? 'no answer')} · ${formatLatency(attempt.latencyMs)}`;
}

function DeliveryActions({ delivery, narrow, onOpen, onRedeliver, redelivering }: { delivery: WebhookDelivery; narrow: boolean; onOpen: () => void; onRedeliver: () => void; redelivering: boolean }) {
  // The row opens on a click too; the buttons are what the keyboard reaches. Their clicks do not
  // reach the row (it would open the attempts on Redeliver).
  const stop = (run: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    run();
  };
  // Redelivering is an admin's (the webhook pages' RoleNotice says why): no Redeliver for another key.
  const mayRedeliver = useCan()(api.webhook.redeliver).allowed;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
      <Tooltip title={`Attempts of delivery ${shortId(delivery.id)}`} describeChild>
        <IconButton size="small" aria-label="Show attempts" onClick={stop(onOpen)}>
          <AttemptsIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {!mayRedeliver ? null : narrow ? (
        <Tooltip title="Redeliver: send this notification again" describeChild>
          <span>
            <IconButton size="small" aria-label="Redeliver" onClick={stop(onRedeliver)} disabled={redelivering}>
              {redelivering ? <CircularProgress size={16} aria-hidden /> : <ReplayIcon />}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Tooltip title="Send this notification again, as a new delivery with its own attempts" describeChild>
          <span>
            <Button size="small" startIcon={redelivering ? <CircularProgress size={14} color="inherit" aria-hidden /> : <ReplayIcon />} onClick={stop(onRedeliver)} disabled={redelivering}>
              Redeliver
            </Button>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

function NextRetry({ delivery }: { delivery: WebhookDelivery }) {
  const now = useNow();
  // Before the first attempt there is nothing to retry: the Queued chip says it is waiting.
  const next = delivery.attemptCount > 0 ? parseServiceDate(delivery.nextAttemptAt) : undefined;
  return next ? (
    <Tooltip title={next.toLocaleString()} describeChild>
      <Typography variant="body2">{formatRelative(next, now)}</Typography>
    </Tooltip>
  ) : (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      —
    </Typography>
  );
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
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Typography variant="body2" noWrap sx={{ color: ok ? 'text.primary' : 'error.main', fontWeight: 500 }}>
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

function NotificationSummary({ delivery, showEvent, narrow }: { delivery: WebhookDelivery; showEvent: boolean; narrow: boolean }) {
  const now = useNow();
  const n = delivery.notification;
  const flags = notificationFlags(n);
  const testOfSystem = delivery.kind === 'test' && delivery.eventId === null;
  const when = parseServiceDate(delivery.createdAt);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, overflow: 'hidden' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {n.action}
        </Typography>
        {delivery.kind === 'test' && <Chip size="small" label="Test" color="info" variant="outlined" />}
        {delivery.kind === 'redelivery' && <Chip size="small" label="Redelivery" variant="outlined" />}
        {showEvent && !testOfSystem && (
          <Link component={RouterLink} to={`/events/${n.eventId}`} variant="body2" noWrap onClick={(e) => e.stopPropagation()}>
            {n.referenceId ? `Event ${n.referenceId}` : `Event ${shortId(n.eventId)}`}
          </Link>
        )}
      </Box>
      {flags.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }} aria-label="What changed">
          {flags.map((f) => (
            <Tooltip key={f.flag} title={`${f.flag}: true`} describeChild>
              <Chip size="small" label={f.detail ? `${f.label}: ${f.detail}` : f.label} sx={{ height: 22, fontSize: 12 }} />
            </Tooltip>
          ))}
        </Box>
      )}
      {narrow && when && <Caption>{formatRelative(when, now)}</Caption>}
    </Box>
  );
}
