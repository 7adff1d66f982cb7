// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { seedDemoData } from '#server/demo/seed.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import ComposePage from './compose-page.tsx';

const fixture = servicePerFile({
  now: new Date(),
  services: { mediaProbe: { probe: async () => ({ ok: true, durationMs: 30_000 }) } },
  seed: async (t, service) => {
    await seedDemoData(t.database.db, t.clientId, t.clock);
    const list = await service.call(endpoints.event.list, { query: { eventState: 'INSTANT_VOD,VOD_PUBLIC,VOD_PRIVATE', pageSize: 100, orderColumn: 'Title' } });
    const recorded = list.results.filter((e) => e.actualLiveStart && e.actualLiveEnd);
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    // Days away: the tests move the service's clock on, and an event due soon would start by itself.
    const pre = await service.call(endpoints.event.list, { query: { eventState: 'PRE_LIVE', from: new Date(Date.now() + 2 * 86_400_000).toISOString(), pageSize: 1 } });
    const workflowId = (await service.call(endpoints.xflow.list, {}))[0]!.id;
    const channels = await service.call(endpoints.channel.list, { query: {} });
    return { recorded, preLive: pre.results[0]!, workflowId, channelId: channels.find((c) => c.name === 'Main Stage HD')!.id };
  },
});

function renderPage(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/compose/new" element={<ComposePage />} />
      <Route path="/compose/:eventId" element={<ComposePage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { client: createTestClient(fixture.t), path },
  );
}

/** The rendered rows in playlist order (also while the item drawer makes the rest of the page inert). */
const playlistRows = () => [...document.querySelectorAll<HTMLElement>('[data-row-key]')].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
const rowTitles = () => playlistRows().map((row) => row.getAttribute('aria-label')!.replace(/^\d+\. /, '').split(',')[0]);

async function createStandard(titles: string[], name = 'Test playlist'): Promise<string> {
  const items = titles.map((title) => ({ type: 0, value: fixture.seeded.recorded.find((e) => e.title === title)!.id, properties: {}, markers: null }));
  return fixture.service.call(endpoints.compose.create, {
    body: { event: { workflowId: fixture.seeded.workflowId, title: `${name} event`, categoryIds: [], setPrivateAFterGeneration: false, vodDrm: false }, playlist: { name, looped: false, liveStreamStart: null, items } },
  });
}

/** Moves the service's clock on until the composition is generated. */
async function generate(id: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    fixture.t.clock.advance(30_000);
    await fixture.t.runJobs();
    const event = await fixture.service.call(endpoints.event.get, { params: { id }, query: {} });
    const state = EventState.nameOf(event!.state);
    if (state !== 'COMPOSE_GENERATING' && state !== 'COMPOSE_WAITING') {
      expect(state).toMatch(/^COMPOSE_(PUBLIC|PRIVATE)$/);
      return;
    }
  }
  throw new Error('the composition was not generated');
}

describe('a new standard composition', () => {
  it('adds events, trims one by typing a timecode, undoes and redoes, creates it and follows the generation until it plays', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage('/compose/new?type=standard');
    expect(await screen.findByRole('heading', { level: 1, name: 'New standard composition' })).toBeTruthy();
    expect(screen.getByText('The playlist is empty')).toBeTruthy();
    const available = await screen.findByRole('list', { name: 'Available events' });
    // The first three recordings the pane lists (which ones depends on the hour the demo was seeded).
    const recordedListed = () =>
      [...available.querySelectorAll<HTMLElement>('[data-event-id]')].map((row) => fixture.seeded.recorded.find((e) => e.id === row.dataset.eventId)).filter((e) => e !== undefined);
    // The pane's events come with their own request.
    await waitFor(() => expect(recordedListed().length).toBeGreaterThanOrEqual(3));
    const picks = recordedListed().slice(0, 3);
    for (const event of picks) {
      const row = available.querySelector<HTMLElement>(`[data-event-id="${event.id}"]`)!;
      await user.click(within(row).getByRole('button', { name: `Add ‘${event.title}’ to the playlist` }));
    }
    // A row shows its title once the event has been read.
    await waitFor(() => expect(rowTitles()).toEqual(picks.map((e) => e.title)));
    const total = screen.getByTestId('playlist-total');
    await waitFor(() => expect(total.textContent).not.toMatch(/unknown/));
    const before = total.textContent;

    // Trim the second item: its start in the programme stays, the third starts 10 s earlier.
    await user.click(within(playlistRows()[1]!).getByRole('button', { name: 'Actions for item 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit trim, markers and properties' }));
    const details = await screen.findByTestId('item-details');
    const thirdStart = within(playlistRows()[2]!).getByTestId('row-start').textContent;
    await user.type(within(details).getByRole('textbox', { name: 'In point' }), '0:10');
    await user.tab();
    expect((within(details).getByRole('textbox', { name: 'In point' }) as HTMLInputElement).value).toBe('00:00:10.000');
    expect(playlistRows()[1]!.getAttribute('aria-label')).toMatch(/trimmed/);
    expect(within(playlistRows()[2]!).getByTestId('row-start').textContent).not.toBe(thirdStart);
    expect(total.textContent).not.toBe(before);
    await user.click(within(details).getByRole('button', { name: 'Close the item details' }));
    await waitFor(() => expect(document.querySelector('.MuiDrawer-root')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Undo changed the in point' }));
    expect(playlistRows()[1]!.getAttribute('aria-label')).not.toMatch(/trimmed/);
    expect(total.textContent).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Redo changed the in point' }));
    expect(playlistRows()[1]!.getAttribute('aria-label')).toMatch(/trimmed/);

    // Saving without the required settings says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const problem = await screen.findByTestId('save-problem');
    expect(problem.textContent).toMatch(/Playlist name: Name the playlist/);
    expect(problem.textContent).toMatch(/Workflow: Choose the workflow/);
    await user.click(screen.getByRole('tab', { name: /Settings/ }));
    await user.click(screen.getByRole('textbox', { name: 'Playlist name' }));
    await user.paste('Best of the week');
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.paste('Best of the week — composition');
    await user.click(screen.getByRole('combobox', { name: 'Workflow' }));
    await user.click((await screen.findAllByRole('option'))[0]!);
    expect(screen.getByTestId('kind-fixed').textContent).toMatch(/cannot change/);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/compose\/[0-9a-f-]{36}$/), { timeout: 10_000 });
    const id = router.state.location.pathname.split('/').pop()!;
    const saved = await fixture.service.call(endpoints.compose.get, { params: { eventId: id } });
    expect(saved.name).toBe('Best of the week');
    expect(saved.items.map((i) => i.value)).toEqual(picks.map((e) => e.id));
    expect(saved.items[1]!.properties).toEqual({ start: '00:00:10.000' });

    // The page follows the generation: generating, then the result in the player.
    expect(await screen.findByRole('heading', { level: 1, name: 'Best of the week — composition' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText(/Generating the composition/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('save-status').textContent).toMatch(/All changes saved/);
    await act(() => generate(id));
    expect(await screen.findByText(/The composition is ready|Generated: the composition plays/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByLabelText(/^Player: Composition: /)).toBeTruthy();
  }, 400_000);
});

async function createEncoder(items: { type: number; value: string; markers?: null }[], name = 'Night loop'): Promise<string> {
  return fixture.service.call(endpoints.compose.createEncoder, {
    body: {
      event: { channelId: fixture.seeded.channelId, title: `${name} event`, categoryIds: [], autoStart: false, autoEnd: false, autoPublish: false, autoStartPublications: false, autoProvision: false, autoTerminate: false },
      playlist: { name, looped: true, items: items.map((i) => ({ properties: {}, markers: null, ...i })) },
    },
  });
}

const order = () => rowTitles();
const press = async (user: ReturnType<typeof userEvent.setup>, row: HTMLElement, keys: string) => {
  row.focus();
  await user.keyboard(keys);
};

describe('editing a saved composition with the keyboard', () => {
  it('moves, selects, duplicates and removes items from the keyboard, undoes every step, and saves with Ctrl+S', async () => {
    const user = userEvent.setup({ delay: null });
    const picks = fixture.seeded.recorded.slice(0, 4).map((e) => e.title);
    const [a, b, c, d] = picks;
    const id = await createStandard(picks, 'Keyboard playlist');
    await act(() => generate(id));
    renderPage(`/compose/${id}`);
    await waitFor(() => expect(order()).toEqual(picks), { timeout: 10_000 });
    expect(screen.getByTestId('save-status').textContent).toMatch(/All changes saved/);

    await press(user, playlistRows()[3]!, '{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual([a, b, d, c]);
    expect(screen.getByTestId('save-status').textContent).toMatch(/Unsaved changes/);
    await press(user, playlistRows()[2]!, '{Alt>}{Home}{/Alt}');
    expect(order()).toEqual([d, a, b, c]);

    // Select the second and third with X and the arrow keys, then send them to the bottom.
    // Alt+arrows moved the focused item by selecting it; Esc clears that selection first.
    await press(user, playlistRows()[1]!, '{Escape}x{ArrowDown}x');
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move to the bottom' }));
    expect(order()).toEqual([d, c, a, b]);
    await press(user, playlistRows()[2]!, 'd');
    expect(order()).toEqual([d, c, a, a, b, b]);
    // The copies are selected now: Delete removes them both.
    await press(user, playlistRows()[3]!, '{Delete}');
    expect(order()).toEqual([d, c, a, b]);

    for (let i = 0; i < 6; i++) await press(user, playlistRows()[0]!, '{Control>}z{/Control}');
    expect(order()).toEqual(picks);
    expect(screen.getByTestId('save-status').textContent).toMatch(/All changes saved/);
    await press(user, playlistRows()[0]!, '{Control>}{Shift>}z{/Shift}{/Control}');
    expect(order()).toEqual([a, b, d, c]);

    await press(user, playlistRows()[0]!, '{Control>}s{/Control}');
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toMatch(/All changes saved/), { timeout: 10_000 });
    const saved = await fixture.service.call(endpoints.compose.get, { params: { eventId: id } });
    expect(saved.items.map((i) => fixture.seeded.recorded.find((e) => e.id === i.value)!.title)).toEqual([a, b, d, c]);
    // An edit regenerates the composition, and the page follows it.
    expect(await screen.findByText(/Generating the composition/, undefined, { timeout: 10_000 })).toBeTruthy();
  }, 400_000);
});

describe('invalid input, explained on the item', () => {
  it('an out point before the in point is explained on the item and keeps the playlist from being sent', async () => {
    const user = userEvent.setup({ delay: null });
    const picks = fixture.seeded.recorded.slice(0, 2).map((e) => e.title);
    const id = await createStandard(picks, 'Invalid trims');
    renderPage(`/compose/${id}`);
    await waitFor(() => expect(order()).toEqual(picks), { timeout: 10_000 });
    await press(user, playlistRows()[0]!, '{Enter}');
    const details = await screen.findByTestId('item-details');
    await user.click(within(details).getByRole('textbox', { name: 'In point' }));
    await user.paste('00:02:00');
    await user.click(within(details).getByRole('textbox', { name: 'Out point' }));
    await user.paste('00:01:00');
    await user.tab();
    expect(within(details).getByText('The out point must be after the in point (00:02:00.000).')).toBeTruthy();
    expect(playlistRows()[0]!.getAttribute('aria-label')).toMatch(/1 problem$/);
    await user.keyboard('{Control>}s{/Control}');
    const problem = await screen.findByTestId('save-problem');
    expect(problem.textContent).toMatch(/Item 1 \(.+\): The out point must be after the in point/);
    const onService = await fixture.service.call(endpoints.compose.get, { params: { eventId: id } });
    expect(onService.items[0]!.properties).toEqual({});
  }, 400_000);

  it('an encoder playlist says markers are not supported, and the service’s refusal of an item lands on that item', async () => {
    const user = userEvent.setup({ delay: null });
    const source = fixture.seeded.recorded[0]!;
    const id = await createEncoder([
      { type: 0, value: source.id },
      { type: 1, value: 'https://media.example.com/card.mp4' },
    ]);
    renderPage(`/compose/${id}?cstate=PRE_LIVE&cq=${encodeURIComponent(fixture.seeded.preLive.title)}`);
    await waitFor(() => expect(order()).toEqual([source.title, 'media.example.com/card.mp4']), { timeout: 10_000 });
    expect(screen.getByText('Encoder composition')).toBeTruthy();

    await press(user, playlistRows()[0]!, '{Enter}');
    const details = await screen.findByTestId('item-details');
    expect(within(details).getByText(/Encoder composition does not support SCTE-35 markers/)).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Add marker' })).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Close the item details' }));
    await waitFor(() => expect(document.querySelector('.MuiDrawer-root')).toBeNull());

    // A live event without a recording: the editor cannot know, the service says so on the item.
    // By id: at some hours the demo has two upcoming events of one title.
    const preLiveRow = await waitFor(
      () => {
        // The list is drawn anew when the search's answer comes.
        const row = screen.getByRole('list', { name: 'Available events' }).querySelector<HTMLElement>(`[data-event-id="${fixture.seeded.preLive.id}"]`);
        if (!row) throw new Error(`‘${fixture.seeded.preLive.title}’ is not listed`);
        return row;
      },
      { timeout: 10_000 },
    );
    await user.click(within(preLiveRow).getByRole('button', { name: `Add ‘${fixture.seeded.preLive.title}’ to the playlist` }));
    expect(order()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const problem = await screen.findByTestId('save-problem', undefined, { timeout: 10_000 });
    expect(problem.textContent).toMatch(/Item 3 \(.+\): .*has no recording to play/);
    await waitFor(() => expect(playlistRows()[2]!.getAttribute('aria-label')).toMatch(/1 problem$/));
    // The first item with a problem opened; close it, then removing the item takes its message away.
    await user.click(within(await screen.findByTestId('item-details')).getByRole('button', { name: 'Close the item details' }));
    await waitFor(() => expect(document.querySelector('.MuiDrawer-root')).toBeNull());
    await press(user, playlistRows()[2]!, '{Delete}');
    expect(playlistRows().map((row) => row.getAttribute('aria-label'))).toEqual([expect.not.stringMatching(/problem/), expect.not.stringMatching(/problem/)]);
  }, 400_000);
});

describe('leaving', () => {
  it('asks before leaving with unsaved edits', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage('/compose/new?type=standard');
    const available = await screen.findByRole('list', { name: 'Available events' }, { timeout: 10_000 });
    await user.click((await within(available).findAllByRole('button', { name: /^Add / }, { timeout: 10_000 }))[0]!);
    await act(() => router.navigate('/events'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/compose/new');
  }, 200_000);
});
