/**
 * One event: /events/:id (and /events/new for a new one). A header with its state and live
 * controls, then the tabs it is given, kept in the URL (event-tabs.ts). The page is a shell: the
 * tabs are registered by the page areas that own them and collected in src/app/event-tabs.tsx.
 * The page refreshes by itself, fast while the state is changing (see event-query.ts).
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import { EventActions } from './event-actions.tsx';
import { EventForm } from './event-form.tsx';
import { BackToEvents, EventHeader } from './event-header.tsx';
import { EventMoreMenu } from './event-more-menu.tsx';
import { isEventId, useEventQuery } from './event-query.ts';
import { useEventTab, type EventTabDefinition } from './event-tabs.ts';
import { isTransitional } from './event-transitions.ts';

function NewEventPage() {
  useDocumentTitle('New event');
  return (
    <>
      <Box component="header" sx={{ mb: 2 }}>
        <BackToEvents />
        <Typography variant="h1">New event</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Only the title is required; everything else can be set later.
        </Typography>
      </Box>
      <EventForm event={null} />
    </>
  );
}

function EventNotFound({ id }: { id: string }) {
  useDocumentTitle('Event not found');
  return (
    <>
      <BackToEvents />
      <EmptyState
        icon={<EventBusyIcon />}
        title="This event does not exist"
        titleAs="h1"
        hint={
          <>
            There is no event <code>{id}</code> for this account. It may have been deleted: deleted events can be restored from the deleted events.
          </>
        }
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Button variant="contained" component={RouterLink} to="/events">
              Go to Events
            </Button>
            <Button component={RouterLink} to="/events/deleted">
              Deleted events
            </Button>
          </Box>
        }
      />
    </>
  );
}

function EventSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the event">
      <Skeleton variant="text" width={80} />
      <Skeleton variant="text" width="60%" height={44} />
      <Skeleton variant="rounded" width={140} height={32} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function TabPanel({ tab, hidden, children }: { tab: string; hidden?: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`event-panel-${tab}`} aria-labelledby={`event-tab-${tab}`} hidden={hidden}>
      {children}
    </Box>
  );
}

/** While a tab's code loads (the first time it is opened). */
const tabLoading = <Skeleton variant="rounded" height={320} />;

function ExistingEventPage({ id, tabs }: { id: string; tabs: readonly EventTabDefinition[] }) {
  const describeError = useDescribeError();
  const connectionDialog = useConnectionDialog();
  const query = useEventQuery(id);
  const [tab, setTab] = useEventTab(tabs);
  const event = query.data;
  useDocumentTitle(event ? event.title || 'Untitled event' : event === null ? 'Event not found' : 'Event');
  // Once the event is shown, the other tabs' code loads in the background, so a click on one shows it at once.
  const shown = Boolean(event);
  useEffect(() => {
    if (shown) for (const t of tabs) void t.preload?.();
  }, [shown, tabs]);

  if (query.error && !event) {
    const described = describeError(query.error);
    return (
      <>
        <BackToEvents />
        <ErrorState
          title="Could not load the event"
          message={described.message}
          detail={described.detail}
          actions={
            <>
              <Button variant="contained" onClick={() => void query.refetch()} disabled={query.isFetching}>
                {query.isFetching ? 'Retrying…' : 'Retry'}
              </Button>
              {isConnectionProblem(described.kind) && <Button onClick={() => connectionDialog.open()}>Connection settings</Button>}
            </>
          }
        />
      </>
    );
  }
  if (event === undefined) return <EventSkeleton />;
  if (event === null) return <EventNotFound id={id} />;

  const changing = isTransitional(event.state);
  const stale = query.error ? describeError(query.error) : undefined;
  return (
    <>
      <EventHeader
        event={event}
        actions={
          <>
            <EventActions event={event} />
            <EventMoreMenu event={event} />
          </>
        }
      />
      {changing && (
        <Alert severity="info" icon={false} sx={{ mb: 2, display: 'block' }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {eventStateInfo(event.state).description}… This page follows it by itself.
          </Typography>
          <LinearProgress aria-label={eventStateInfo(event.state).description} />
        </Alert>
      )}
      {stale && (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>Retry</Button>}>
          Showing the event as of {new Date(query.dataUpdatedAt).toLocaleTimeString()}: the last refresh failed. {stale.message}
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_e, next) => setTab(next)} aria-label="Event sections" variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`event-tab-${t.id}`} aria-controls={`event-panel-${t.id}`} />
          ))}
        </Tabs>
      </Box>
      {/* A keepMounted tab (General's form) stays mounted on other tabs, so unsaved edits survive a look at the player. */}
      {tabs.map(({ id: tabId, component: Panel, keepMounted }) =>
        tabId === tab || keepMounted ? (
          <TabPanel key={tabId} tab={tabId} hidden={tabId !== tab}>
            <Suspense fallback={tabLoading}>
              <Panel event={event} />
            </Suspense>
          </TabPanel>
        ) : null,
      )}
    </>
  );
}

/** The page, with the tabs the app collected from the areas (src/app/event-tabs.tsx). */
export function EventPage({ tabs }: { tabs: readonly EventTabDefinition[] }) {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <NewEventPage />;
  if (!isEventId(id)) return <EventNotFound id={id} />;
  return <ExistingEventPage id={id} tabs={tabs} />;
}
