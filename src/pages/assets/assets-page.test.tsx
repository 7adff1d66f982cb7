// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { settleMedia } from '#testing/asset.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import AssetsPage from './assets-page.tsx';

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t, service) => {
    const event = await service.call(endpoints.event.upsert, {
      body: { Title: 'Gallery source', EventState: 'VOD_PUBLIC', ScheduledStart: '2026-01-10T10:00:00Z', ScheduledEnd: '2026-01-10T10:01:00Z' },
    });
    const eventId = event.id;
    await service.call(endpoints.asset.createImage, { body: { eventId, name: 'First still', time: '00:00:01.000' } });
    await service.call(endpoints.asset.createImage, { body: { eventId, name: 'Second still', time: '00:00:02.000' } });
    await service.call(endpoints.asset.generateVodFile, { params: { id: eventId }, body: {} });
    await settleMedia(t);
    return { eventId };
  },
});

function renderPage(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/assets" element={<AssetsPage />} />
    </Routes>,
    { client: createTestClient(fixture.t), path },
  );
}

describe('the Assets page', () => {
  it('shows the cards, locks SYSTEM assets, and deletes a selection after confirming', async () => {
    const user = userEvent.setup();
    renderPage('/assets');
    const first = await screen.findByRole('group', { name: 'Asset First still' });
    expect(within(first).getByRole('checkbox', { name: 'Select First still' })).toBeTruthy();
    const mp4 = screen.getByRole('group', { name: 'Asset MP4' });
    expect(within(mp4).getByLabelText('System asset, locked')).toBeTruthy();
    expect(within(mp4).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByText('5 assets')).toBeTruthy();

    await user.click(within(first).getByRole('checkbox', { name: 'Select First still' }));
    await user.click(within(screen.getByRole('group', { name: 'Asset Second still' })).getByRole('checkbox', { name: 'Select Second still' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 assets?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Asset First still' })).toBeNull());
    expect(screen.queryByRole('group', { name: 'Asset Second still' })).toBeNull();
    await waitFor(async () => {
      const left = await fixture.service.call(endpoints.asset.list, { query: { eventId: fixture.seeded.eventId } });
      expect(left.map((a) => a.typeString)).toEqual(['SYSTEM', 'SYSTEM', 'SYSTEM']);
    });
  });

  it('filters by type from the URL', async () => {
    await fixture.service.call(endpoints.asset.createImage, { body: { eventId: fixture.seeded.eventId, name: 'Third still', time: '00:00:03.000' } });
    await settleMedia(fixture.t);
    renderPage('/assets?atype=SYSTEM');
    expect(await screen.findByRole('group', { name: 'Asset Thumbnail' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Asset MP4' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Asset Third still' })).toBeNull();
  });
});
