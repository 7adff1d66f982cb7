// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { archiverProfiles, archiverStreams } from '#server/db/tables/index.ts';
import { captureBody, archiverServices } from '#testing/archiver.ts';
import { seedLiveFixture } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import ArchiverPage from './archiver-page.tsx';
import { FLOW_TEMPLATE } from './flows-tab.tsx';

const SEGMENT_MS = 4_000;
const fixture = servicePerFile({
  now: new Date(),
  services: archiverServices(SEGMENT_MS),
  // The recorder's catching up below takes longer than most seeds.
  timeout: 180_000,
  seed: async (t, api) => {
    const now = t.clock.now();
    const { channelId } = await seedLiveFixture(t.database.db, t.clientId, now);
    /** The capture's start: the channel live from then on. */
    const liveStart = now.getTime() - 30 * 60_000;
    await insertEvent(t, { title: 'Long match', channelId, state: EventState.values.LIVE_PUBLISHED, actualLiveStart: new Date(liveStart) });
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'long_match', startTime: new Date(liveStart).toISOString() }) });
    // The recorder catches up on the half hour, a batch per run.
    for (let i = 0; i < 60; i++) {
      await t.runJobs();
      t.clock.advance(2_000);
      const segments = await api.call(endpoints.archiverCapture.segments, { params: { id: 'long_match' }, query: {} });
      if ((segments?.length ?? 0) >= 1_600_000 / SEGMENT_MS + 30) break;
    }
    // 30 streams, more than a page.
    const at = new Date();
    await t.database.db.insert(archiverProfiles).values({ clientId: t.clientId, id: 'web', createdAt: at, updatedAt: at });
    await t.database.db.insert(archiverStreams).values(
      Array.from({ length: 30 }, (_, i) => ({
        clientId: t.clientId,
        profileId: 'web',
        captureId: `cap_${String(i + 1).padStart(2, '0')}`,
        startTime: new Date(liveStart),
        endTime: at,
        uploaded: true,
        createdAt: at,
        updatedAt: at,
      })),
    );
    return { liveStart };
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

/** The grid's footer (its pagination) sits beside the element named as the grid. */
const footerOf = (grid: HTMLElement) => within(grid.closest<HTMLElement>('.MuiDataGrid-root')!);
/** The data rows of a grid (the header row has no gridcells). */
const rowsOf = (grid: HTMLElement) => within(grid).queryAllByRole('row').filter((row) => within(row).queryAllByRole('gridcell').length > 0);

describe('the segments of a selected range', () => {
  it('shows every segment of a range of 400, page by page (no cap), sorted by start on request, the view under its own parameters', { timeout: 120_000 }, async () => {
    const user = userEvent.setup();
    const from = new Date(fixture.seeded.liveStart + 60_000);
    const to = new Date(from.getTime() + 400 * SEGMENT_MS);
    const { router } = renderPage(`/archiver?capture=long_match&from=${from.toISOString()}&to=${to.toISOString()}&segPageSize=100`);
    const panel = await screen.findByRole('region', { name: 'Selected range' });
    const grid = await within(panel).findByRole('grid', { name: 'Segments of the selected range' }, { timeout: 20_000 });
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(100), { timeout: 20_000 });
    expect(footerOf(grid).getByText('1–100 of 400')).toBeTruthy();
    expect(within(panel).queryByText(/select a shorter range/)).toBeNull();

    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      if (page > 1) {
        await user.click(footerOf(grid).getByRole('button', { name: 'Go to next page' }));
        await waitFor(() => expect(footerOf(grid).getByText(`${(page - 1) * 100 + 1}–${page * 100} of 400`)).toBeTruthy());
        expect(new URLSearchParams(router.state.location.search).get('segPage')).toBe(String(page));
      }
      for (const row of rowsOf(grid)) seen.add(row.getAttribute('data-id')!);
    }
    expect(seen.size).toBe(400);
    expect(footerOf(grid).getByRole('button', { name: 'Go to next page' }).hasAttribute('disabled')).toBe(true);

    // Latest first: the sort goes back to the first page, in the URL beside the range.
    await user.click(within(grid).getByRole('columnheader', { name: /Start/ }));
    await user.click(within(grid).getByRole('columnheader', { name: /Start/ }));
    await waitFor(() => expect(within(grid).getByRole('columnheader', { name: /Start/ }).getAttribute('aria-sort')).toBe('descending'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('segSort'), params.get('segOrder'), params.get('segPage'), params.get('capture')]).toEqual(['start', 'desc', null, 'long_match']);
    const ids = rowsOf(grid).map((row) => Number(row.getAttribute('data-id')));
    expect(ids.length).toBe(100);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('the archiver streams', () => {
  it('pages past the first page and sorts by capture', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/archiver?tab=streams');
    const grid = await screen.findByRole('grid', { name: 'Archiver streams' }, { timeout: 20_000 });
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(25));
    expect(footerOf(grid).getByText('1–25 of 30')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Play stream 1' })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Delete stream 1' })).toBeTruthy();

    await user.click(footerOf(grid).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(5));
    expect(router.state.location.search).toBe('?tab=streams&page=2');

    await user.click(within(grid).getByRole('columnheader', { name: /Capture/ }));
    await user.click(within(grid).getByRole('columnheader', { name: /Capture/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('order')).toBe('desc'));
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(25));
    expect(within(rowsOf(grid)[0]!).getByText('cap_30')).toBeTruthy();
    expect(within(rowsOf(grid)[24]!).getByText('cap_06')).toBeTruthy();
  });

  it('deletes a stream after its confirmation, once, and says so', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    renderPage('/archiver?tab=streams');
    const grid = await screen.findByRole('grid', { name: 'Archiver streams' }, { timeout: 20_000 });
    await user.click(await within(grid).findByRole('button', { name: 'Delete stream 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete stream 1?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Delete stream' }));
    expect(await screen.findByText('Deleted stream 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete stream 1?' })).toBeNull());
    await waitFor(() => expect(footerOf(grid).getByText('1–25 of 29')).toBeTruthy());
    expect(await fixture.service.call(endpoints.archiverStream.list, {})).toHaveLength(29);
  });
});

describe('the archiver flows', () => {
  it('lists them in the grid with their outputs, and deletes one after its confirmation', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    for (const name of ['Catch-up', 'Archive B']) await fixture.service.call(endpoints.archiverflow.create, { body: { name, configurationJson: FLOW_TEMPLATE } });
    renderPage('/archiver?tab=flows');
    const grid = await screen.findByRole('grid', { name: 'Archiver flows' }, { timeout: 20_000 });
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(2));
    expect(within(rowsOf(grid)[0]!).getByText('Archive B')).toBeTruthy();
    expect(within(rowsOf(grid)[1]!).getByText('1 flow, 1 output URL set (HLS)')).toBeTruthy();
    await user.click(within(grid).getByRole('button', { name: 'Delete the archiver flow Catch-up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the archiver flow Catch-up?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete flow' }));
    expect(await screen.findByText('Deleted the archiver flow Catch-up')).toBeTruthy();
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(1));
  });
});
