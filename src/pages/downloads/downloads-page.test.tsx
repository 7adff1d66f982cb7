// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { createApiClient } from '#client';
import { routeFetch } from '#testing/route-fetch.ts';
import { renderWithApp } from '#app/test-utils.tsx';
import { recordedEvent } from '#testing/compose.ts';
import { seedLiveFixture } from '#testing/live.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import DownloadsPage from './downloads-page.tsx';
import { MailboxPage } from '#pages/mailbox/index.ts';
import { addClip, updateDraft, EMPTY_DRAFT } from './clip-draft.ts';
import { DownloadBuilder } from './download-builder.tsx';
import NewDownloadPage from './new-download-page.tsx';

const fixture = servicePerFile({
  // The clock at the real time: the page shows times relative to the browser's.
  now: new Date(),
  seed: async (t) => {
    const live = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
    return { match: await recordedEvent(t, live, 60, 'Cup final') };
  },
  afterEach: async (_t, service) => {
    updateDraft(() => EMPTY_DRAFT);
    for (const d of (await service.call(endpoints.vodDownload.list, {})) ?? []) await service.call(endpoints.vodDownload.delete, { params: { id: d.id } });
  },
});

function renderPage(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/downloads" element={<DownloadsPage />} />
      <Route path="/downloads/new" element={<DownloadBuilder />} />
      <Route path="/mailbox/:id?" element={<MailboxPage />} />
    </Routes>,
    { client: createTestClient(fixture.t), path },
  );
}

describe('the downloads page', () => {
  it('follows a download made elsewhere from the change feed, with no polling: processing, then ready', async () => {
    const download = await fixture.service.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'editor@example.com', contentId: 'from-the-feed', mp4Filename: 'Feed', downloadClips: [{ eventId: fixture.seeded.match.id, end: '00:00:04' }] },
    });
    const { queryClient } = renderWithApp(<DownloadsPage />, { client: createTestClient(fixture.t, { feed: true }), path: '/downloads' });
    const row = await within(await screen.findByRole('grid', { name: 'Downloads' })).findByRole('row', { name: /Feed\.mp4/ });
    expect(within(row).queryByText('Ready')).toBeNull();
    // The feed is live: the list does not poll (the fallback is off).
    await waitFor(() => {
      const query = queryClient.getQueryCache().findAll({ queryKey: ['vodDownload'] })[0]!;
      const interval = query.observers[0]!.options.refetchInterval;
      expect(typeof interval === 'function' ? interval(query as never) : interval).toBe(false);
    });
    await fixture.t.runJobs();
    const ready = await within(screen.getByRole('grid', { name: 'Downloads' })).findByRole('row', { name: /Feed\.mp4/ });
    await waitFor(() => expect(within(ready).getByText('Ready')).toBeTruthy(), { timeout: 15_000 });
    expect((await fixture.service.call(endpoints.vodDownload.get, { params: { id: download.id } }))!.completionDate).not.toBeNull();
  });

  it('says there are none yet', async () => {
    renderPage('/downloads');
    expect(await screen.findByText('No downloads yet', { selector: 'p' })).toBeTruthy();
  });

  it('shows each state, filters by state and search in the URL, and deletes after confirming', async () => {
    const ready = await fixture.service.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'editor@example.com', contentId: 'ready-one', mp4Filename: 'Goals', downloadClips: [{ eventId: fixture.seeded.match.id, end: '00:00:04' }] },
    });
    await fixture.t.runJobs();
    await fixture.service.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'editor@example.com', contentId: 'still-busy', mp4Filename: 'Interviews', downloadClips: [{ eventId: fixture.seeded.match.id, end: '00:00:04' }] },
    });
    const { router } = renderPage('/downloads');
    const grid = await screen.findByRole('grid', { name: 'Downloads' });
    const readyRow = await within(grid).findByRole('row', { name: /Goals\.mp4/ });
    expect(within(readyRow).getByText('Ready')).toBeTruthy();
    expect(within(readyRow).getByText('Mail sent')).toBeTruthy();
    expect(within(readyRow).getByRole('link', { name: 'Open Goals.mp4' }).getAttribute('href')).toMatch(/\/api\/voddownload-files\/[\w-]+\/Goals\.mp4$/);
    const busyRow = within(grid).getByRole('row', { name: /Interviews\.mp4/ });
    expect(within(busyRow).getByText('Processing')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Ready/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=ready'));
    await waitFor(() => expect(within(grid).queryByRole('row', { name: /Interviews\.mp4/ })).toBeNull());
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like it');
    expect(await screen.findByText('No download matches')).toBeTruthy();
    expect(router.state.location.search).toContain('q=nothing');
    await user.click(screen.getByRole('button', { name: 'Show all' }));

    await user.click(await within(grid).findByRole('button', { name: 'Delete Goals.mp4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the download?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the download' }));
    await waitFor(() => expect(within(grid).queryByRole('row', { name: /Goals\.mp4/ })).toBeNull());
    expect(await fixture.service.call(endpoints.vodDownload.get, { params: { id: ready.id } })).toBeNull();
  });

  it('deletes once on a double-click of the confirmation', async () => {
    await fixture.service.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'editor@example.com', mp4Filename: 'Twice', downloadClips: [{ eventId: fixture.seeded.match.id, end: '00:00:04' }] },
    });
    const deletes: string[] = [];
    const service = routeFetch(fixture.t.app);
    const client = createApiClient({
      baseUrl: '/api',
      apiKey: fixture.t.key,
      fetch: (input, init) => {
        if ((init?.method ?? 'GET') === 'DELETE') deletes.push(String(input));
        return service(input, init);
      },
    });
    renderWithApp(
      <Routes>
        <Route path="/downloads" element={<DownloadsPage />} />
      </Routes>,
      { client, path: '/downloads' },
    );
    const grid = await screen.findByRole('grid', { name: 'Downloads' });
    await userEvent.setup().click(await within(grid).findByRole('button', { name: 'Delete Twice.mp4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the download?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete the download' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(within(grid).queryByRole('row', { name: /Twice\.mp4/ })).toBeNull());
    expect(deletes).toHaveLength(1);
  });

  it('retries a failed download', async () => {
    const failing = await recordedEvent(fixture.t, await seedLiveFixture(fixture.t.database.db, fixture.t.clientId, fixture.t.clock.now()), 30, 'Gone soon');
    const created = await fixture.service.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'editor@example.com', mp4Filename: 'Lost', downloadClips: [{ eventId: failing.id, end: '00:00:04' }] },
    });
    await fixture.service.call(endpoints.event.delete, { params: { id: failing.id } }).catch(() => undefined);
    await fixture.t.runJobs();
    renderPage('/downloads?state=failed');
    const grid = await screen.findByRole('grid', { name: 'Downloads' });
    const row = await within(grid).findByRole('row', { name: /Lost\.mp4/ });
    expect(within(row).getByText('Failed')).toBeTruthy();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Retry Lost.mp4' }));
    await waitFor(async () => expect((await fixture.service.call(endpoints.vodDownload.get, { params: { id: created.id } }))!.failureDate).toBeNull());
  });
});

describe('the download builder', () => {
  it('asks for the clips marked, maps the service’s refusal onto the clip, then follows the download to ready', async () => {
    addClip({ eventId: fixture.seeded.match.id, eventTitle: 'Cup final', fromMs: 2_000, toMs: 8_000 });
    addClip({ eventId: fixture.seeded.match.id, eventTitle: 'Cup final', fromMs: 50_000, toMs: 90_000 });
    const { router } = renderPage('/downloads/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New download' });
    expect(within(form).getByText('2 clips · 0:46 in all')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /E-mail the link to/ }), 'desk@example.com');
    await user.click(within(form).getByRole('button', { name: 'Request download' }));
    // The second clip runs past the end of the 60 s recording.
    expect((await within(form).findByRole('alert')).textContent).toContain('beyond the end of the media');
    await user.click(within(form).getByRole('button', { name: /^Remove clip 2/ }));
    await user.click(within(form).getByRole('button', { name: 'Request download' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?download=/));
    await fixture.t.runJobs();
    expect(await screen.findByRole('link', { name: 'Open the MP4' }, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('the download builder’s own checks', () => {
  it('puts a mistaken address on its field before asking the service, and keeps what was typed in the draft', async () => {
    addClip({ eventId: fixture.seeded.match.id, eventTitle: 'Cup final', fromMs: 2_000, toMs: 8_000 });
    renderPage('/downloads/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New download' });
    const email = within(form).getByRole('textbox', { name: /E-mail the link to/ });
    await user.type(email, 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Request download' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((await fixture.service.call(endpoints.vodDownload.list, {})) ?? []).toHaveLength(0);
    let address = '';
    updateDraft((d) => ((address = d.emailAddress), d));
    expect(address).toBe('not an address');
  });
});

describe('the clip marker', () => {
  it('adds the whole event as a clip that ends where the media ends, not where the player’s rounded length does', async () => {
    const { router } = renderWithApp(
      <Routes>
        <Route path="/downloads/new" element={<NewDownloadPage />} />
      </Routes>,
      { client: createTestClient(fixture.t), path: `/downloads/new?event=${fixture.seeded.match.id}` },
    );
    const add = await screen.findByRole('button', { name: 'Add whole event' });
    // The player's length of the 60 s recording: its segments' lengths added up, rounded up.
    const video = document.querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 60.37 });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const user = userEvent.setup();
    await user.click(add);
    const form = await screen.findByRole('form', { name: 'New download' });
    expect(within(form).getByText('00:00:00.0 – the end · about 1:00')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /E-mail the link to/ }), 'desk@example.com');
    await user.click(within(form).getByRole('button', { name: 'Request download' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/download=/));
    const id = new URLSearchParams(router.state.location.search).get('download')!;
    const details = (await fixture.service.call(endpoints.vodDownload.details, { query: {} })).find((d) => d.id === id);
    expect(details!.durationMs).toBe(60_000);
  });
});

describe('the mailbox', () => {
  it('lists the mails and opens one', async () => {
    await fixture.service.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'desk@example.com', emailLanguage: 'fr', mp4Filename: 'Résumé', downloadClips: [{ eventId: fixture.seeded.match.id, end: '00:00:04' }] },
    });
    await fixture.t.runJobs();
    const { router } = renderPage('/mailbox');
    const list = await screen.findByRole('grid', { name: 'Mails' });
    await userEvent.setup().click((await within(list).findAllByRole('link', { name: /Votre téléchargement est prêt : Résumé\.mp4/ }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/mailbox\/[0-9a-f-]{36}$/));
    expect(await screen.findByRole('article', { name: /Mail: Votre téléchargement/ })).toBeTruthy();
  });
});
