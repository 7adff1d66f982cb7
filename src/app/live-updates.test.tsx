// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
/**
 * Live updates against the real service, over a socket (the change feed is a stream): the events
 * list follows a state change made elsewhere, only the queries a change names refetch, polling
 * stops while the feed is live and comes back without it, and a hidden tab catches up.
 */
import { useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, useQuery, type Query } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { eq } from 'drizzle-orm';
import { createApiClient, type ApiClient } from '#client';
import { EventState } from '#schema';
import { recordEventChange, type ChangeFlags } from '#server/changes/record.ts';
import { events as eventsTable } from '#server/db/tables/index.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { insertEvent } from '#testing/event-row.ts';
import { api, setApiClient } from './api.ts';
import { createConnectionStore } from './connection.ts';
import { FALLBACK_POLL_MS } from '#client/feed-mapping.ts';
import { useLiveStatusStore } from './live-updates.tsx';
import { AppProviders } from './providers.tsx';
import { memoryStorage, renderApp } from './test-utils.tsx';

const fixture = servicePerFile({
  now: new Date(),
  services: { changeFeed: { pollIntervalMs: 200 } },
  // On a real loopback port as well: the feed is a stream the browser's fetch reads as it comes.
  seed: async (t) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    return { base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  },
});

/** Every request the dashboard makes, by path and query (the feed's included). */
function socketClient(rewrite: (url: string) => string = (url) => url): { client: ApiClient; requests: string[] } {
  const requests: string[] = [];
  const client = createApiClient({
    baseUrl: `${fixture.seeded.base}/api`,
    apiKey: fixture.t.key,
    validateResponses: true,
    fetch: (input, init) => {
      const url = rewrite(String(input));
      const parsed = new URL(url);
      requests.push(decodeURIComponent(parsed.pathname + parsed.search));
      return fetch(url, init);
    },
  });
  return { client, requests };
}

/** An event starting in an hour (the list shows it), in `state`. */
const upcomingEvent = (title: string, state: number = EventState.values.PRE_LIVE) =>
  insertEvent(fixture.t, { title, state, scheduledStart: new Date(Date.now() + 3_600_000), dateCreated: new Date(), dateModified: new Date() });

/** A change as a write path makes it: the row and its change in one transaction. */
async function change(eventId: string, flags: ChangeFlags, state?: number) {
  await fixture.t.database.db.transaction(async (tx) => {
    const [row] = state === undefined
      ? await tx.select().from(eventsTable).where(eq(eventsTable.id, eventId))
      : await tx.update(eventsTable).set({ state, dateModified: new Date() }).where(eq(eventsTable.id, eventId)).returning();
    await recordEventChange(tx, fixture.t.clock, {
      clientId: fixture.t.clientId,
      eventId,
      action: 'Updated',
      event: { refId: row!.refId, externalId: row!.externalId, state: row!.state, mp4State: row!.mp4State, provisionState: null },
      flags,
    });
  });
}

/** Renders `ui` under the app's providers with the client; the live status shows as text. */
function renderProbe(ui: React.ReactNode, client: ApiClient, liveUpdates: boolean | { hiddenGraceMs: number } = true) {
  const connection = createConnectionStore({ storage: memoryStorage(), fetch: client.config.fetch });
  connection.save({ baseUrl: client.config.baseUrl, apiKey: client.config.apiKey ?? '' });
  setApiClient(client);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  function Status() {
    const store = useLiveStatusStore();
    return <output aria-label="live state">{useSyncExternalStore(store.subscribe, store.get).state}</output>;
  }
  const router = createMemoryRouter([{ path: '*', element: <><Status />{ui}</> }]);
  render(
    <AppProviders queryClient={queryClient} connection={connection} liveUpdates={liveUpdates}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { queryClient, liveState: () => screen.getByRole('status', { name: 'live state' }).textContent };
}

function intervalOf(queryClient: QueryClient, queryKey: readonly unknown[]): unknown {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true }) as Query | undefined;
  const interval = query?.observers[0]?.options.refetchInterval;
  return typeof interval === 'function' ? interval(query as never) : interval;
}

describe('live updates', () => {
  it('shows a state change made elsewhere on the events page (the status strip’s counts), without reload, and says Live in the app bar', async () => {
    const id = await upcomingEvent(`Feed-followed final ${Date.now()}`);
    const { client } = socketClient();
    renderApp({ client, path: '/events' });
    const strip = await screen.findByRole('navigation', { name: 'Event status' }, { timeout: 20_000 });
    await within(strip).findByRole('button', { name: '0 Starting / stopping' }, { timeout: 20_000 });
    const status = await screen.findByRole('button', { name: /Connection: Connected to .*, live updates on\. Open the connection settings$/ });
    expect(status.getAttribute('data-live-state')).toBe('live');

    // The feed is live, so the counts poll only every 5 minutes: only the feed can change them now.
    await change(id, { stateChanged: true }, EventState.values.LIVE_STARTING);
    await within(strip).findByRole('button', { name: '1 Starting / stopping' }, { timeout: 10_000 });
  }, 90_000);

  it('refetches exactly the queries a change names', async () => {
    const a = await upcomingEvent('Named A');
    const b = await upcomingEvent('Named B');
    const { client, requests } = socketClient();
    function Probe() {
      useQuery(api.customProperty.list.queryOptions({ query: { eventId: a } }));
      useQuery(api.customProperty.list.queryOptions({ query: { eventId: b } }));
      useQuery(api.channelProfile.getForEvent.queryOptions({ params: { id: a }, query: {} }));
      useQuery(api.event.get.queryOptions({ params: { id: a }, query: {} }));
      return null;
    }
    const { liveState } = renderProbe(<Probe />, client);
    await waitFor(() => expect(liveState()).toBe('live'));
    const count = (path: string) => requests.filter((r) => r.startsWith(path)).length;
    const customA = `/api/customproperty/?eventId=${a}`;
    const customB = `/api/customproperty/?eventId=${b}`;
    const audioA = `/api/channelprofile/event/${a}`;
    const eventA = `/api/event/${a}`;
    await waitFor(() => expect([count(customA), count(customB), count(audioA), count(eventA)]).toEqual([1, 1, 1, 1]));

    await change(a, { metadataChanged: true });
    await waitFor(() => expect(count(customA)).toBe(2));
    await waitFor(() => expect(count(eventA)).toBe(2));
    await change(a, { audioChanged: true });
    await waitFor(() => expect(count(audioA)).toBe(2));
    await waitFor(() => expect(count(eventA)).toBe(3));
    // B's properties and A's audio before it changed were never asked again.
    expect([count(customA), count(customB), count(audioA)]).toEqual([2, 1, 2]);
  });

  it('coalesces a burst of changes into a few refetches', async () => {
    const id = await upcomingEvent('Burst');
    const { client, requests } = socketClient();
    function Probe() {
      useQuery(api.event.get.queryOptions({ params: { id }, query: {} }));
      return null;
    }
    const { liveState } = renderProbe(<Probe />, client);
    await waitFor(() => expect(liveState()).toBe('live'));
    const fetches = () => requests.filter((r) => r === `/api/event/${id}`).length;
    await waitFor(() => expect(fetches()).toBe(1));
    for (let i = 0; i < 300; i++) await change(id, { metadataChanged: true });
    // The last change's refetch comes, and far fewer than 300 of them.
    await waitFor(() => expect(fetches()).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(fetches()).toBeLessThan(30);
  });

  it('never polls what the live feed covers, and polls it every FALLBACK_POLL_MS without a feed; what it does not cover keeps its own rate', async () => {
    const key = api.event.list.queryOptions({ query: { pageSize: 3 } }).queryKey;
    const billing = { query: { startPeriod: '2026-01-01T00:00:00Z', endPeriod: '2026-02-01T00:00:00Z' } };
    const other = api.stats.billing.queryOptions(billing).queryKey;
    function Probe() {
      useQuery(api.event.list.queryOptions({ query: { pageSize: 3 } }));
      useQuery({ ...api.stats.billing.queryOptions(billing), refetchInterval: 2_000 });
      return null;
    }
    const live = renderProbe(<Probe />, socketClient().client);
    await waitFor(() => expect(live.liveState()).toBe('live'));
    await waitFor(() => expect(intervalOf(live.queryClient, key)).toBe(false));
    // Billing is not on the feed (usage accrues with viewing, which no write records): it keeps its rate.
    expect(intervalOf(live.queryClient, other)).toBe(2_000);
    cleanup();

    // A service without the feed (the route answers 404).
    const { client } = socketClient((url) => url.replace('/api/changes', '/api/changes-not-here'));
    const polling = renderProbe(<Probe />, client);
    await waitFor(() => expect(polling.liveState()).toBe('polling'));
    await waitFor(() => expect(intervalOf(polling.queryClient, key)).toBe(FALLBACK_POLL_MS));
  });

  it('lets go of the stream in a hidden tab and catches up when it is shown again', async () => {
    const id = await upcomingEvent('Hidden');
    const { client, requests } = socketClient();
    function Probe() {
      const event = useQuery(api.event.get.queryOptions({ params: { id }, query: {} }));
      return <p>state {event.data?.stateString}</p>;
    }
    const { liveState } = renderProbe(<Probe />, client, { hiddenGraceMs: 0 });
    await waitFor(() => expect(liveState()).toBe('live'));
    await screen.findByText('state PRE_LIVE');
    const setVisibility = (value: 'hidden' | 'visible') =>
      act(() => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
    try {
      await setVisibility('hidden');
      await waitFor(() => expect(liveState()).toBe('paused'));
      await change(id, { stateChanged: true }, EventState.values.LIVE_STARTING);
      await new Promise((r) => setTimeout(r, 500));
      expect(screen.getByText('state PRE_LIVE')).toBeTruthy();
      await setVisibility('visible');
      await screen.findByText('state LIVE_STARTING');
      expect(liveState()).toBe('live');
      const feeds = requests.filter((r) => r.startsWith('/api/changes'));
      expect(feeds).toHaveLength(2);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });
});
