// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { loadEventTabs, renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import EventPage from '#app/event-tabs.tsx';
import ActivityPage from './activity-page.tsx';

beforeAll(loadEventTabs, 120_000);

const fixture = servicePerFile({});

describe('The activity trail in the dashboard', () => {
  it('shows an event’s history on its History tab: who, what operation, each field before and after', async () => {
    const event = await fixture.service.call(endpoints.event.upsert, { body: { Title: 'Quiz night' } });
    await fixture.service.call(endpoints.event.upsert, { body: { Id: event.id, Title: 'Quiz night (late)' } });
    renderWithApp(
      <Routes>
        <Route path="/events/:id" element={<EventPage />} />
      </Routes>,
      { client: createTestClient(fixture.t), path: `/events/${event.id}?tab=history` },
    );
    const history = await screen.findByRole('list', { name: 'History of Quiz night (late)' }, { timeout: 15_000 });
    const entries = within(history).getAllByRole('listitem', { name: /^event\.upsert by / });
    expect(entries).toHaveLength(2);
    // Newest first: the rename, with the title before and after.
    const rename = within(entries[0]!).getByRole('list', { name: 'Fields changed' });
    expect(rename.textContent).toContain('Quiz night');
    expect(rename.textContent).toContain('Quiz night (late)');
    expect(screen.getByText('2 changes, newest first')).toBeTruthy();
  });

  it('lists everything on the Activity page and filters it by kind of record', async () => {
    const event = await fixture.service.call(endpoints.event.upsert, { body: { Title: 'Filtered show' } });
    const destination = await fixture.service.call(endpoints.mediaDestination.create, { body: { name: 'Filtered site', target: 'VideoSite', destinationJson: '{}' } });
    renderWithApp(
      <Routes>
        <Route path="/activity" element={<ActivityPage />} />
      </Routes>,
      { client: createTestClient(fixture.t), path: '/activity' },
    );
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByText(`event ${event.id}`)).toBeTruthy();
    expect(within(list).getByText(`media destination ${destination.id}`)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Kind of record' }));
    await user.click(await screen.findByRole('option', { name: 'Media destination' }));
    await waitFor(() => expect(screen.queryByText(`event ${event.id}`)).toBeNull());
    expect(screen.getByText(`media destination ${destination.id}`)).toBeTruthy();
  });
});
