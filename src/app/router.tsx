/**
 * The routes. Each page is its own chunk (`lazyPage`: React.lazy), rendered inside the shell and
 * its own RouteBoundary; a new area adds a lazyPage import, a route here and an entry in
 * navigation.ts. A link's page is downloaded when the link is hovered or focused; a page opened
 * starts its first view's requests with its download (`prefetchRoute`, start.tsx).
 */
import { isValidElement, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { prefetchEventsPage } from '#pages/events/index.ts';
import { isLazyPage, lazyPage, type LazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found.tsx';
import { RootError, RouteBoundary } from './route-boundary.tsx';
import { Shell } from './shell.tsx';

const EventsPage = lazyPage(() => import('#pages/events/events-page.tsx'), { prefetch: prefetchEventsPage });
const EventPage = lazyPage(() => import('#app/event-tabs.tsx'));
const DeletedEventsPage = lazyPage(() => import('#pages/event/deleted-events-page.tsx'));
const EventPlayerPage = lazyPage(() => import('#pages/event/event-player-page.tsx'));
const SchedulePage = lazyPage(() => import('#pages/schedule/schedule-page.tsx'));
const WebhooksPage = lazyPage(() => import('#pages/webhooks/webhooks-page.tsx'));
const AssetsPage = lazyPage(() => import('#pages/assets/assets-page.tsx'));
const ConfigurationPage = lazyPage(() => import('#pages/configuration/configuration-page.tsx'));
const BillingPage = lazyPage(() => import('#pages/billing/billing-page.tsx'));
const ComposeListPage = lazyPage(() => import('#pages/compose/compose-list-page.tsx'));
const ComposePage = lazyPage(() => import('#pages/compose/compose-page.tsx'));
const DownloadsPage = lazyPage(() => import('#pages/downloads/downloads-page.tsx'));
const NewDownloadPage = lazyPage(() => import('#pages/downloads/new-download-page.tsx'));
const MailboxPage = lazyPage(() => import('#pages/mailbox/mailbox-page.tsx'));
const ArchiverPage = lazyPage(() => import('#pages/archiver/archiver-page.tsx'));
const PublicationsPage = lazyPage(() => import('#pages/publications/publications-page.tsx'));
const DestinationsPage = lazyPage(() => import('#pages/destinations/destinations-page.tsx'));
const AlertsPage = lazyPage(() => import('#pages/alerts/alerts-page.tsx'));
const ActivityPage = lazyPage(() => import('#pages/activity/activity-page.tsx'));

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
      {
        // The alert centre; `?show=all` adds the acknowledged alerts.
        path: 'alerts',
        element: (
          <RouteBoundary>
            <AlertsPage />
          </RouteBoundary>
        ),
      },
      {
        path: 'activity',
        element: (
          <RouteBoundary>
            <ActivityPage />
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

/** The lazy pages in a route's element (inside its RouteBoundary). */
function pagesIn(node: ReactNode): LazyPage[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  if (isLazyPage(node.type)) return [node.type];
  return [node.props.children].flat().flatMap(pagesIn);
}

/** The lazy pages shown at `href` (a path of this dashboard); none for anything else. */
function pagesAt(href: string | null | undefined): LazyPage[] {
  if (!href?.startsWith('/') || href.startsWith('//')) return [];
  return (matchRoutes(routes, href.split(/[?#]/)[0]!) ?? []).flatMap((match) => pagesIn(match.route.element));
}

/** Starts downloading the code of the page at `href` (a path of this dashboard); anything else is ignored. */
export function preloadRoute(href: string | null | undefined): void {
  for (const page of pagesAt(href)) {
    void page.preload().catch(() => {
      // Following the link tries again, and shows the route's error if it fails then.
    });
  }
}

/** Starts the requests of the first view of the page at `href` (its `prefetch`), into `queryClient`. */
export function prefetchRoute(href: string, queryClient: QueryClient): void {
  const url = new URL(href, 'http://dashboard');
  for (const page of pagesAt(href)) page.prefetch?.(queryClient, url);
}

/** Preloads the page of a link of this dashboard when the pointer is over it or it takes the focus. */
function preloadLinkedPages(): void {
  const preload = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link) preloadRoute(link.getAttribute('href'));
  };
  document.addEventListener('pointerover', preload, { passive: true });
  document.addEventListener('focusin', preload);
}

export function createAppRouter() {
  preloadLinkedPages();
  return createBrowserRouter(routes);
}
