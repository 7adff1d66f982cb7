/**
 * One event: /events/:id (and /events/new for a new one). A header with its state and live
 * controls, then tabs kept in the URL (event-tabs.ts): General (the form) and the event's other
 * parts, each its own component (TAB_PANELS). The page
 * refreshes by itself, fast while the state is changing (see event-query.ts).
 */
import type { ReactNode } from 'react';
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
import type { Event } from '#schema';
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
import { EVENT_TABS, useEventTab, type EventTab } from './event-tabs.ts';
import { isTransitional } from './event-transitions.ts';
import { PlayerTab } from './player-tab.tsx';
import { EventAssetsTab } from '#pages/assets/event-assets-tab.tsx';
import { StreamingUrlsTab } from './streaming-urls-tab.tsx';
import { CustomPropertiesTab } from './custom-properties-tab.tsx';
import { ClientPropertiesTab } from './client-properties-tab.tsx';
import { ChapterPointsTab } from './chapter-points-tab.tsx';
import { AudioTab } from './audio-tab.tsx';
import { EventWebhooksTab } from './event-webhooks-tab.tsx';
import { PublicationsTab } from './publications-tab.tsx';
import { EventPlaylistCard } from '#pages/compose/event-playlist-card.tsx';
import { EventDownloadsTab } from '#pages/downloads/event-downloads-tab.tsx';

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

interface TabProps {
  event: Event;
}

/** What each tab but General shows (General's form is always mounted, see below). */
const TAB_PANELS: Record<Exclude<EventTab, 'general'>, (props: TabProps) => ReactNode> = {
  player: PlayerTab,
  assets: EventAssetsTab,
  playlist: EventPlaylistCard,
  urls: StreamingUrlsTab,
  properties: CustomPropertiesTab,
  'client-properties': ClientPropertiesTab,
  chapters: ChapterPointsTab,
  audio: AudioTab,
  webhooks: EventWebhooksTab,
  downloads: EventDownloadsTab,
  publications: PublicationsTab,
};

function TabPanel({ tab, hidden, children }: { tab: EventTab; hidden?: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`event-panel-${tab}`} aria-labelledby={`event-tab-${tab}`} hidden={hidden}>
      {children}
    </Box>
  );
}

function ExistingEventPage({ id}: { id: string }) {
  const describeError = useDescribeError();
  const connectionDialog = useConnectionDialog();
  const query = useEventQuery(id);
  const [tab, setTab] = useEventTab();
  const event = query.data;
  useDocumentTitle(event ? event.title || 'Untitled event' : event === null ? 'Event not found' : 'Event');

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

  const OtherTab = tab === 'general' ? null : TAB_PANELS[tab];
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
          {EVENT_TABS.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`event-tab-${t.id}`} aria-controls={`event-panel-${t.id}`} />
          ))}
        </Tabs>
      </Box>
      {/* The form stays mounted on other tabs, so unsaved edits survive a look at the player. */}
      <TabPanel tab="general" hidden={tab !== 'general'}>
        <EventForm event={event} />
      </TabPanel>
      {OtherTab && (
        <TabPanel tab={tab}>
          <OtherTab event={event} />
        </TabPanel>
      )}
    </>
  );
}

export default function EventPage() {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <NewEventPage />;
  if (!isEventId(id)) return <EventNotFound id={id} />;
  return <ExistingEventPage id={id} />;
}
