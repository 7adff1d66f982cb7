// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '#client';
import { EventState } from '#schema';
import { setApiClient } from '#app/api.ts';
import { prefetchRoute } from '#app/router.tsx';
import { renderWithApp } from '#app/test-utils.tsx';
import { insertEvent } from '#testing/event-row.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { recordingTestClient } from '#testing/client.ts';
import EventsPage from './events-page.tsx';

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t) => {
    await insertEvent(t, { title: 'Cup final', state: EventState.values.LIVE_PUBLISHED });
    await insertEvent(t, { title: 'Evening news', state: EventState.values.SUSPENDED });
  },
});

/** A client of the file's service that records the path and query of every request. */
function recordingClient() {
  const { client, requests } = recordingTestClient(fixture.t);
  return { client, requests, lists: () => requests.filter((r) => r.startsWith('/api/event/?')) };
}

describe('the events list’s first load', () => {
  it('reads the list once when start.tsx asked for it before the page rendered (the prefetch fills the page’s cache entry)', async () => {
    const { client, lists } = recordingClient();
    const queryClient = createQueryClient();
    setApiClient(client);
    prefetchRoute('/events?range=all', queryClient);
    expect(lists()).toHaveLength(1);
    renderWithApp(<EventsPage />, { client, path: '/events?range=all', queryClient });
    expect(await screen.findByRole('gridcell', { name: 'Cup final' })).toBeTruthy();
    expect(lists()).toHaveLength(1);
  });

  it('counts the status strip in one request, once the list is answered', async () => {
    const { client, requests, lists } = recordingClient();
    renderWithApp(<EventsPage />, { client, path: '/events?range=all' });
    await screen.findByRole('gridcell', { name: 'Cup final' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^1 Live now/ })).toBeTruthy());
    const counts = requests.filter((r) => r.startsWith('/api/event/statuscounts/'));
    expect(counts).toHaveLength(1);
    // The list itself, and no list request per tile.
    expect(lists()).toHaveLength(1);
    expect(requests.indexOf(counts[0]!)).toBeGreaterThan(requests.indexOf(lists()[0]!));
    expect(screen.getByRole('button', { name: /^1 Suspended/ })).toBeTruthy();
  });
});
