// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { activeDestination, advance, setFaults } from '#testing/syndication.ts';
import AlertsPage from './alerts-page.tsx';
import { AlertsBell } from './alerts-bell.tsx';

const fixture = servicePerFile({ now: new Date() });

describe('the alert centre', () => {
  it('shows a failed publication with its reason and the count in the tab title, fixes it with Retry, and acknowledges another', async () => {
    const t = fixture.t;
    const eventId = await insertEvent(t, { state: EventState.values.LIVE_PUBLISHED, title: 'Derby' });
    const bad = await activeDestination(t, fixture.service, 'SocialNetwork', 'Club page');
    await setFaults(fixture.service, bad.id, 'streamRejected');
    await fixture.service.call(endpoints.livePublication.create, {
      body: { eventId, startInstantly: true, publications: [{ destinationId: bad.id, publicationJson: JSON.stringify({ sn_title: 'Derby' }) }] },
    });
    await advance(t, 3_000);
    const archived = await insertEvent(t, { title: 'Old final', mp4State: 4 });

    const user = userEvent.setup();
    renderWithApp(
      <>
        <AlertsBell />
        <AlertsPage />
      </>,
      { client: createTestClient(t), path: '/alerts' },
    );
    const grid = await screen.findByRole('grid', { name: 'Alerts' });
    const failed = await within(grid).findByText('Live publication failed on Club page');
    const row = failed.closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toMatch(/rejected the live stream/);
    expect(within(row).getByRole('link', { name: 'Open the publication' }).getAttribute('href')).toMatch(/^\/publications\?pub=/);
    await waitFor(() => expect(document.title).toBe('(2) Alerts · Control Room'));
    expect(screen.getByRole('link', { name: 'Alerts: 2 open' })).toBeTruthy();

    await setFaults(fixture.service, bad.id, '');
    await user.click(within(row).getByRole('button', { name: /^Retry/ }));
    await waitFor(() => expect(within(grid).queryByText('Live publication failed on Club page')).toBeNull());
    await waitFor(() => expect(document.title).toBe('(1) Alerts · Control Room'));

    const mp4 = (await within(grid).findByText('The MP4 of Old final could not be made')).closest('[role="row"]') as HTMLElement;
    await user.click(within(mp4).getByRole('button', { name: /^Acknowledge/ }));
    // The page's subtitle and the empty list both say so.
    expect((await screen.findAllByText('Nothing needs you now')).length).toBe(2);
    await waitFor(() => expect(document.title).toBe('Alerts · Control Room'));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await within(grid).findByText('The MP4 of Old final could not be made')).toBeTruthy();
    expect(archived).toBeTruthy();
  }, 60_000);
});
