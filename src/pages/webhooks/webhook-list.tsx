/**
 * Webhooks in the one grid: the URL (a link to the webhook and its delivery log), whom it is for
 * (every event, or one event linking to it), how it sends (JSON or form parameters), its
 * settings (basic authentication, extra headers) and how its last delivery went. On a phone the
 * columns fold under the URL. The list operations answer whole: sorted and paged here, the view
 * in the URL (a second list on the page passes a view with a `prefix`).
 */
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import LockIcon from '@mui/icons-material/LockOutlined';
import { api } from '#app/api.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { formatRelative, parseServiceDate } from '#components/format-time.ts';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import { definePagedView, usePagedView, type PagedViewSpec } from '#components/use-paged-view.ts';
import { useNow } from '#components/use-now.ts';
import { pageOf, sortRows } from '#components/whole-list.ts';
import { describeAttempt, lastAttempt } from './delivery-format.ts';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';
import { headersOf } from './webhook-form-values.ts';
import type { AnyWebhook } from './use-webhooks.ts';


type WebhookSortField = 'url' | 'scope' | 'format';

/** The view of a page's (first) list of webhooks: in the service's order until sorted. */
export const WEBHOOKS_VIEW = definePagedView<WebhookSortField>({ pageSizes: [25, 50, 100], sortFields: ['url', 'scope', 'format'], defaultSort: null });
/** A second list of webhooks on the same page (the picked event's): `eventPage`, `eventSort`… */
export const EVENT_WEBHOOKS_VIEW = definePagedView<WebhookSortField>({ ...WEBHOOKS_VIEW, prefix: 'event' });

export interface WebhookListProps {
  webhooks: readonly AnyWebhook[];
  /** Where a webhook opens (its delivery log). */
  hrefFor: (webhook: AnyWebhook) => string;
  /** Titles of the events the listed webhooks are for, when known. */
  eventTitles?: Readonly<Record<string, string>>;
  /** The grid's accessible name. */
  label: string;
  /** The view in the URL; `WEBHOOKS_VIEW` when not given. */
  view?: PagedViewSpec<WebhookSortField>;
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

const cell = { display: 'flex', alignItems: 'center', minWidth: 0, py: 1 } as const;

interface WebhookColumnsOptions {
  narrow: boolean;
  wide: boolean;
  hrefFor: (webhook: AnyWebhook) => string;
  titleOf: (webhook: AnyWebhook) => string | undefined;
}

function webhookColumns({ narrow, wide, hrefFor, titleOf }: WebhookColumnsOptions): GridColDef<AnyWebhook>[] {
  const url: GridColDef<AnyWebhook> = {
    field: 'url',
    headerName: 'URL',
    flex: wide ? 2.2 : 2.6,
    minWidth: narrow ? 240 : 260,
    renderCell: ({ row: webhook }) => (
      <Box sx={{ minWidth: 0, py: 1 }}>
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
      </Box>
    ),
  };
  if (narrow) return [url];
  return [
    url,
    { field: 'scope', headerName: 'Sent for', flex: 1, minWidth: 130, renderCell: ({ row }) => <Box sx={cell}><ScopeText eventId={row.eventId} eventTitle={titleOf(row)} /></Box> },
    { field: 'format', headerName: 'Format', width: 90, renderCell: ({ row }) => <Box sx={cell}><Typography variant="body2">{formatLabel(row.useJsonBody)}</Typography></Box> },
    ...(wide
      ? [{ field: 'settings', headerName: 'Settings', flex: 1, minWidth: 150, sortable: false, renderCell: ({ row }) => <Box sx={cell}><SettingsChips webhook={row} /></Box> } satisfies GridColDef<AnyWebhook>]
      : []),
    { field: 'lastDelivery', headerName: 'Last delivery', flex: 1.4, minWidth: 200, sortable: false, renderCell: ({ row }) => <Box sx={cell}><LastDelivery webhookId={row.id} /></Box> },
  ];
}

export function WebhookList({ webhooks, hrefFor, eventTitles = {}, label, view: spec = WEBHOOKS_VIEW }: WebhookListProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [view, , grid] = usePagedView(spec);
  const titlesKey = JSON.stringify(eventTitles);
  const columns = useMemo(() => {
    const titles = JSON.parse(titlesKey) as Record<string, string>;
    const titleOf = (webhook: AnyWebhook) => (webhook.eventId ? titles[webhook.eventId] : undefined);
    return webhookColumns({ narrow, wide, hrefFor, titleOf });
    // hrefFor is a pure function of the webhook; a new closure each render is the same link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [narrow, wide, titlesKey]);
  const sorted = useMemo(() => {
    const titles = JSON.parse(titlesKey) as Record<string, string>;
    return sortRows(webhooks, view.sort, {
      url: (w) => w.webhookUrl,
      // Every event first, then by the event's title.
      scope: (w) => (w.eventId ? `1 ${titles[w.eventId] ?? w.eventId}` : '0'),
      format: (w) => formatLabel(w.useJsonBody),
    });
  }, [webhooks, view.sort, titlesKey]);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
      <ServerDataGrid<AnyWebhook, WebhookSortField>
        label={label}
        rows={pageOf(sorted, view)}
        columns={columns}
        getRowId={(w) => w.id}
        rowCount={webhooks.length}
        loading={false}
        {...grid}
        empty={<EmptyState title="No webhooks on this page" />}
        rowHeight="auto"
      />
    </Paper>
  );
}
