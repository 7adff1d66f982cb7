/**
 * Rendering the dashboard in component tests, with data from whatever client the test brings:
 * usually one whose fetch goes into the in-process server (`#testing/*`), never a hand-written
 * mock of the API. Pages take their data only through `api`, which reads the injected client.
 *
 * @example
 * const fixture = servicePerFile({ now: new Date() }); // #testing/page-service.ts: the file's one service
 * const { findByRole } = renderWithApp(<EventsPage />, { client: createTestClient(fixture.t), path: '/events?page=2' });
 * renderApp({ client: createTestClient(fixture.t), path: '/events' }); // the whole shell with its real routes
 *
 * The RouterProvider here is react-router's, not react-router/dom's as in start.tsx: in a test that
 * runs under the node environment (see test-dom.ts) the two resolve to different copies of the
 * router. The only difference is `flushSync` navigations, which then render a moment later.
 */
import type { ReactElement } from 'react';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, type ApiClient } from '#client';
import { setApiClient } from './api.ts';
import { createConnectionStore, type ConnectionStore, type KeyValueStorage } from './connection.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';
import { EVENT_TABS } from './event-tabs.tsx';
import type { FeedAhead } from './first-view.ts';

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

export interface RenderAppOptions {
  /** The client every `api` call uses; its baseUrl and apiKey become the connection settings. */
  client: ApiClient;
  /** The URL to start at, query string included. */
  path?: string;
  /** A query client the test filled already (a prefetch, as start.tsx starts it); a fresh one otherwise. */
  queryClient?: QueryClient;
  /** The change feed start.tsx opened before rendering (first-view.ts), for the providers to take. */
  feedAhead?: FeedAhead;
}

export interface RenderAppResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  connection: ConnectionStore;
}

function setUp(client: ApiClient, given?: QueryClient) {
  // The store must not replace the test's client (it may validate responses, carry headers).
  const connection = createConnectionStore({ storage: memoryStorage(), fetch: client.config.fetch });
  connection.save({ baseUrl: client.config.baseUrl, apiKey: client.config.apiKey ?? '' });
  setApiClient(client);
  // The app's own client, so mutations invalidate what they declare as in production; no retries
  // and no staleness timer, so a test sees each answer once and refetches only when told.
  const queryClient = given ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return { connection, queryClient };
}

function renderRouter(router: ReturnType<typeof createMemoryRouter>, client: ApiClient, given?: QueryClient, feedAhead?: FeedAhead): RenderAppResult {
  const { connection, queryClient } = setUp(client, given);
  const result = render(
    <AppProviders queryClient={queryClient} connection={connection} liveUpdates={feedAhead ? { feedAhead } : true}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, connection };
}

/** One element (a page) under the app's providers and a router at `path`. */
export function renderWithApp(ui: ReactElement, { client, path = '/', queryClient, feedAhead }: RenderAppOptions): RenderAppResult {
  return renderRouter(createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] }), client, queryClient, feedAhead);
}

/** The whole dashboard (shell, routes, lazy pages) at `path`. */
export function renderApp({ client, path = '/', queryClient, feedAhead }: RenderAppOptions): RenderAppResult {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), client, queryClient, feedAhead);
}

/**
 * The control once it can be used. Controls stay disabled until their data has come from the
 * service, which answers from its database worker a moment after the first render, and a click on
 * a disabled control does nothing (or fails on `pointer-events: none`).
 */
export async function whenEnabled<T extends HTMLElement>(control: T | Promise<T>): Promise<T> {
  const element = await control;
  await waitFor(() => {
    if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') throw new Error(`${element.textContent ?? 'the control'} is still disabled`);
  });
  return element;
}

/**
 * Every event tab's code, loaded. A test file that renders the whole event page runs this first
 * (`beforeAll(loadEventTabs, 120_000)`): the page loads all its tabs at once, and that first import
 * took longer than the 15 s a query waits when the machine was loaded.
 */
export async function loadEventTabs(): Promise<void> {
  await Promise.all(EVENT_TABS.map((tab) => tab.preload?.()));
}
