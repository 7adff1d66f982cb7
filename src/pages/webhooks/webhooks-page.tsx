/**
 * Webhooks: /webhooks lists the system-wide webhooks (notified of every change to every event)
 * and, for an event picked in the page (`?event=`), that event's own webhooks; /webhooks/:id is
 * one webhook (either kind) with its delivery log. Adding is a dialog in the URL (`?new=1`, or
 * `?new=event` for the picked event).
 */
import { isGuid } from '#schema';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { EventPicker, useEventTitle } from '#components/event-picker.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { toAnyWebhook, type AnyWebhook } from './use-webhooks.ts';
import { WebhookDetail } from './webhook-detail.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { EVENT_WEBHOOKS_VIEW, WebhookList } from './webhook-list.tsx';


function ListSkeleton({ label }: { label: string }) {
  return (
    <Box aria-busy="true" aria-label={label}>
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rounded" height={52} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

function WebhookListPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Webhooks');
  const navigate = useNavigate();
  const connectionDialog = useConnectionDialog();
  const [params, setParams] = useUrlParams();
  const eventParam = params.get('event');
  const eventId = eventParam && isGuid(eventParam) ? eventParam : null;
  const adding = params.get('new');
  const eventTitle = useEventTitle(eventId);
  // Webhooks are configuration: only an admin key adds, edits, tests or deletes them.
  const configure = useCan()(api.webhook.upsert);

  const system = useQuery(api.webhook.list.queryOptions({}));
  const forEvent = useQuery({ ...api.webhook.listForEvent.queryOptions({ params: { eventsId: eventId ?? '' } }), enabled: eventId !== null });
  const systemHooks = (system.data ?? []).map(toAnyWebhook);
  const eventHooks = (forEvent.data ?? []).map(toAnyWebhook);

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  useHotkeys(configure.allowed ? [{ keys: 'n', description: 'Add a webhook', group: 'Webhooks', run: () => setParam('new', '1') }] : []);

  const subtitle = system.data !== undefined ? `${systemHooks.length} system-wide ${systemHooks.length === 1 ? 'webhook' : 'webhooks'}` : undefined;
  const hrefFor = (webhook: AnyWebhook) => `/webhooks/${webhook.id}`;

  let systemContent;
  if (system.error) {
    const described = describeError(system.error);
    systemContent = (
      <ErrorState
        title="Could not load the webhooks"
        message={described.message}
        detail={described.detail}
        actions={
          <>
            <Button variant="contained" onClick={() => void system.refetch()} disabled={system.isFetching}>
              {system.isFetching ? 'Retrying…' : 'Retry'}
            </Button>
            {isConnectionProblem(described.kind) && <Button onClick={() => connectionDialog.open()}>Connection settings</Button>}
          </>
        }
      />
    );
  } else if (system.isPending) {
    systemContent = <ListSkeleton label="Loading the system-wide webhooks" />;
  } else if (systemHooks.length === 0) {
    systemContent = (
      <Paper variant="outlined">
        <EmptyState
          icon={<WebhookIcon />}
          title="No system-wide webhooks"
          hint="A system-wide webhook tells your receiver about every change to every event: added, updated, started, published, deleted…"
          action={
            <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setParam('new', '1')}>
              Add a webhook
            </Button>
          }
        />
      </Paper>
    );
  } else {
    systemContent = <WebhookList webhooks={systemHooks} hrefFor={hrefFor} label="System-wide webhooks" />;
  }

  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle={subtitle}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setParam('new', '1')}>
            Add webhook
          </Button>
        }
      />
      <RoleNotice permission={configure}>Webhooks are configuration: adding, editing, testing and deleting them is for admin keys.</RoleNotice>
      <Box component="section" aria-labelledby="webhooks-system" sx={{ mb: 4 }}>
        <Typography id="webhooks-system" variant="h2" sx={{ mb: 0.5 }}>
          System-wide
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          Notified of every change to every event.
        </Typography>
        {systemContent}
      </Box>

      <Box component="section" aria-labelledby="webhooks-event">
        <Typography id="webhooks-event" variant="h2" sx={{ mb: 0.5 }}>
          Event webhooks
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          Notified of the changes of one event only. Pick an event to see its webhooks; they are also on the event’s Webhooks tab.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flex: '1 1 280px', maxWidth: 520 }}>
            <EventPicker
              value={eventId}
              onChange={(id) =>
                // Another event's webhooks start on their first page.
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  if (id === null) next.delete('event');
                  else next.set('event', id);
                  next.delete('eventPage');
                  return next;
                })
              } label="Event" size="small" />
          </Box>
          {eventId && (
            <Button startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setParam('new', 'event')}>
              Add a webhook for this event
            </Button>
          )}
        </Box>
        {eventId &&
          (forEvent.error ? (
            <ErrorState
              title="Could not load the event’s webhooks"
              message={describeError(forEvent.error).message}
              actions={
                <Button variant="contained" onClick={() => void forEvent.refetch()}>
                  Retry
                </Button>
              }
            />
          ) : forEvent.isPending ? (
            <ListSkeleton label="Loading the event’s webhooks" />
          ) : eventHooks.length === 0 ? (
            <Paper variant="outlined">
              <EmptyState title={`No webhooks for ${eventTitle ? `‘${eventTitle}’` : 'this event'}`} hint="The system-wide webhooks above are notified of its changes all the same." />
            </Paper>
          ) : (
            <WebhookList webhooks={eventHooks} hrefFor={hrefFor} eventTitles={eventTitle ? { [eventId]: eventTitle } : {}} label="Event webhooks" view={EVENT_WEBHOOKS_VIEW} />
          ))}
      </Box>

      <WebhookFormDialog
        open={adding !== null && configure.allowed}
        webhook={null}
        initialEventId={adding === 'event' ? eventId : null}
        onClose={() => setParam('new', null)}
        onSaved={(saved) => void navigate(`/webhooks/${saved.id}`)}
      />
    </>
  );
}

export default function WebhooksPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  if (id === undefined) return <WebhookListPage />;
  return <WebhookPage id={id} onDeleted={() => void navigate('/webhooks')} />;
}

function WebhookPage({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  useDocumentTitle('Webhook');
  if (!isGuid(id)) {
    return (
      <EmptyState
        icon={<WebhookIcon />}
        title="This webhook does not exist"
        titleAs="h1"
        hint={
          <>
            <code>{id}</code> is not a webhook id.
          </>
        }
        action={
          <Button variant="contained" component={RouterLink} to="/webhooks">
            All webhooks
          </Button>
        }
      />
    );
  }
  return <WebhookDetail key={id} webhookId={id} backTo="/webhooks" backLabel="All webhooks" headingLevel="h1" onDeleted={onDeleted} />;
}
