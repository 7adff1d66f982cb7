// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { endpoints, EventState } from '#schema';
import { loadEventTabs, renderApp } from '#app/test-utils.tsx';
import { insertEvent } from '#testing/event-row.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';

/** Presence (issue 26): a record's page says who else has it open, live from the change feed. */
const fixture = servicePerFile({
  now: new Date(),
  seed: async (t) => ({
    eventId: await insertEvent(t, { title: 'Shared match', state: EventState.values.PRE_LIVE }),
    operator: await t.createKeyFor('operator', t, 'Night shift'),
  }),
});

beforeAll(loadEventTabs, 120_000);

describe('Presence on a record’s page', () => {
  it('names another key that opens the event, drops it when it leaves, and withdraws the page’s own presence when it closes', async () => {
    const id = fixture.seeded.eventId;
    const { unmount } = renderApp({ client: createTestClient(fixture.t, { feed: true }), path: `/events/${id}` });
    await screen.findByRole('heading', { name: 'Shared match' }, { timeout: 15_000 });
    expect(screen.queryByRole('status', { name: /^Also open/ })).toBeNull();

    const colleague = createTestClient(fixture.t, { tenant: fixture.seeded.operator });
    await colleague.call(endpoints.presence.announce, { body: { entity: 'event', id, session: 'colleague-tab' } });
    // The page announced itself: the colleague is told about it.
    await waitFor(async () => expect((await colleague.call(endpoints.presence.get, { query: { entity: 'event', id, session: 'colleague-tab' } })).others).toHaveLength(1));

    // The feed says someone arrived; the page asks again, well before its own 20 s announcement.
    await screen.findByRole('status', { name: 'Also open: Night shift (operator)' }, { timeout: 5_000 });

    await colleague.call(endpoints.presence.announce, { body: { entity: 'event', id, session: 'colleague-tab', leaving: true } });
    await waitFor(() => expect(screen.queryByRole('status', { name: /^Also open/ })).toBeNull(), { timeout: 5_000 });

    unmount();
    await waitFor(async () => expect((await colleague.call(endpoints.presence.get, { query: { entity: 'event', id, session: 'colleague-tab' } })).others).toEqual([]));
  }, 60_000);
});
