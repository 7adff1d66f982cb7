// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { captureBody, PRIMARY_POINT, archiverServices } from '#testing/archiver.ts';
import { seedLiveFixture } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import ArchiverPage from './archiver-page.tsx';

const S = EventState.values;
const fixture = servicePerFile({
  // The clock at the real time: the timeline's window ends at the browser's now.
  now: new Date(),
  services: archiverServices(4_000, ({ startTime }) => Math.floor(startTime.getTime() / 4_000) % 10 === 0),
  seed: async (t, api) => {
    const now = t.clock.now();
    const { channelId } = await seedLiveFixture(t.database.db, t.clientId, now);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    // A first event live from 10 to 6 minutes ago, the next one since 4 minutes ago: a gap between.
    await insertEvent(t, { title: 'First half', channelId, state: S.INSTANT_VOD, actualLiveStart: at(10), actualLiveEnd: at(6) });
    await insertEvent(t, { title: 'Second half', channelId, state: S.LIVE_PUBLISHED, actualLiveStart: at(4) });
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'match_day', startTime: at(11).toISOString() }) });
    for (let i = 0; i < 10; i++) {
      await t.runJobs();
      t.clock.advance(2_000);
    }
  },
});

function renderPage(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/archiver" element={<ArchiverPage />} />
    </Routes>,
    { client: createTestClient(fixture.t), path },
  );
}

describe('the Archiver page', () => {
  it('shows each capture with its state and an availability timeline with the gap, and plays a selected range', async () => {
    const user = userEvent.setup();
    const view = renderPage('/archiver');
    const section = await screen.findByRole('region', { name: 'Capture match_day' });
    expect(within(section).getByText('Recording')).toBeTruthy();
    expect(within(section).getByText(PRIMARY_POINT)).toBeTruthy();
    const captured = await within(section).findAllByRole('button', { name: /^Captured / });
    expect(captured.length).toBeGreaterThanOrEqual(2);
    expect(within(section).getAllByTestId('timeline-gap').length).toBeGreaterThanOrEqual(1);
    const stats = await fixture.service.call(endpoints.archiverCapture.stats, { params: { id: 'match_day' } });
    expect(stats.failedCount, JSON.stringify(stats)).toBeGreaterThan(0);
    await waitFor(() => expect(within(section).getByText(/failed/)).toBeTruthy());

    await user.click(captured[0]!);
    await screen.findByRole('region', { name: 'Selected range' });
    expect(view.router.state.location.search).toContain('capture=match_day');
  });

  it('lists the segments of a range in the grid, failed ones first, and plays the range', async () => {
    const now = Date.now();
    renderPage(`/archiver?capture=match_day&from=${new Date(now - 12 * 60_000).toISOString()}&to=${new Date(now).toISOString()}`);
    const panel = await screen.findByRole('region', { name: 'Selected range' });
    const grid = await within(panel).findByRole('grid', { name: 'Segments of the selected range' });
    // The data rows (the header row has no gridcells): a first page of 10.
    await waitFor(() => expect(within(grid).getAllByRole('row').filter((row) => within(row).queryAllByRole('gridcell').length > 0)).toHaveLength(10));
    const rows = within(grid).getAllByRole('row').filter((row) => within(row).queryAllByRole('gridcell').length > 0);
    // Failed segments first.
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    await within(panel).findByText(/Plays \d+ archived segments/);
  });

  it('zooms from days to minutes, in the URL', async () => {
    const user = userEvent.setup();
    const view = renderPage('/archiver');
    await screen.findByRole('region', { name: 'Capture match_day' });
    await user.click(screen.getByRole('button', { name: 'Show 10 minutes' }));
    expect(view.router.state.location.search).toContain('zoom=10m');
    await user.click(screen.getByRole('button', { name: 'Show 7 days' }));
    expect(view.router.state.location.search).toContain('zoom=7d');
    await user.click(screen.getByRole('button', { name: 'Earlier' }));
    expect(view.router.state.location.search).toContain('at=');
    await user.click(screen.getByRole('button', { name: 'Back to now' }));
    expect(view.router.state.location.search).not.toContain('at=');
  });

  it('checks a new capture before sending it, and shows the service’s refusal of a used id on the field', async () => {
    const user = userEvent.setup();
    renderPage('/archiver');
    await screen.findByRole('region', { name: 'Capture match_day' });
    await user.click(screen.getByRole('button', { name: 'Add capture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a capture' });
    await user.click(within(dialog).getByRole('button', { name: 'Add capture' }));
    expect(await within(dialog).findByText('Pick or type at least one publishing point')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Id/), 'match_day');
    const points = within(dialog).getByRole('combobox', { name: /Publishing points/ });
    await user.type(points, `${PRIMARY_POINT}{Enter}`);
    await user.click(within(dialog).getByRole('button', { name: 'Add capture' }));
    expect(await within(dialog).findByText('A capture with this id exists already')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Id/));
    await user.type(within(dialog).getByLabelText(/^Id/), 'second_capture');
    await user.click(within(dialog).getByRole('button', { name: 'Add capture' }));
    await screen.findByRole('region', { name: 'Capture second_capture' });
  });

  it('adds a playout profile with a capture picked, and shows the streaming formats its DRM allows', async () => {
    const user = userEvent.setup();
    renderPage('/archiver?tab=profiles');
    await user.click(await screen.findByRole('button', { name: 'Add a playout profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a playout profile' });
    await user.type(within(dialog).getByLabelText(/^Id/), 'web_catchup');
    await user.click(within(dialog).getByRole('combobox', { name: 'Add a capture' }));
    await user.click(await screen.findByRole('option', { name: 'match_day' }));
    await user.type(within(dialog).getByLabelText('AES key'), '0123456789abcdef');
    await user.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    const grid = await screen.findByRole('grid', { name: 'Playout profiles' });
    await waitFor(() => expect(grid.querySelector('[role="row"][data-id="web_catchup"]')).not.toBeNull());
    const profile = within(grid.querySelector<HTMLElement>('[role="row"][data-id="web_catchup"]')!);
    expect(profile.getByText('HLS')).toBeTruthy();
    expect(profile.queryByText('DASH')).toBeNull();
    expect(profile.getByText('match_day')).toBeTruthy();
    expect(profile.getByRole('button', { name: 'Edit the playout profile web_catchup' })).toBeTruthy();
  });
});
