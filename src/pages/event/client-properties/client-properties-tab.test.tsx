// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, type Event, type PropertyConfigurationContent } from '#schema';
import { createApiClient, type ApiClient } from '#client';
import { loadEventTabs, renderWithApp, whenEnabled } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { routeFetch } from '#testing/route-fetch.ts';
import { ClientPropertiesTab } from '../client-properties-tab.tsx';
import EventPage from '#app/event-tabs.tsx';

/** Every request the page sends, as `METHOD /path`. */
const sent: string[] = [];

const BROADCAST: PropertyConfigurationContent = {
  configuration: [
    { name: 'rightsHolder', displayName: 'Rights holder', type: 'TextField', category: 'rights', key: 'holder', defaultValue: '', required: true },
    { name: 'notes', displayName: 'Producer notes', type: 'TextArea', category: 'production', key: 'notes', defaultValue: '', required: false },
    { name: 'firstAired', displayName: 'First aired', type: 'DateField', category: 'broadcast', key: 'firstAired', required: false, additionalProperties: { dateFormat: 'dd/MM/yyyy' } },
    { name: 'onAir', displayName: 'On air at', type: 'TimeField', category: 'broadcast', key: 'onAir', defaultValue: '20:00', required: false },
    { name: 'subtitled', displayName: 'Live subtitles', type: 'CheckBox', category: 'accessibility', key: 'subtitles', defaultValue: 'true', required: false },
    {
      name: 'territory',
      displayName: 'Territory',
      type: 'SelectList',
      category: 'rights',
      key: 'territory',
      defaultValue: 'Worldwide',
      required: true,
      additionalProperties: { options: ['Worldwide', 'Europe', 'Domestic only'] },
    },
  ],
};

const MUSIC: PropertyConfigurationContent = {
  configuration: [{ name: 'label', displayName: 'Record label', type: 'TextField', category: 'music', key: 'label', required: true }],
};

beforeAll(loadEventTabs, 120_000);

const fixture = servicePerFile({
  seed: async (_t, service) => ({
    broadcast: await service.call(endpoints.propertyConfiguration.create, {
      body: { name: 'Broadcast metadata', referenceId: 'PC-B', configurationJson: JSON.stringify(BROADCAST) },
    }),
    music: await service.call(endpoints.propertyConfiguration.create, { body: { name: 'Music rights', referenceId: null, configurationJson: JSON.stringify(MUSIC) } }),
  }),
  afterEach: () => {
    sent.length = 0;
  },
});

/** The browser's client, into the real service, noting what it sends. */
function recordingClient(): ApiClient {
  const fetch = routeFetch(fixture.t.app);
  return createApiClient({
    baseUrl: '/api',
    apiKey: fixture.t.key,
    validateResponses: true,
    fetch: (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
}

async function readEvent(id: string): Promise<Event> {
  const event = await fixture.service.call(endpoints.event.get, { params: { id }, query: {} });
  if (!event) throw new Error(`no event ${id}`);
  return event;
}

function createEvent(title: string): Promise<Event> {
  return fixture.service.call(endpoints.event.upsert, { body: { Title: title } });
}

function renderTab(event: Event) {
  return renderWithApp(<ClientPropertiesTab event={event} />, { client: recordingClient(), path: `/events/${event.id}?tab=client-properties` });
}

async function pickTemplate(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await whenEnabled(screen.findByRole('combobox', { name: 'Template' })));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

const form = () => screen.findByRole('form', { name: /^Client properties from / });
/** The save bar's status line. */
const status = () => within(screen.getByRole('region', { name: 'Save client properties' })).getByRole('status').textContent;
/** The machine running these may be busy: each test gets time before it is called a failure. */
const SLOW = 120_000;

describe('ClientPropertiesTab, against the in-process service', () => {
  it('invites to pick a template when the event has none (204), and renders each field type as its input with defaults and required marks', async () => {
    const user = userEvent.setup();
    const event = await createEvent('No template yet');
    renderTab(event);
    expect(await screen.findByText('No client properties yet')).toBeTruthy();

    await pickTemplate(user, 'Broadcast metadata');
    const f = within(await form());
    const holder = f.getByRole('textbox', { name: 'Rights holder' }) as HTMLInputElement;
    expect(holder.tagName).toBe('INPUT');
    expect(holder.required).toBe(true);
    const notes = f.getByRole('textbox', { name: 'Producer notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect((f.getByLabelText('First aired') as HTMLInputElement).type).toBe('date');
    const onAir = f.getByLabelText('On air at') as HTMLInputElement;
    expect(onAir.type).toBe('time');
    expect(onAir.value).toBe('20:00');
    const subtitles = f.getByRole('checkbox', { name: 'Live subtitles' }) as HTMLInputElement;
    expect(subtitles.checked).toBe(true);
    const territory = f.getByRole('combobox', { name: 'Territory' });
    expect(territory.textContent).toContain('Worldwide');
    await user.click(territory);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Worldwide', 'Europe', 'Domestic only']);
    await user.keyboard('{Escape}');
    expect(screen.getByText('Fields marked * are required by the template.')).toBeTruthy();
    expect(f.getByRole('button', { name: 'Apply template' })).toBeTruthy();
  }, SLOW);

  it('shows the service’s message on the field it refuses, and applies the template with POST (201) once fixed', async () => {
    const user = userEvent.setup();
    const event = await createEvent('Cup final');
    renderTab(event);
    await pickTemplate(user, 'Broadcast metadata');
    const f = within(await form());

    // The template's own check: the required field, before anything is sent.
    await user.click(f.getByRole('button', { name: 'Apply template' }));
    // On the field, and in the summary beside the button.
    expect(await f.findAllByText('Rights holder is required')).toHaveLength(2);

    // A value only the service refuses (the template says nothing of lengths): its message, on the field.
    const holder = f.getByRole('textbox', { name: 'Rights holder' });
    fireEvent.change(holder, { target: { value: 'R'.repeat(300) } });
    await waitFor(() => expect(holder.getAttribute('aria-invalid')).toBe('true'));
    expect(await f.findByText('Rights holder must have at most 255 characters')).toBeTruthy();
    expect(sent).toContain('POST /api/clientproperty/validate/');
    await user.click(f.getByRole('button', { name: 'Apply template' }));
    await screen.findByText('The service refuses one value');
    expect(sent).not.toContain(`POST /api/clientproperty/${event.id}`);

    fireEvent.change(holder, { target: { value: 'Football Association' } });
    fireEvent.change(f.getByLabelText('First aired'), { target: { value: '2026-05-16' } });
    await user.click(f.getByRole('checkbox', { name: 'Live subtitles' }));
    await user.click(f.getByRole('button', { name: 'Apply template' }));

    await waitFor(() => expect(sent).toContain(`POST /api/clientproperty/${event.id}`));
    await waitFor(() => expect(status()).toMatch(/^All changes saved/));
    const values = await fixture.service.call(endpoints.clientProperty.get, { params: { eventId: event.id } });
    expect(Object.fromEntries(values!.map((p) => [p.name, p.value]))).toEqual({
      rightsHolder: 'Football Association',
      notes: '',
      firstAired: '16/05/2026',
      onAir: '20:00',
      subtitled: 'false',
      territory: 'Worldwide',
    });
    expect(sent.filter((s) => s.startsWith('PUT '))).toEqual([]);
  }, SLOW);

  it('updates the values of the applied template with PUT, sending only what changed', async () => {
    const user = userEvent.setup();
    const event = await createEvent('Semi final');
    await fixture.service.call(endpoints.clientProperty.create, {
      params: { eventId: event.id },
      body: { templateId: fixture.seeded.broadcast.id, values: { rightsHolder: 'League', territory: 'Europe', notes: 'Kick-off moved' } },
    });
    const current = await readEvent(event.id);
    renderTab(current);
    const f = within(await form());
    const holder = (await f.findByRole('textbox', { name: 'Rights holder' })) as HTMLInputElement;
    expect(holder.value).toBe('League');
    expect(f.getByRole('combobox', { name: 'Territory' }).textContent).toContain('Europe');
    expect(f.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await user.click(f.getByRole('combobox', { name: 'Territory' }));
    await user.click(await screen.findByRole('option', { name: 'Domestic only' }));
    await waitFor(() => expect(status()).toMatch(/^Unsaved changes in 1 field/));
    await user.click(f.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status()).toMatch(/^All changes saved/));

    expect(sent).toContain(`PUT /api/clientproperty/${event.id}`);
    expect(sent).not.toContain(`POST /api/clientproperty/${event.id}`);
    const values = await fixture.service.call(endpoints.clientProperty.get, { params: { eventId: event.id } });
    expect(Object.fromEntries(values!.map((p) => [p.name, p.value]))).toMatchObject({ rightsHolder: 'League', territory: 'Domestic only', notes: 'Kick-off moved' });
  }, SLOW);

  it('says that applying another template removes the current one’s properties, and asks first', async () => {
    const user = userEvent.setup();
    const event = await createEvent('Studio session');
    await fixture.service.call(endpoints.clientProperty.create, { params: { eventId: event.id }, body: { templateId: fixture.seeded.broadcast.id, values: { rightsHolder: 'Label A', territory: 'Europe' } } });
    renderTab(await readEvent(event.id));
    await form();
    await pickTemplate(user, 'Music rights');
    expect(await screen.findByText(/Applying ‘Music rights’ replaces ‘Broadcast metadata’: the properties of ‘Broadcast metadata’ .* are removed from this event/)).toBeTruthy();
    const f = within(await form());
    await user.type(f.getByRole('textbox', { name: 'Record label' }), 'Indie Records');
    await user.click(f.getByRole('button', { name: 'Apply template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply ‘Music rights’?' });
    expect(dialog.textContent).toContain('Rights holder (Label A)');
    await user.click(within(dialog).getByRole('button', { name: 'Apply and remove' }));
    await waitFor(() => expect(sent).toContain(`POST /api/clientproperty/${event.id}`));
    await waitFor(async () => {
      const after = await readEvent(event.id);
      expect(after.customPropertyConfigurationId).toBe(fixture.seeded.music.id);
      expect(after.customProperties.map((p) => `${p.category}/${p.key}=${p.value}`)).toEqual(['music/label=Indie Records']);
    });
  }, SLOW);

  it('keeps unsaved values through a look at another tab', async () => {
    const user = userEvent.setup();
    const event = await createEvent('Draft keeper');
    await fixture.service.call(endpoints.clientProperty.create, { params: { eventId: event.id }, body: { templateId: fixture.seeded.broadcast.id, values: { rightsHolder: 'First', territory: 'Europe' } } });
    renderWithApp(
      <Routes>
        <Route path="/events/:id" element={<EventPage />} />
      </Routes>,
      { client: recordingClient(), path: `/events/${event.id}?tab=client-properties` },
    );
    const holder = (await screen.findByRole('textbox', { name: 'Rights holder' })) as HTMLInputElement;
    expect(holder.value).toBe('First');
    await user.clear(holder);
    await user.type(holder, 'Second, not saved');
    await user.click(screen.getByRole('tab', { name: 'Streaming URLs' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Rights holder' })).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Client properties' }));
    const again = (await screen.findByRole('textbox', { name: 'Rights holder' })) as HTMLInputElement;
    await waitFor(() => expect(again.value).toBe('Second, not saved'));
    await waitFor(() => expect(status()).toMatch(/^Unsaved changes in 1 field/));
  }, SLOW);
});
