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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
