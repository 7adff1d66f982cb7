/**
 * Webhooks as a table: the URL (a link to the webhook and its delivery log), whom it is for
 * (every event, or one event linking to it), how it sends (JSON or form parameters), its
 * settings (basic authentication, extra headers) and how its last delivery went. On a phone the
 * columns fold under the URL.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import LockIcon from '@mui/icons-material/LockOutlined';
import { api } from '#app/api.ts';
import { formatRelative, parseServiceDate } from '#components/format-time.ts';
import { useNow } from '#components/use-now.ts';
import { describeAttempt, lastAttempt } from './delivery-format.ts';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';
import { headersOf } from './webhook-form-values.ts';
import type { AnyWebhook } from './use-webhooks.ts';

/** Faster while the last delivery is still open. */
const OPEN_REFRESH_MS = 3_000;
const IDLE_REFRESH_MS = 30_000;

export interface WebhookListProps {
  webhooks: readonly AnyWebhook[];
  /** Where a webhook opens (its delivery log). */
  hrefFor: (webhook: AnyWebhook) => string;
  /** Titles of the events the listed webhooks are for, when known. */
  eventTitles?: Readonly<Record<string, string>>;
  /** The table's accessible name. */
  label: string;
}

export function formatLabel(useJsonBody: boolean): string {
  return useJsonBody ? 'JSON' : 'Form';
}

export function ScopeText({ eventId, eventTitle }: { eventId: string | null; eventTitle?: string | undefined }) {
  if (!eventId) {
    return (
      <Tooltip title="Notified of every change to every event" describeChild>
        <Typography component="span" variant="body2">
          All events
        </Typography>
      </Tooltip>
    );
  }
  return (
    <Link component={RouterLink} to={`/events/${eventId}?tab=webhooks`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {eventTitle ? eventTitle : `Event ${eventId.slice(0, 8)}`}
    </Link>
  );
}

/** Basic authentication and extra headers as chips; `quiet` shows nothing when there are none. */
export function SettingsChips({ webhook, quiet = false }: { webhook: AnyWebhook; quiet?: boolean }) {
  const headers = headersOf(webhook.additionalPropertiesJson);
  const chips: ReactNode[] = [];
  if (webhook.useHttpBasicAuthentication) {
    chips.push(<Chip key="auth" size="small" variant="outlined" icon={<LockIcon />} label={`Basic auth${webhook.username ? `: ${webhook.username}` : ''}`} sx={{ maxWidth: 220 }} />);
  }
  if (headers.length > 0) {
    chips.push(
      <Tooltip key="headers" title={headers.map((h) => h.name).join(', ')} describeChild>
        <Chip size="small" variant="outlined" label={`${headers.length} ${headers.length === 1 ? 'header' : 'headers'}`} />
      </Tooltip>,
    );
  }
  if (chips.length === 0) {
    if (quiet) return null;
    return (
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        —
      </Typography>
    );
  }
  return <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>{chips}</Box>;
}

/** The newest delivery of a webhook: its status, when, and what the receiver answered. */
export function LastDelivery({ webhookId }: { webhookId: string }) {
  const now = useNow();
  const query = useQuery({
    ...api.webhook.deliveries.queryOptions({ params: { id: webhookId }, query: { pageSize: 1, pageNumber: 1 } }),
    refetchInterval: (q) => {
      const last = q.state.data?.results[0];
      return last && (last.status === 'pending' || last.status === 'sending') ? OPEN_REFRESH_MS : IDLE_REFRESH_MS;
    },
  });
  if (query.isPending) return <Skeleton variant="text" width={120} aria-label="Loading the last delivery" />;
  if (query.error) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Unknown (could not load)
      </Typography>
    );
  }
  const last = query.data?.results[0];
  if (!last) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No deliveries yet
      </Typography>
    );
  }
  const attempt = lastAttempt(last);
  const when = parseServiceDate(attempt?.startedAt ?? last.createdAt);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <DeliveryStatusChip delivery={last} />
      <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
        {attempt ? describeAttempt(attempt) : 'not sent yet'}
        {when ? ` · ${formatRelative(when, now)}` : ''}
      </Typography>
    </Box>
  );
}

export function WebhookList({ webhooks, hrefFor, eventTitles = {}, label }: WebhookListProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const titleOf = (webhook: AnyWebhook) => (webhook.eventId ? eventTitles[webhook.eventId] : undefined);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: narrow ? '100%' : wide ? '36%' : '42%' }}>URL</TableCell>
            {!narrow && <TableCell sx={{ width: '16%' }}>Sent for</TableCell>}
            {!narrow && <TableCell sx={{ width: 80 }}>Format</TableCell>}
            {wide && <TableCell sx={{ width: '16%' }}>Settings</TableCell>}
            {!narrow && <TableCell>Last delivery</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id} hover data-webhook-id={webhook.id} sx={{ verticalAlign: 'top' }}>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={hrefFor(webhook)}
                  aria-label={`${webhook.webhookUrl}, ${webhook.eventId ? 'for one event' : 'for all events'}`}
                  sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', display: 'inline-block', py: 0.25 }}
                >
                  {webhook.webhookUrl}
                </Link>
                {narrow ? (
                  // On narrow screens the other columns fold in here.
                  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, mt: 0.75 }}>
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <ScopeText eventId={webhook.eventId} eventTitle={titleOf(webhook)} />
                      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                        · {formatLabel(webhook.useJsonBody)}
                      </Typography>
                    </Box>
                    <SettingsChips webhook={webhook} quiet />
                    <LastDelivery webhookId={webhook.id} />
                  </Box>
                ) : (
                  !wide && (
                    <Box sx={{ mt: 0.5 }}>
                      <SettingsChips webhook={webhook} quiet />
                    </Box>
                  )
                )}
              </TableCell>
              {!narrow && (
                <TableCell>
                  <ScopeText eventId={webhook.eventId} eventTitle={titleOf(webhook)} />
                </TableCell>
              )}
              {!narrow && (
                <TableCell>
                  <Typography variant="body2">{formatLabel(webhook.useJsonBody)}</Typography>
                </TableCell>
              )}
              {wide && (
                <TableCell>
                  <SettingsChips webhook={webhook} />
                </TableCell>
              )}
              {!narrow && (
                <TableCell>
                  <LastDelivery webhookId={webhook.id} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
