// @vitest-environment node
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, type Event } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { seedDemoData } from '#server/demo/seed.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { EventPlaylistCard } from './event-playlist-card.tsx';

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t, service) => {
    await seedDemoData(t.database.db, t.clientId, t.clock);
    const list = await service.call(endpoints.event.list, { query: { eventState: 'INSTANT_VOD,VOD_PUBLIC,VOD_PRIVATE', pageSize: 100, orderColumn: 'Title' } });
    return {
      recorded: list.results.filter((e) => e.actualLiveStart && e.actualLiveEnd),
      workflowId: (await service.call(endpoints.xflow.list, {}))[0]!.id,
    };
  },
});

async function composition(title: string, sources: Event[]): Promise<Event> {
  const id = await fixture.service.call(endpoints.compose.create, {
    body: {
      event: { workflowId: fixture.seeded.workflowId, title, categoryIds: [], setPrivateAFterGeneration: false, vodDrm: false },
      playlist: { name: `${title} playlist`, looped: false, liveStreamStart: null, items: sources.map((e) => ({ type: 0, value: e.id, properties: {}, markers: null })) },
    },
  });
  return (await fixture.service.call(endpoints.event.get, { params: { id }, query: {} }))!;
}

const render = (event: Event) => renderWithApp(<EventPlaylistCard event={event} />, { client: createTestClient(fixture.t), path: `/events/${event.id}` });

describe('EventPlaylistCard, with data from the in-process service', () => {
  it('sums up the playlist and opens it in the editor', async () => {
    const event = await composition('Card summary', fixture.seeded.recorded.slice(0, 3));
    render(event);
    expect(await screen.findByText('Card summary playlist')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('playlist-card-summary').textContent).toMatch(/^3 items · \d/));
    expect(screen.getByText('Standard composition')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in editor' }).getAttribute('href')).toBe(`/compose/${event.id}`);
    for (const source of fixture.seeded.recorded.slice(0, 3)) expect(await screen.findByText(source.title)).toBeTruthy();
  });

  it('clones the playlist to another composition', async () => {
    const user = userEvent.setup({ delay: null });
    const source = await composition('Clone source', fixture.seeded.recorded.slice(0, 2));
    const target = await composition('Clone target zq', fixture.seeded.recorded.slice(2, 3));
    render(source);
    await user.click(await screen.findByRole('button', { name: 'Clone to another event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone the playlist to another event' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Target event' }), 'Clone target zq');
    await user.click(await screen.findByRole('option', { name: /Clone target zq/ }, { timeout: 10_000 }));
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    const cloned = await fixture.service.call(endpoints.compose.get, { params: { eventId: target.id } });
    expect(cloned.items.map((i) => i.value)).toEqual(fixture.seeded.recorded.slice(0, 2).map((e) => e.id));
  });

  it('sets the DRM of a standard composition, refusing text that is not a DRM configuration', async () => {
    const user = userEvent.setup({ delay: null });
    const event = await composition('Card DRM', fixture.seeded.recorded.slice(0, 1));
    render(event);
    await user.click(await screen.findByRole('button', { name: 'DRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'DRM of the composition' });
    const field = within(dialog).getByRole('textbox', { name: 'DRM JSON' });
    await user.click(field);
    await user.paste('{"nope": 1}');
    expect(within(dialog).getByText(/Not a DRM configuration/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save DRM' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.paste('{"drm_provider": "NONE"}');
    await user.click(within(dialog).getByRole('button', { name: 'Save DRM' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    const saved = await fixture.service.call(endpoints.event.get, { params: { id: event.id }, query: {} });
    expect(JSON.parse(saved!.drmJson!)).toEqual({ drm_provider: 'NONE' });
  });

  it('says when an event has no playlist', async () => {
    render(fixture.seeded.recorded[0]!);
    expect(await screen.findByText(/This event has no playlist/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New standard composition' }).getAttribute('href')).toBe('/compose/new?type=standard');
  });
});
