// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, type ComposePlaylist } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { seedComposeFixture } from '#testing/compose.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import ComposePage from './compose-page.tsx';

const fixture = servicePerFile({
  now: new Date(),
  services: { mediaProbe: { probe: async () => ({ ok: true, durationMs: 30_000 }) } },
  seed: async (t) => seedComposeFixture(t),
});

const mp4 = (name: string) => ({ type: 1, value: `https://media.example.com/${name}.mp4`, properties: {}, markers: null });

/** An encoder composition of MP4 items (no recordings needed): its event id. */
async function createLoop(name: string, items: string[]): Promise<string> {
  return fixture.service.call(endpoints.compose.createEncoder, {
    body: {
      event: { channelId: fixture.seeded.channelId, title: `${name} event`, categoryIds: [], autoStart: false, autoEnd: false, autoPublish: false, autoStartPublications: false, autoProvision: false, autoTerminate: false },
      playlist: { name, looped: true, items: items.map(mp4) },
    },
  });
}

const getPlaylist = (eventId: string) => fixture.service.call(endpoints.compose.get, { params: { eventId } });
const getEvent = async (id: string) => (await fixture.service.call(endpoints.event.get, { params: { id }, query: {} }))!;
const rowTitles = () => [...document.querySelectorAll<HTMLElement>('[data-row-key]')].map((row) => row.getAttribute('aria-label')!.replace(/^\d+\. /, '').split(',')[0]);

async function open(eventId: string, items: string[]) {
  renderWithApp(
    <Routes>
      <Route path="/compose/:eventId" element={<ComposePage />} />
    </Routes>,
    { client: createTestClient(fixture.t), path: `/compose/${eventId}?tab=settings` },
  );
  await waitFor(() => expect(rowTitles()).toEqual(items.map((i) => `media.example.com/${i}.mp4`)), { timeout: 10_000 });
  return userEvent.setup({ delay: null });
}

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const field = screen.getByRole('textbox', { name: label });
  await user.clear(field);
  await user.type(field, text);
}

/** The dialog's row of a field: [when opened, theirs, yours]. */
function row(dialog: HTMLElement, label: string): string[] {
  const header = within(dialog).getByRole('rowheader', { name: new RegExp(`^${label}`) });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('Saving a playlist someone else saved meanwhile', () => {
  it('shows both sides field by field; "Keep mine" saves my name over theirs and keeps their items', async () => {
    const id = await createLoop('Night loop', ['a', 'b']);
    const user = await open(id, ['a', 'b']);
    await retype(user, 'Playlist name', 'My loop');
    // Another tab saves the playlist: another name and a third item.
    const loaded = await getPlaylist(id);
    await fixture.service.call(endpoints.compose.upsertEncoder, { params: { eventId: id }, body: { name: 'Their loop', looped: true, items: [...loaded.items, mp4('c')] } });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /^Someone else saved the playlist of ‘Night loop event’/ }, { timeout: 10_000 });
    expect(row(dialog, 'Playlist name')).toEqual(['Night loop', 'Their loop', 'My loop']);
    expect(row(dialog, 'Items')[1]).toMatch(/3\. media\.example\.com\/c\.mp4/);
    // Nothing was written by the refused save.
    expect((await getPlaylist(id)).name).toBe('Their loop');

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () => expect((await getPlaylist(id)).name).toBe('My loop'), { timeout: 10_000 });
    const saved: ComposePlaylist = await getPlaylist(id);
    expect(saved.items.map((i) => i.value)).toEqual(['a', 'b', 'c'].map((n) => mp4(n).value));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toMatch(/All changes saved/), { timeout: 10_000 });
    expect(rowTitles()).toHaveLength(3);
  }, 200_000);

  it('a refused change of the event: "Take theirs" puts their title in the editor, keeps my other changes, and the next save goes through', async () => {
    const id = await createLoop('Morning loop', ['a']);
    const user = await open(id, ['a']);
    await retype(user, 'Title', 'My title');
    await retype(user, 'Reference id', 'my-ref');
    await fixture.service.call(endpoints.event.patch, { params: { id }, body: [{ op: 'replace', path: '/Title', value: 'Their title' }] });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /^Someone else saved the playlist/ }, { timeout: 10_000 });
    expect(row(dialog, 'Title')).toEqual(['Morning loop event', 'Their title', 'My title']);
    expect(row(dialog, 'Reference id')).toEqual(['(empty)', '(empty)', 'my-ref']);
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Their title');
    expect((screen.getByRole('textbox', { name: 'Reference id' }) as HTMLInputElement).value).toBe('my-ref');
    expect(screen.getByTestId('save-status').textContent).toMatch(/Unsaved changes/);
    expect(await getEvent(id)).toMatchObject({ title: 'Their title', refId: null });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await getEvent(id)).refId).toBe('my-ref'), { timeout: 10_000 });
    expect((await getEvent(id)).title).toBe('Their title');
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 200_000);
});
