/**
 * The event page's Webhooks tab (`?tab=webhooks`): the event's own webhooks, with the same list,
 * form and delivery log as the webhooks page (src/pages/webhooks/), and a note naming the
 * system-wide webhooks that are notified of this event's changes too. One webhook opens in the
 * tab (`&webhook=<id>`); adding is `&new=1`.
 */
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { toAnyWebhook, type AnyWebhook } from './use-webhooks.ts';
import { WebhookDetail } from './webhook-detail.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookList } from './webhook-list.tsx';

/** The parameters of the tab's own views, dropped when going back to its list. */
const TAB_VIEW_PARAMS = ['webhook', 'new', 'edit', 'status', 'page', 'pageSize', 'delivery'];

export function EventWebhooksTab({ event }: { event: Event }) {
  const [params, setParams] = useUrlParams();
  const selected = params.get('webhook');

  const hrefWith = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const name of TAB_VIEW_PARAMS) next.delete(name);
    next.set('tab', 'webhooks');
    for (const [name, value] of Object.entries(patch)) if (value !== null) next.set(name, value);
    return `?${next.toString()}`;
  };
  const listHref = hrefWith({});

  if (selected) {
    return (
      <WebhookDetail
        key={selected}
        webhookId={selected}
        backTo={listHref}
        backLabel="All webhooks of this event"
        headingLevel="h2"
        onDeleted={() => setParams(new URLSearchParams(listHref.slice(1)))}
      />
    );
  }
  return (
    <EventWebhookList
      event={event}
      adding={params.get('new') === '1'}
      setAdding={(on) => setParams(new URLSearchParams((on ? hrefWith({ new: '1' }) : listHref).slice(1)))}
      hrefFor={(webhook) => hrefWith({ webhook: webhook.id })}
      onSaved={(webhook) => setParams(new URLSearchParams(hrefWith({ webhook: webhook.id }).slice(1)))}
    />
  );
}

interface EventWebhookListProps {
  event: Event;
  adding: boolean;
  setAdding: (on: boolean) => void;
  hrefFor: (webhook: AnyWebhook) => string;
  onSaved: (webhook: AnyWebhook) => void;
}

function EventWebhookList({ event, adding, setAdding, hrefFor, onSaved }: EventWebhookListProps) {
  const describeError = useDescribeError();
  const own = useQuery(api.webhook.listForEvent.queryOptions({ params: { eventsId: event.id } }));
  const system = useQuery(api.webhook.list.queryOptions({}));
  const webhooks = (own.data ?? []).map(toAnyWebhook);
  const systemHooks = system.data ?? [];
  const title = event.title || 'Untitled event';
  const configure = useCan()(api.webhook.upsertForEvent);

  let content;
  if (own.error) {
    content = (
      <ErrorState
        title="Could not load the event’s webhooks"
        message={describeError(own.error).message}
        actions={
          <Button variant="contained" onClick={() => void own.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (own.isPending) {
    content = (
      <Box aria-busy="true" aria-label="Loading the event’s webhooks">
        <Skeleton variant="rounded" height={52} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={52} />
      </Box>
    );
  } else if (webhooks.length === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<WebhookIcon />}
          title="No webhooks for this event"
          hint="An event webhook tells your receiver about every change of this event only: updates, state changes, thumbnails, audio, chapter points…"
          action={
            <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setAdding(true)}>
              Add a webhook
            </Button>
          }
        />
      </Paper>
    );
  } else {
    content = <WebhookList webhooks={webhooks} hrefFor={hrefFor} eventTitles={{ [event.id]: title }} label="Webhooks of this event" />;
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography variant="h2">Webhooks of this event</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Notified of every change of ‘{title}’.
          </Typography>
        </Box>
        {webhooks.length > 0 && (
          <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setAdding(true)}>
            Add webhook
          </Button>
        )}
      </Box>
      <RoleNotice permission={configure}>Webhooks are configuration: adding, editing and deleting them is for admin keys.</RoleNotice>
      {content}
      <SystemWideNote webhooks={systemHooks.map(toAnyWebhook)} loading={system.isPending} failed={Boolean(system.error)} />
      <WebhookFormDialog open={adding && configure.allowed} webhook={null} fixedEventId={event.id} onClose={() => setAdding(false)} onSaved={onSaved} />
    </Box>
  );
}

function SystemWideNote({ webhooks, loading, failed }: { webhooks: AnyWebhook[]; loading: boolean; failed: boolean }) {
  if (loading) return null;
  if (failed) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        Could not load the system-wide webhooks, which are notified of this event’s changes too.
      </Alert>
    );
  }
  return (
    <Alert severity="info" icon={<WebhookIcon />} sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }} aria-label="System-wide webhooks">
      {webhooks.length === 0 ? (
        <>
          No system-wide webhooks: only the webhooks above are notified of this event’s changes. <Link component={RouterLink} to="/webhooks">Manage webhooks</Link>
        </>
      ) : (
        <>
          <Box sx={{ mb: 0.5 }}>
            {webhooks.length === 1 ? 'This system-wide webhook is' : `These ${webhooks.length} system-wide webhooks are`} notified of this event’s changes too:
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {webhooks.map((w) => (
              <li key={w.id}>
                <Link component={RouterLink} to={`/webhooks/${w.id}`} sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
                  {w.webhookUrl}
                </Link>
              </li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}
