// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
/**
 * start.tsx's first requests (first-view.ts): the change feed, then the opened page's first data,
 * both before React renders; the providers take the feed over, and the page finds its data.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '#client';
import { servicePerFile } from '#testing/page-service.ts';
import { recordingTestClient } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { setApiClient } from './api.ts';
import { createConnectionStore } from './connection.ts';
import { startFirstView, type FeedAhead } from './first-view.ts';
import { prefetchRoute } from './router.tsx';
import { memoryStorage, renderApp } from './test-utils.tsx';

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t) => {
    await insertEvent(t, { title: 'Cup final', scheduledStart: new Date(Date.now() + 3_600_000) });
  },
});

/** The dashboard's start (start.tsx) with a key kept in the browser, up to the first render; the list answered. */
async function start(openFeedAhead: boolean) {
  // The file's service, its change feed included.
  const { client, requests } = recordingTestClient(fixture.t, { feed: true });
  const connection = createConnectionStore({ storage: memoryStorage(), fetch: client.config.fetch });
  connection.save({ baseUrl: client.config.baseUrl, apiKey: client.config.apiKey ?? '' });
  setApiClient(client);
  const queryClient = createQueryClient();
  const feedAhead: FeedAhead | undefined = openFeedAhead ? startFirstView(connection, queryClient, '/events') : undefined;
  return { client, requests, queryClient, feedAhead };
}

const lists = (requests: string[]) => requests.filter((r) => r.startsWith('/api/event/?'));
const feeds = (requests: string[]) => requests.filter((r) => r.startsWith('/api/changes'));

async function whenLiveAndSettled(queryClient: ReturnType<typeof createQueryClient>) {
  await waitFor(() => expect(document.querySelector('[data-live-state]')?.getAttribute('data-live-state')).toBe('live'), { timeout: 20_000 });
  await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 20_000 });
}

describe('the first view’s requests', () => {
  it('asks for the change feed, then the events list’s first page, before React renders; the page reads neither again', async () => {
    const { client, requests, queryClient, feedAhead } = await start(true);
    // Nothing rendered yet: the feed's request, then the list's.
    expect(requests.map((r) => r.split('?')[0])).toEqual(['/api/changes', '/api/event/']);
    // The list answered before the providers opened anything: it is still not read again.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    renderApp({ client, path: '/events', queryClient, feedAhead });
    expect(await screen.findByRole('gridcell', { name: 'Cup final' }, { timeout: 20_000 })).toBeTruthy();
    await whenLiveAndSettled(queryClient);
    expect(feeds(requests)).toHaveLength(1);
    expect(lists(requests)).toHaveLength(1);
  }, 60_000);

  it('(why the feed goes first) reads a list read before the feed again when the feed starts', async () => {
    const { client, requests, queryClient } = await start(false);
    prefetchRoute('/events', queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    renderApp({ client, path: '/events', queryClient });
    await screen.findByRole('gridcell', { name: 'Cup final' }, { timeout: 20_000 });
    await whenLiveAndSettled(queryClient);
    await waitFor(() => expect(lists(requests)).toHaveLength(2));
  }, 60_000);
});
