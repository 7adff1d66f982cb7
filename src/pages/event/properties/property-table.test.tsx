// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, type Event } from '#schema';
import { renderWithApp, whenEnabled } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { customProperties } from '#server/db/tables/index.ts';
import { CustomPropertiesTab } from '../custom-properties-tab.tsx';

const fixture = servicePerFile({ now: new Date() });

async function eventWith(title: string, properties: { category: string; key: string; value: string }[] = []): Promise<Event> {
  const created = await fixture.service.call(endpoints.event.upsert, { body: { Title: title } });
  if (properties.length > 0) await fixture.service.call(endpoints.customProperty.bulkUpsert, { params: { id: created.id }, body: properties });
  return (await fixture.service.call(endpoints.event.get, { params: { id: created.id } }))!;
}

const listOf = (eventId: string) => fixture.service.call(endpoints.customProperty.list, { query: { eventId } });

function renderTab(event: Event, search = '') {
  return renderWithApp(<CustomPropertiesTab event={event} />, { client: createTestClient(fixture.t), path: `/events/${event.id}?tab=properties${search}` });
}

async function table() {
  const region = await screen.findByRole('region', { name: /^Custom properties/ });
  return within(region).findByRole('table');
}

/** The labels of the shown rows, top to bottom. */
function rowLabels(tableElement: HTMLElement): string[] {
  return [...tableElement.querySelectorAll('tbody tr[data-row]')].map((row) => row.getAttribute('aria-label') ?? '');
}

const sample = [
  { category: 'rights', key: 'holder', value: 'Northwind Sports' },
  { category: 'rights', key: 'territory', value: 'EU' },
  { category: 'sponsor', key: 'name', value: 'Contoso' },
];

describe('the custom properties table, against the in-process service', () => {
  it('shows the event’s properties, and says so when there are none', async () => {
    renderTab(await eventWith('Empty'));
    expect(await screen.findByText('No custom properties on this event')).toBeTruthy();

    cleanup();
    renderTab(await eventWith('Three', sample));
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / holder', 'rights / territory', 'sponsor / name']));
    expect(screen.getByText('3 properties')).toBeTruthy();
  });

  it('adds a row: Enter saves it to the service, at the end of the table', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Add', sample);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    const draft = within(grid).getByRole('row', { name: 'New property' });
    await user.type(within(draft).getByRole('combobox', { name: 'Category' }), 'audio');
    await user.type(within(draft).getByRole('textbox', { name: 'Key' }), 'language');
    await user.type(within(draft).getByRole('textbox', { name: 'Value' }), 'nl{Enter}');
    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / holder', 'rights / territory', 'sponsor / name', 'audio / language']));
    expect(within(grid).queryByRole('row', { name: 'New property' })).toBeNull();
    expect((await listOf(event.id)).find((p) => p.key === 'language')).toMatchObject({ category: 'audio', value: 'nl' });
  });

  it('refuses a new row without a key, on the key field, before asking the service', async () => {
    const user = userEvent.setup();
    const event = await eventWith('No key');
    renderTab(event);
    await user.click(await whenEnabled(screen.findByRole('button', { name: 'Add property' })));
    const draft = await screen.findByRole('row', { name: 'New property' });
    await user.type(within(draft).getByRole('textbox', { name: 'Value' }), 'orphan{Enter}');
    const key = within(draft).getByRole('textbox', { name: 'Key' });
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(within(draft).getByText('Give a key')).toBeTruthy();
    expect(await listOf(event.id)).toEqual([]);
  });

  it('edits in place: Enter saves, Escape cancels, and a renamed row keeps its place', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Edit', sample);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(3));

    // Renaming "holder" to "zz-owner" would sort it last on the service; here it stays first.
    await user.click(within(grid).getByText('holder'));
    let editing = within(grid).getByRole('row', { name: 'Editing rights / holder' });
    const key = within(editing).getByRole('textbox', { name: 'Key' });
    expect(document.activeElement).toBe(key);
    await user.clear(key);
    await user.type(key, 'zz-owner{Enter}');
    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / zz-owner', 'rights / territory', 'sponsor / name']));
    expect((await listOf(event.id)).map((p) => p.key)).toEqual(['territory', 'zz-owner', 'name']);

    // Escape leaves the value as it was.
    await user.click(within(grid).getByText('EU'));
    editing = within(grid).getByRole('row', { name: 'Editing rights / territory' });
    await user.type(within(editing).getByRole('textbox', { name: 'Value' }), ' and UK');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(grid).queryByRole('row', { name: 'Editing rights / territory' })).toBeNull());
    expect(within(grid).getByText('EU')).toBeTruthy();
    expect((await listOf(event.id)).find((p) => p.key === 'territory')?.value).toBe('EU');
    // Focus is back on the row, for the keyboard user.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('rights / territory');
  });

  it('shows the service’s 400 on the key field when the pair was taken meanwhile', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Clash', sample);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(3));
    // Someone else adds the pair the operator is about to use, and the table has not seen it yet:
    // the row alone, before its change reaches the feed (which would show it on the table).
    await fixture.t.database.db.insert(customProperties).values({ clientId: fixture.t.clientId, eventId: event.id, category: 'sponsor', key: 'tier', value: 'gold' });

    await user.click(within(grid).getByText('name'));
    const editing = within(grid).getByRole('row', { name: 'Editing sponsor / name' });
    const key = within(editing).getByRole('textbox', { name: 'Key' });
    await user.clear(key);
    await user.type(key, 'tier{Enter}');
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(within(editing).getByText(/^Already used by custom property [0-9a-f-]{36}$/)).toBeTruthy();
    expect(document.activeElement).toBe(key);
    // Nothing changed on the service.
    expect((await listOf(event.id)).filter((p) => p.category === 'sponsor').map((p) => [p.key, p.value])).toEqual([
      ['name', 'Contoso'],
      ['tier', 'gold'],
    ]);
  });

  it('pastes lines: previews new and updated pairs, saves them in one call, appends the new ones in pasted order', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Paste', sample);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Paste lines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste properties' });
    const box = within(dialog).getByRole('textbox', { name: 'Lines to paste' });
    // As a spreadsheet copies them: tab-separated; one line updates an existing pair.
    fireEvent.change(box, { target: { value: 'category\tkey\tvalue\nsponsor\ttier\tgold\nrights\tterritory\tEU, UK\naudio\tlanguage\tnl\n' } });
    expect(within(dialog).getByText('Preview: 2 new, 1 update (header line skipped)')).toBeTruthy();
    const preview = within(dialog).getByRole('table');
    const actions = [...preview.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-action'));
    expect(actions).toEqual(['add', 'update', 'add']);
    expect(preview.querySelector('del')?.textContent).toBe('EU');

    await user.click(within(dialog).getByRole('button', { name: 'Save 3 properties' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste properties' })).toBeNull());
    await waitFor(() =>
      expect(rowLabels(grid)).toEqual(['rights / holder', 'rights / territory', 'sponsor / name', 'sponsor / tier', 'audio / language']),
    );
    expect(within(grid).getByText('EU, UK')).toBeTruthy();
    const saved = await listOf(event.id);
    expect(saved).toHaveLength(5);
    expect(saved.find((p) => p.key === 'territory')?.value).toBe('EU, UK');
  });

  it('will not save a paste with a line it cannot read', async () => {
    const user = userEvent.setup();
    renderTab(await eventWith('Bad paste'));
    await user.click(await whenEnabled(screen.findByRole('button', { name: 'Paste lines' })));
    const dialog = await screen.findByRole('dialog', { name: 'Paste properties' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Lines to paste' }), { target: { value: 'rights, holder, A\njust-a-key\n' } });
    expect(within(dialog).getByText(/One line cannot be read/)).toBeTruthy();
    expect(within(dialog).getByText(/Line 2/).textContent).toContain('only one column');
    expect((within(dialog).getByRole('button', { name: 'Save 1 property' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes one row after confirming, and several selected ones at once', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Delete', [...sample, { category: 'x', key: 'extra', value: '1' }]);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(4));

    await user.click(within(grid).getByRole('button', { name: 'Delete sponsor / name' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete ‘sponsor / name’?' });
    expect(confirm.textContent).toContain('‘Contoso’');
    await user.click(within(confirm).getByRole('button', { name: 'Delete property' }));
    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / holder', 'rights / territory', 'x / extra']));
    expect((await listOf(event.id)).map((p) => p.key).sort()).toEqual(['extra', 'holder', 'territory']);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(grid).getByRole('checkbox', { name: 'Select rights / holder' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Select x / extra' }));
    const bar = screen.getByRole('region', { name: 'Selected properties' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    const many = await screen.findByRole('dialog', { name: 'Delete 2 properties?' });
    await user.click(within(many).getByRole('button', { name: 'Delete 2 properties' }));
    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / territory']));
    expect((await listOf(event.id)).map((p) => p.key)).toEqual(['territory']);
  });

  it('copies the properties of another event found by searching, and can move them', async () => {
    const user = userEvent.setup();
    const source = await eventWith('Regional final — source of truth', [
      { category: 'rights', key: 'territory', value: 'Worldwide' },
      { category: 'ads', key: 'slot', value: 'pre-roll' },
    ]);
    const event = await eventWith('Clone target', sample);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Copy from event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy properties from another event' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Event to copy from' }));
    await user.paste('source of truth');
    await user.click(await screen.findByRole('option', { name: /^Regional final — source of truth/ }));
    expect(await within(dialog).findByText(/has 2 custom properties: 1 new here, 1 replaces a value here\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Move instead of copy' }));
    expect(within(dialog).getByText('The properties are deleted from ‘Regional final — source of truth’ afterwards.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move 2 properties' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy properties from another event' })).toBeNull());

    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / holder', 'rights / territory', 'sponsor / name', 'ads / slot']));
    expect(within(grid).getByText('Worldwide')).toBeTruthy();
    expect(await listOf(source.id)).toEqual([]);
  }, 60_000);

  it('filters by category from the URL, and a new row starts in that category', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Filter', sample);
    renderTab(event, '&propertyCategory=rights');
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toEqual(['rights / holder', 'rights / territory']));
    expect(screen.getByText('2 of 3 properties')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    const draft = within(grid).getByRole('row', { name: 'New property' });
    expect((within(draft).getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe('rights');
    expect(document.activeElement).toBe(within(draft).getByRole('textbox', { name: 'Key' }));
  });

  it('works from the keyboard: arrows move between rows, Enter edits, Space selects, Delete asks', async () => {
    const user = userEvent.setup();
    const event = await eventWith('Keys', sample);
    renderTab(event);
    const grid = await table();
    await waitFor(() => expect(rowLabels(grid)).toHaveLength(3));
    (grid.querySelector('tbody tr[data-row]') as HTMLElement).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('rights / territory');
    await user.keyboard(' ');
    expect((within(grid).getByRole('checkbox', { name: 'Select rights / territory' }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Enter}');
    const editing = within(grid).getByRole('row', { name: 'Editing rights / territory' });
    expect(document.activeElement).toBe(within(editing).getByRole('textbox', { name: 'Value' }));
    await user.keyboard('{Escape}{ArrowDown}{Delete}');
    expect(await screen.findByRole('dialog', { name: 'Delete ‘sponsor / name’?' })).toBeTruthy();
  });
});
