// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { endpoints, type ChannelConfiguration } from '#schema';
import { createApiClient } from '#client';
import { renderApp } from '#app/test-utils.tsx';
import { events as eventsTable } from '#server/db/tables/index.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { routeFetch } from '#testing/route-fetch.ts';

/** Every request the page sent, as `METHOD /path`. */
const requests: string[] = [];

const configuration: ChannelConfiguration = {
  encoders: [
    {
      name: 'Arena encoder',
      streamingServer: { primaryPublishingPoint: 'rtmp://ingest.example.com/live/arena', dvrWindowLength: 3600 },
      outputUrls: [{ streamProtocol: 'HLS', liveCdnUrl: 'https://cdn.example.com/arena.m3u8', liveOriginPrimaryUrl: 'https://origin.example.com/arena.m3u8' }],
      supportsComposition: false,
    },
  ],
};

const fixture = servicePerFile({
  now: new Date(),
  // The page's client records what it sends; the data is made through it too.
  seed: async (t) => {
    const base = routeFetch(t.app);
    const api = createApiClient({
      baseUrl: '/api',
      apiKey: t.key,
      validateResponses: true,
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        return base(input, init);
      },
    });
    const ids = {
      concert: (await api.call(endpoints.eventType.create, { body: { name: 'Concert', referenceId: 'ET-C', colour: '#8e24aa' } })).id,
      match: (await api.call(endpoints.eventType.create, { body: { name: 'Match', colour: '#1e88e5' } })).id,
      arena: (await api.call(endpoints.channel.upsert, { body: { name: 'Arena', referenceId: 'CH-A', configurationJson: JSON.stringify(configuration) } })).id,
    };
    const now = new Date();
    await t.database.db.insert(eventsTable).values({ clientId: t.clientId, title: 'Derby', eventTypeId: ids.match, channelId: ids.arena, dateCreated: now, dateModified: now });
    return { api, ids };
  },
});

function renderPage(path: string) {
  requests.length = 0;
  return renderApp({ client: fixture.seeded.api, path });
}

const table = (name: string) => screen.findByRole('grid', { name }, { timeout: 10_000 });
/** The names of the grid's rows, in order (the header row has no cells). */
const rowNames = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .flatMap((row) => within(row).queryAllByRole('gridcell').slice(0, 1))
    .map((cell) => cell.textContent);
const panel = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 });

/** Replaces the text of a JSON field as typing would (a user transaction through the editor, which loads when first shown). */
async function typeJson(label: string, text: string) {
  const editor = await screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
  const view = EditorView.findFromDOM(editor)!;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  return editor;
}

describe('Configuration, against the in-process service', () => {
  it('opens on event types, listing them with their colours; search, order and page live in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/configuration');
    const list = await table('Event types');
    await waitFor(() => expect(rowNames(list)).toEqual(['Concert', 'Match']));
    expect(router.state.location.pathname).toBe('/configuration/event-types');
    expect(within(list).getByText('#8e24aa')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Copy the id of Concert' })).toBeTruthy();

    expect(within(list).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(list).getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(rowNames(list)).toEqual(['Match', 'Concert']));
    expect(router.state.location.search).toBe('?sort=name&order=desc');
    expect(within(list).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    await user.type(screen.getByRole('textbox', { name: 'Search event types' }), 'et-c');
    await waitFor(() => expect(rowNames(list)).toEqual(['Concert']));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('et-c');
    expect(screen.getByText('1 of 2 match')).toBeTruthy();
  });

  it('creates an event type with a picked colour', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/configuration/event-types');
    await table('Event types');
    await user.click(screen.getByRole('button', { name: 'Add event type' }));
    const form = await panel('New event type');
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe('new');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Keynote');
    await user.click(within(form).getByRole('radio', { name: 'Teal #00897b' }));
    expect((within(form).getByRole('textbox', { name: 'Hex colour' }) as HTMLInputElement).value).toBe('#00897b');
    await user.click(within(form).getByRole('button', { name: 'Create event type' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New event type' })).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(async () => expect(rowNames(await table('Event types'))).toContain('Keynote'));
    const saved = (await fixture.seeded.api.call(endpoints.eventType.list, {})).find((e) => e.name === 'Keynote');
    expect(saved).toMatchObject({ colour: '#00897b', referenceId: null });
  });

  it('shows the service’s 400 on the field when an edit clashes, and saves nothing', async () => {
    const user = userEvent.setup();
    renderPage(`/configuration/event-types?id=${fixture.seeded.ids.concert}`);
    const form = await panel('Concert');
    expect(within(form).getByText(fixture.seeded.ids.concert)).toBeTruthy();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'match');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const message = await within(form).findByText('An event type named "match" already exists');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(requests).toContain(`PUT /api/eventtype/${fixture.seeded.ids.concert}`);
    expect(await fixture.seeded.api.call(endpoints.eventType.get, { params: { id: fixture.seeded.ids.concert } })).toMatchObject({ name: 'Concert' });
  });

  it('deletes an event type after a confirmation that says what happens to its events', async () => {
    const user = userEvent.setup();
    renderPage('/configuration/event-types');
    const list = await table('Event types');
    await waitFor(() => expect(rowNames(list)).toContain('Match'));
    await user.click(within(list).getByRole('button', { name: 'Delete Match' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the event type?' });
    await within(dialog).findByText(/Its one event stays, without a type/);
    expect(requests).not.toContain(`DELETE /api/eventtype/${fixture.seeded.ids.match}`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete event type' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete the event type?' })).toBeNull());
    await waitFor(() => expect(rowNames(list)).not.toContain('Match'));
    expect(await fixture.seeded.api.call(endpoints.eventType.get, { params: { id: fixture.seeded.ids.match } })).toBeNull();
  });

  it('refuses invalid configuration JSON before sending it, then saves the fixed JSON', async () => {
    const user = userEvent.setup();
    renderPage(`/configuration/channels?id=${fixture.seeded.ids.arena}`);
    const form = await panel('Arena');
    const editor = await typeJson('Configuration', '{\n  "encoders": [\n    {"name": "A",}\n  ]\n}');
    await within(form).findByText("Line 3, column 17: remove the comma before '}': JSON allows no trailing comma");
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await within(form).findByText('One field needs attention');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);

    // Parses, but the schema of a channel's configuration says what is wrong.
    await typeJson('Configuration', JSON.stringify({ encoders: [] }, null, 2));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await within(form).findByText('encoders: Too small: expected array to have >=1 items');
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);

    const fixed = structuredClone(configuration);
    fixed.encoders[0]!.streamingServer.dvrWindowLength = 1800;
    await typeJson('Configuration', JSON.stringify(fixed, null, 2));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Arena' })).toBeNull());
    expect(requests).toContain('POST /api/channel/');
    const saved = await fixture.seeded.api.call(endpoints.channel.get, { params: { id: fixture.seeded.ids.arena } });
    expect(JSON.parse(saved!.configurationJson)).toEqual(fixed);
  });

  it('shows the service’s refusal to delete a channel events use', async () => {
    const user = userEvent.setup();
    renderPage('/configuration/channels');
    const list = await table('Channels');
    await waitFor(() => expect(rowNames(list)).toEqual(['Arena']));
    await user.click(within(list).getByRole('button', { name: 'Delete Arena' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the channel?' });
    await within(dialog).findByText(/1 event uses it, so the service will refuse/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete channel' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The service refused: The channel is used by 1 event; give them another channel (or delete them) first');
    expect(await fixture.seeded.api.call(endpoints.channel.get, { params: { id: fixture.seeded.ids.arena } })).not.toBeNull();
  });

  it('pages a whole list in the grid, the page in the URL, and opening an item keeps the page', async () => {
    const user = userEvent.setup();
    for (let i = 1; i <= 27; i++) await fixture.seeded.api.call(endpoints.tag.create, { body: { name: `tag ${String(i).padStart(2, '0')}` } });
    const { router } = renderPage('/configuration/tags?pageSize=25&page=2');
    const list = await table('Tags');
    await waitFor(() => expect(rowNames(list)).toEqual(['tag 26', 'tag 27']));
    expect(screen.getByText('27 tags')).toBeTruthy();
    await user.click(within(list).getByRole('link', { name: 'tag 27' }));
    await panel('tag 27');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ pageSize: '25', page: '2', id: expect.any(String) });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'tag 27' })).toBeNull());
    expect(router.state.location.search).toBe('?pageSize=25&page=2');
    // The grid is back in the accessibility tree once the panel has slid out.
    await waitFor(() => expect(rowNames(list)).toEqual(['tag 26', 'tag 27']));
  });

  it('says so when a section is empty, and when the URL names an item that does not exist', async () => {
    renderPage('/configuration/rooms?id=00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('No rooms yet', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('This room does not exist')).toBeTruthy();
  });
});
