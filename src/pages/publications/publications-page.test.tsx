// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, EventState, Mp4State } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { activeDestination, setFaults } from '#testing/syndication.ts';
import { insertEvent } from '#testing/event-row.ts';
import { makeMp4File } from '#testing/asset.ts';
import { DestinationsPage } from '#pages/destinations/index.ts';
import PublicationsPage from './publications-page.tsx';

const fixture = servicePerFile({ now: new Date() });

function renderAt(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/publications" element={<PublicationsPage />} />
      <Route path="/destinations" element={<DestinationsPage />} />
      <Route path="/events/:id" element={<p>The event page</p>} />
    </Routes>,
    { client: createTestClient(fixture.t), path },
  );
}

async function settle(ms: number) {
  for (let done = 0; done < ms; done += 500) {
    fixture.t.clock.advance(500);
    await fixture.t.runJobs();
  }
}

describe('the publication monitor', () => {
  it('shows failed publications first with their reason, filters by state in the URL, and recreates one after confirming', async () => {
    const eventId = await insertEvent(fixture.t, { state: EventState.values.LIVE_PUBLISHED, title: 'Monitor final' });
    const ok = await activeDestination(fixture.t, fixture.service, 'VideoSite', 'Good channel');
    const bad = await activeDestination(fixture.t, fixture.service, 'SocialNetwork', 'Bad page');
    await setFaults(fixture.service, bad.id, 'streamRejected');
    await fixture.service.call(endpoints.livePublication.create, {
      body: {
        eventId,
        startInstantly: true,
        publications: [
          { destinationId: ok.id, publicationJson: JSON.stringify({ vs_title: 'Final' }) },
          { destinationId: bad.id, publicationJson: JSON.stringify({ sn_title: 'Final' }) },
        ],
      },
    });
    await settle(3_000);

    const user = userEvent.setup();
    const { router } = renderAt('/publications');
    const grid = await screen.findByRole('grid', { name: 'Publications' });
    await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(2));
    const rows = within(grid).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Publication failed');
    expect(rows[1]?.textContent).toContain('Bad page');
    expect(rows[1]?.textContent).toMatch(/rejected the live stream/);
    expect(rows[2]?.textContent).toContain('Live');

    await user.click(screen.getByRole('button', { name: /^Failed 1/ }));
    await waitFor(() => expect(router.state.location.search).toContain('states=Failed'));
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));

    await setFaults(fixture.service, bad.id, '');
    await user.click(within(grid).getByRole('button', { name: 'Actions for the publication on Bad page' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Retry' }));
    await waitFor(async () => {
      const page = await fixture.service.call(endpoints.publicationMonitor.list, { query: { eventId } });
      expect(page.results.map((r) => r.publicationStateString).sort()).toEqual(['InProgress', 'InProgress']);
    });
    await user.click(screen.getByRole('button', { name: /^Failed/ }));
    await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(2));
    // Stopping a live one confirms first.
    await user.click(within(grid).getAllByRole('button', { name: 'Actions for the publication on Good channel' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Stop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop the live publication?' });
    expect(confirm?.textContent).toContain('ends for everyone watching');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  }, 60_000);

  it('retries a failed VOD publication as itself: one row with its history, and the Failed count clears when it succeeds', async () => {
    const start = fixture.t.clock.now();
    const eventId = await insertEvent(fixture.t, { title: 'Retry final', state: EventState.values.VOD_PUBLIC, mp4State: Mp4State.values.AVAILABLE, scheduledStart: start, scheduledEnd: new Date(start.getTime() + 20_000) });
    await makeMp4File(fixture.t, eventId);
    const archive = await activeDestination(fixture.t, fixture.service, 'MediaPlatform', 'Flaky archive');
    await setFaults(fixture.service, archive.id, 'uploadFailed');
    await fixture.service.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: archive.id, publicationJson: JSON.stringify({ mp_title: 'Retry final' }) }] } });
    await settle(15_000);

    const user = userEvent.setup();
    renderAt(`/publications?event=${eventId}`);
    const grid = await screen.findByRole('grid', { name: 'Publications' });
    const failedRow = await within(grid).findByRole('row', { name: /Flaky archive/ });
    await waitFor(() => expect(failedRow.textContent).toMatch(/Upload failed at 60 %/));
    expect(await screen.findByRole('button', { name: 'Failed 1' })).toBeTruthy();

    await setFaults(fixture.service, archive.id, '');
    await user.click(within(grid).getByRole('button', { name: 'Actions for the publication on Flaky archive' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Retry' }));
    await waitFor(async () => expect((await fixture.service.call(endpoints.publicationMonitor.list, { query: { eventId } })).counts.Processing).toBe(1));
    await settle(15_000);
    // One row, completed; nothing failed any more.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Failed 0' })).toBeTruthy(), { timeout: 10_000 });
    const page = await fixture.service.call(endpoints.publicationMonitor.list, { query: { eventId } });
    expect(page.results.map((r) => r.publicationStateString)).toEqual(['Completed']);
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));

    // Its history tells the failure, the retry and the success.
    await user.click(within(grid).getAllByRole('gridcell').find((c) => c.textContent === 'Flaky archive')!);
    const history = await screen.findByRole('list', { name: 'State changes' });
    await waitFor(() => expect(history.textContent).toContain('Retried after: Upload failed at 60 %'));
    expect(history.textContent).toMatch(/Upload failed at 60 %[^]*Retried after[^]*Completed/);
    // Its History tab: the activity trail, with the retry this key asked for.
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const trail = await screen.findByRole('list', { name: 'History of the publication to Flaky archive' });
    expect((await within(trail).findAllByRole('listitem', { name: /retry by /i })).length).toBeGreaterThan(0);
  }, 90_000);

  it('retries the selected failed publications at once and says how each went', async () => {
    const eventId = await insertEvent(fixture.t, { state: EventState.values.LIVE_PUBLISHED, title: 'Bulk final' });
    const bad = await activeDestination(fixture.t, fixture.service, 'SocialNetwork', 'Flaky page');
    await setFaults(fixture.service, bad.id, 'streamRejected');
    for (const title of ['Leg one', 'Leg two']) {
      await fixture.service.call(endpoints.livePublication.create, {
        body: { eventId, startInstantly: true, publications: [{ destinationId: bad.id, publicationJson: JSON.stringify({ sn_title: title }) }] },
      });
    }
    await settle(3_000);
    await setFaults(fixture.service, bad.id, '');

    const user = userEvent.setup();
    renderAt(`/publications?states=Failed&event=${eventId}`);
    const grid = await screen.findByRole('grid', { name: 'Publications' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    for (const box of within(grid).getAllByRole('checkbox', { name: 'Select row' })) await user.click(box);
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByRole('button', { name: /^Start/ }).hasAttribute('disabled')).toBe(true);
    await user.click(within(toolbar).getByRole('button', { name: 'Retry 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retry 2 publications?' });
    await user.click(within(confirm).getByRole('button', { name: 'Retry 2 publications' }));
    const summary = await screen.findByRole('dialog', { name: '2 publications retried.' });
    expect(within(within(summary).getByRole('list', { name: 'Succeeded' })).getAllByRole('listitem')).toHaveLength(2);
    expect(summary.textContent).toContain('Bulk final on Flaky page');
    await waitFor(async () => {
      const page = await fixture.service.call(endpoints.publicationMonitor.list, { query: { eventId } });
      expect(page.results.map((r) => r.publicationStateString)).toEqual(['InProgress', 'InProgress']);
    });
  }, 60_000);

  it('says so when nothing matches', async () => {
    renderAt('/publications?kind=vod&target=MicroBlog');
    expect(await screen.findByText('No publication matches these filters')).toBeTruthy();
  });
});

describe('the destinations page', () => {
  it('activates through the authorisation the dialog links to, and switches a simulated fault', async () => {
    const created = await fixture.service.call(endpoints.mediaDestination.create, { body: { name: 'Needs auth', target: 'MediaPlatform' } });
    const user = userEvent.setup();
    renderAt(`/destinations?destination=${created.id}`);
    const list = await screen.findByRole('grid', { name: 'Destinations' });
    await user.click(within(list).getAllByRole('button', { name: 'Activate' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Authorise Control Room on MediaPlatform' });
    const link = within(dialog).getByRole('link', { name: 'Open the authorisation page' });
    const path = new URL(link.getAttribute('href')!).pathname;
    await fixture.t.app.inject({ method: 'POST', url: path, payload: 'decision=allow', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    // Without the feed (page tests), the dialog's read follows at the fallback poll (5 s).
    await within(dialog).findByText('MediaPlatform accepts publications from this destination.', {}, { timeout: 12_000 });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByLabelText('Uploads fail at 60 %'));
    await waitFor(async () => {
      const prop = await fixture.service.call(endpoints.mediaDestinationProperty.getByKey, { params: { destinationId: created.id }, query: { category: 'simulation', key: 'faults' } });
      expect(prop.value).toBe('uploadFailed');
    });
  }, 60_000);
});
