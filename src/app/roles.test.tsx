// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState } from '#schema';
import { loadEventTabs, renderApp } from '#app/test-utils.tsx';
import { insertEvent } from '#testing/event-row.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';

/**
 * The pages with write actions, walked with a viewer and an operator key (DESIGN.md "Trust"): what
 * the role cannot do is disabled, and the page says why. The destinations have their own test.
 */
const fixture = servicePerFile({
  now: new Date(),
  seed: async (t, service) => {
    const eventId = await insertEvent(t, { title: 'Role match', state: EventState.values.PRE_LIVE });
    await service.call(endpoints.eventType.create, { body: { name: 'Role type', colour: '#1e88e5' } });
    await service.call(endpoints.customProperty.upsert, { body: { customPropertyId: null, eventId, category: 'rights', key: 'holder', value: 'Role FC' } });
    const template = await service.call(endpoints.propertyConfiguration.create, {
      body: { name: 'Role template', referenceId: null, configurationJson: JSON.stringify({ configuration: [{ name: 'holder', displayName: 'Rights holder', type: 'TextField', category: 'rights', key: 'holder', required: false }] }) },
    });
    await service.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: template.id, values: { holder: 'Role FC' } } });
    return { eventId, viewer: await t.createKeyFor('viewer', t, 'Guest'), operator: await t.createKeyFor('operator', t, 'Night shift') };
  },
});

type Key = 'viewer' | 'operator';
const open = (key: Key, path: string) => renderApp({ client: createTestClient(fixture.t, { tenant: fixture.seeded[key] }), path });
const disabled = (element: HTMLElement) => element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
const VIEWER_REASON = /^Needs an operator or admin key: this key is a viewer key/;

describe('The events list with the key’s role', () => {
  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key: New event and the bulk actions disabled = %s', async (key, off) => {
    const user = userEvent.setup();
    open(key, '/events?range=all');
    const grid = await screen.findByRole('grid', { name: /Events/ }, { timeout: 10_000 });
    await waitFor(() => expect(within(grid).getAllByRole('checkbox').length).toBeGreaterThan(1), { timeout: 10_000 });
    await waitFor(() => expect(disabled(screen.getByRole('link', { name: /New event/ }))).toBe(off));
    await user.click(within(grid).getByRole('checkbox', { name: /Select all rows/i }));
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect(disabled(remove)).toBe(off);
    expect(disabled(screen.getByRole('button', { name: 'Change state' }))).toBe(off);
    expect(screen.queryByText(/^Needs an operator or admin key: this key is a viewer key/) !== null).toBe(off);
  }, 60_000);

  it('a viewer key on the event page: the live controls stay in place, off, and say why', async () => {
    open('viewer', `/events/${fixture.seeded.eventId}`);
    const controls = await screen.findByRole('group', { name: 'Live controls' }, { timeout: 10_000 });
    await waitFor(() => expect(within(controls).getByRole('note').textContent).toMatch(/^Needs an operator or admin key: this key is a viewer key/));
    for (const button of within(controls).getAllByRole('button')) expect(disabled(button)).toBe(true);
  }, 60_000);
});

describe('The event’s tabs with the key’s role', () => {
  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key: adding a chapter point is off = %s, and the tab says why', async (key, off) => {
    open(key, `/events/${fixture.seeded.eventId}?tab=chapters`);
    await screen.findAllByRole('button', { name: /Add chapter point/ }, { timeout: 15_000 });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Add chapter point/ }).every(disabled)).toBe(off));
    expect(screen.queryByTestId('role-notice') !== null).toBe(off);
  }, 60_000);

  it('a viewer key on the audio tab: no adding, copying or saving, and the tab says why', async () => {
    open('viewer', `/events/${fixture.seeded.eventId}?tab=audio`);
    const add = await screen.findByRole('button', { name: 'Add an audio input' }, { timeout: 15_000 });
    await waitFor(() => expect(disabled(add)).toBe(true));
    expect(disabled(screen.getByRole('button', { name: /Copy from another event/ }))).toBe(true);
    expect(screen.getByTestId('role-notice').textContent).toMatch(/^Needs an operator or admin key: this key is a viewer key/);
  }, 60_000);
});

describe('The event’s property tabs with the key’s role', () => {
  // The tabs' code first (each is its own chunk): on a busy machine its first transform outlasts a find's wait.
  beforeAll(loadEventTabs, 120_000);

  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key on the custom properties: adding, pasting, copying, editing and deleting are off = %s, and the tab says why', async (key, off) => {
    open(key, `/events/${fixture.seeded.eventId}?tab=properties`);
    const add = await screen.findByRole('button', { name: 'Add property' }, { timeout: 45_000 });
    await screen.findByRole('button', { name: 'Edit rights / holder' }, { timeout: 30_000 });
    await waitFor(() => expect(disabled(add)).toBe(off));
    for (const name of ['Paste lines', 'Copy from event', 'Edit rights / holder', 'Delete rights / holder']) expect(disabled(screen.getByRole('button', { name })), name).toBe(off);
    expect(screen.queryByTestId('role-notice')?.textContent ?? '').toMatch(off ? VIEWER_REASON : /^$/);
  }, 120_000);

  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key on the client properties: the template and its fields are off = %s, and the tab says why', async (key, off) => {
    const user = userEvent.setup();
    open(key, `/events/${fixture.seeded.eventId}?tab=client-properties`);
    const holder = await screen.findByRole('textbox', { name: 'Rights holder' }, { timeout: 45_000 });
    await waitFor(() => expect(disabled(holder)).toBe(off));
    expect(disabled(screen.getByRole('combobox', { name: 'Template' }))).toBe(off);
    expect(screen.queryByTestId('role-notice')?.textContent ?? '').toMatch(off ? VIEWER_REASON : /^$/);
    if (off) return;
    await user.clear(holder);
    await user.type(holder, 'Night FC');
    expect(disabled(screen.getByRole('button', { name: 'Save' }))).toBe(false);
  }, 120_000);
});

describe('Configuration pages with the key’s role', () => {
  it.each(['viewer', 'operator'] as const)('a %s key reads the webhooks and cannot add one, and is told why', async (key) => {
    open(key, '/webhooks');
    const notice = await screen.findByTestId('role-notice', undefined, { timeout: 10_000 });
    expect(notice.textContent).toMatch(new RegExp(`^Needs an admin key: this key is an? ${key} key.*Webhooks are configuration`));
    for (const add of screen.getAllByRole('button', { name: /^Add (a )?webhook/ })) expect(disabled(add)).toBe(true);
  }, 60_000);

  it.each(['viewer', 'operator'] as const)('a %s key reads the event types and cannot add, change or delete one', async (key) => {
    const user = userEvent.setup();
    open(key, '/configuration/event-types');
    const grid = await screen.findByRole('grid', { name: 'Event types' }, { timeout: 10_000 });
    await within(grid).findByText('Role type', undefined, { timeout: 10_000 });
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Add event type' }))).toBe(true));
    expect(screen.getByTestId('role-notice').textContent).toMatch(/^Needs an admin key/);
    expect(within(grid).queryByRole('button', { name: 'Delete Role type' })).toBeNull();
    await user.click(within(grid).getByRole('link', { name: 'Edit Role type' }));
    const form = await screen.findByRole('form', undefined, { timeout: 10_000 });
    expect(within(form).getByText(/The configuration is read only for this key/)).toBeTruthy();
    expect(disabled(within(form).getByRole('button', { name: 'Delete' }))).toBe(true);
  }, 60_000);
});
