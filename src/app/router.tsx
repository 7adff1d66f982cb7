/**
 * The routes. Each page is its own chunk (React.lazy), rendered inside the shell and its own
 * RouteBoundary; a new area adds a lazy import, a route here and an entry in navigation.ts.
 */
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found.tsx';
import { RootError, RouteBoundary } from './route-boundary.tsx';
import { Shell } from './shell.tsx';

const EventsPage = lazy(() => import('#pages/events/events-page.tsx'));
const EventPage = lazy(() => import('#app/event-tabs.tsx'));
const DeletedEventsPage = lazy(() => import('#pages/event/deleted-events-page.tsx'));
const EventPlayerPage = lazy(() => import('#pages/event/event-player-page.tsx'));
const SchedulePage = lazy(() => import('#pages/schedule/schedule-page.tsx'));
const WebhooksPage = lazy(() => import('#pages/webhooks/webhooks-page.tsx'));
const AssetsPage = lazy(() => import('#pages/assets/assets-page.tsx'));
const ConfigurationPage = lazy(() => import('#pages/configuration/configuration-page.tsx'));
const BillingPage = lazy(() => import('#pages/billing/billing-page.tsx'));
const ComposeListPage = lazy(() => import('#pages/compose/compose-list-page.tsx'));
const ComposePage = lazy(() => import('#pages/compose/compose-page.tsx'));
const DownloadsPage = lazy(() => import('#pages/downloads/downloads-page.tsx'));
const NewDownloadPage = lazy(() => import('#pages/downloads/new-download-page.tsx'));
const MailboxPage = lazy(() => import('#pages/mailbox/mailbox-page.tsx'));
const ArchiverPage = lazy(() => import('#pages/archiver/archiver-page.tsx'));
const PublicationsPage = lazy(() => import('#pages/publications/publications-page.tsx'));
const DestinationsPage = lazy(() => import('#pages/destinations/destinations-page.tsx'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <Navigate to="/events" replace /> },
      {
        path: 'events',
        element: (
          <RouteBoundary>
            <EventsPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'events/deleted',
        element: (
          <RouteBoundary>
            <DeletedEventsPage />
          </RouteBoundary>
        ),
      },
      {
        // `events/new` opens the same page with an empty form.
        path: 'events/:id',
        element: (
          <RouteBoundary>
            <EventPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'schedule',
        element: (
          <RouteBoundary>
            <SchedulePage />
          </RouteBoundary>
        ),
      },
      {
        // `webhooks/:id` shows one webhook's delivery log.
        path: 'webhooks/:id?',
        element: (
          <RouteBoundary>
            <WebhooksPage />
          </RouteBoundary>
        ),
      },
      {
        // `configuration/:section` is one kind of lookup: event-types, channels, xflows, rooms, categories, tags...
        path: 'configuration/:section?',
        element: (
          <RouteBoundary>
            <ConfigurationPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'compose',
        element: (
          <RouteBoundary>
            <ComposeListPage />
          </RouteBoundary>
        ),
      },
      {
        // `compose/new?type=standard|encoder` creates; `compose/:eventId` edits that event's playlist.
        path: 'compose/:eventId',
        element: (
          <RouteBoundary>
            <ComposePage />
          </RouteBoundary>
        ),
      },
      {
        path: 'downloads',
        element: (
          <RouteBoundary>
            <DownloadsPage />
          </RouteBoundary>
        ),
      },
      {
        // `downloads/new?event=` builds a download from clips of one event or several.
        path: 'downloads/new',
        element: (
          <RouteBoundary>
            <NewDownloadPage />
          </RouteBoundary>
        ),
      },
      {
        // The mails the service keeps (no SMTP_URL); `mailbox/:id` opens one.
        path: 'mailbox/:id?',
        element: (
          <RouteBoundary>
            <MailboxPage />
          </RouteBoundary>
        ),
      },
      {
        // `archiver?tab=profiles|streams|flows`; captures by default.
        path: 'archiver',
        element: (
          <RouteBoundary>
            <ArchiverPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'assets',
        element: (
          <RouteBoundary>
            <AssetsPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'billing',
        element: (
          <RouteBoundary>
            <BillingPage />
          </RouteBoundary>
        ),
      },
      {
        // The publication monitor; `?pub=<id>` opens one publication's drawer.
        path: 'publications',
        element: (
          <RouteBoundary>
            <PublicationsPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'destinations',
        element: (
          <RouteBoundary>
            <DestinationsPage />
          </RouteBoundary>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // The player page the service's embed codes point at: bare (embed=true, for iframes), outside the shell.
    path: '/events/:id/player',
    errorElement: <RootError />,
    element: (
      <RouteBoundary>
        <EventPlayerPage />
      </RouteBoundary>
    ),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
