// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, type Event } from '#schema';
import { ApiError, createApiClient, type ApiClient } from '#client';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { routeFetch } from '#testing/route-fetch.ts';
import { AudioTab } from '../audio-tab.tsx';
import { mapServiceErrors, rowProblems } from './audio-inputs.ts';
import { searchLanguages } from './languages.ts';

/** The machine running these may be busy: each test gets time before it is called a failure. */
const SLOW = 120_000;

const sent: string[] = [];

const fixture = servicePerFile({
  afterEach: () => {
    sent.length = 0;
  },
});

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

async function eventWithInputs(title: string, inputs: [string, number, boolean?][] | null): Promise<Event> {
  const event = await fixture.service.call(endpoints.event.upsert, { body: { Title: title } });
  if (inputs) {
    await fixture.service.call(endpoints.channelProfile.create, {
      body: { EventId: event.id, AudioInputs: inputs.map(([LanguageCode, AudioChannel, AudioEnabled = true]) => ({ LanguageCode, AudioChannel, AudioEnabled })) },
    });
  }
  return readEvent(event.id);
}

function renderTab(event: Event) {
  return renderWithApp(<AudioTab event={event} />, { client: recordingClient(), path: `/events/${event.id}?tab=audio` });
}

const rows = () => within(screen.getByRole('list', { name: 'Audio inputs' })).getAllByRole('listitem');
const status = () => within(screen.getByRole('region', { name: 'Save audio inputs' })).getByRole('status').textContent;

async function pickLanguage(user: ReturnType<typeof userEvent.setup>, row: number, search: string, option: RegExp) {
  const input = screen.getByRole('combobox', { name: `Language of input ${row}` });
  await user.clear(input);
  await user.type(input, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('languages', () => {
  it('are found by name or code, the exact code first', () => {
    expect(searchLanguages('es')[0]).toEqual({ code: 'es', name: 'Spanish' });
    expect(searchLanguages('wel').map((l) => l.code)).toEqual(['cy']);
    expect(searchLanguages('music').map((l) => l.code)).toEqual(['zxx']);
  });
});

describe('duplicates', () => {
  it('are flagged on every row that shares a language (any case) or an audio channel', () => {
    const problems = rowProblems([
      { Id: null, LanguageCode: 'en', AudioChannel: '0', AudioEnabled: true },
      { Id: null, LanguageCode: 'fr', AudioChannel: '1', AudioEnabled: true },
      { Id: null, LanguageCode: 'EN', AudioChannel: '1', AudioEnabled: true },
    ]);
    expect(problems).toEqual([
      { row: 0, field: 'LanguageCode', message: 'English (en) is also on input 3' },
      { row: 2, field: 'LanguageCode', message: 'English (en) is also on input 1' },
      { row: 1, field: 'AudioChannel', message: 'Channel 1 is also used by input 3' },
      { row: 2, field: 'AudioChannel', message: 'Channel 1 is also used by input 2' },
    ]);
  });

  it('that reach the service come back as a 400 naming the input, mapped onto its row', async () => {
    const event = await eventWithInputs('Straight to the service', null);
    const error = await fixture.service
      .call(endpoints.channelProfile.create, {
        body: {
          EventId: event.id,
          AudioInputs: [
            { LanguageCode: 'en', AudioChannel: 0 },
            { LanguageCode: 'en', AudioChannel: 1 },
          ],
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const mapped = mapServiceErrors((error as ApiError).fieldErrors);
    expect(mapped.other).toEqual([]);
    expect(mapped.rows).toEqual([{ row: 1, field: 'LanguageCode', message: "Language 'en' is already used by input 1" }]);
  });
});

describe('AudioTab, against the in-process service', () => {
  it('lists the inputs by audio channel; a duplicate language is flagged on both rows and blocks saving; fixed, it saves with PUT', async () => {
    const user = userEvent.setup();
    const event = await eventWithInputs('Derby', [
      ['es', 1],
      ['en', 0],
    ]);
    renderTab(event);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((screen.getByRole('combobox', { name: 'Language of input 1' }) as HTMLInputElement).value).toBe('English (en)');
    expect((screen.getByRole('combobox', { name: 'Language of input 2' }) as HTMLInputElement).value).toBe('Spanish (es)');
    expect((screen.getByRole('spinbutton', { name: 'Audio channel of input 2' }) as HTMLInputElement).value).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Add an audio input' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect((screen.getByRole('spinbutton', { name: 'Audio channel of input 3' }) as HTMLInputElement).value).toBe('2');
    await pickLanguage(user, 3, 'span', /^Spanish/);

    await waitFor(() => expect(within(rows()[2]!).getByText('Spanish (es) is also on input 2')).toBeTruthy());
    expect(within(rows()[1]!).getByText('Spanish (es) is also on input 3')).toBeTruthy();
    expect(rows()[0]!.getAttribute('data-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(status()).toBe('Fix 2 inputs to save');

    await pickLanguage(user, 3, 'fren', /^French/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('switch', { name: 'Input 2 enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status()).toBe('All changes saved'));

    const put = sent.filter((s) => s.startsWith('PUT /api/channelprofile/'));
    expect(put).toEqual([`PUT /api/channelprofile/${event.channelProfileId}`]);
    const saved = await fixture.service.call(endpoints.channelProfile.getForEvent, { params: { id: event.id }, query: { noCache: true } });
    expect(saved!.audioInputs.map((i) => [i.languageCode, i.audioChannel, i.audioEnabled])).toEqual([
      ['en', 0, true],
      ['es', 1, false],
      ['fr', 2, true],
    ]);
  }, SLOW);

  it('creates the profile of an event that has none (POST), starting from the empty state', async () => {
    const user = userEvent.setup();
    const event = await eventWithInputs('No audio yet', null);
    renderTab(event);
    expect(await screen.findByText('No channel profile')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add an audio input' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Create profile' }).hasAttribute('disabled')).toBe(true);
    await pickLanguage(user, 1, 'cy', /^Welsh/);
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(status()).toBe('All changes saved'));
    expect(sent).toContain('POST /api/channelprofile/');
    const saved = await fixture.service.call(endpoints.channelProfile.getForEvent, { params: { id: event.id }, query: { noCache: true } });
    expect(saved!.audioInputs.map((i) => [i.languageCode, i.audioChannel])).toEqual([['cy', 0]]);
    expect(screen.getByRole('button', { name: 'Delete profile' })).toBeTruthy();
  }, SLOW);

  it('copies the inputs of another event found by search, saying it replaces this event’s', async () => {
    const user = userEvent.setup();
    const source = await eventWithInputs('Quiz night in Cardiff', [
      ['en', 0],
      ['cy', 1],
    ]);
    const event = await eventWithInputs('Quiz night rerun', [['de', 0]]);
    renderTab(event);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Copy from another event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy audio inputs from another event' });
    expect(dialog.textContent).toContain('The copy replaces this event’s audio input (German (de) on channel 0).');
    await user.type(within(dialog).getByRole('combobox', { name: 'Event to copy from' }), 'Cardiff');
    await user.click(await screen.findByRole('option', { name: /^Quiz night in Cardiff/ }));
    await within(dialog).findByText(/has 2 inputs: English \(en\) on channel 0, Welsh \(cy\) on channel 1\./);
    await user.click(within(dialog).getByRole('button', { name: 'Replace with these inputs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((screen.getByRole('combobox', { name: 'Language of input 2' }) as HTMLInputElement).value).toBe('Welsh (cy)');
    expect(sent.some((s) => s === 'GET /api/channelprofile/clone/')).toBe(true);
    const saved = await fixture.service.call(endpoints.channelProfile.getForEvent, { params: { id: event.id }, query: { noCache: true } });
    expect(saved!.audioInputs.map((i) => i.languageCode)).toEqual(['en', 'cy']);
    // The source keeps its own.
    const kept = await fixture.service.call(endpoints.channelProfile.getForEvent, { params: { id: source.id }, query: { noCache: true } });
    expect(kept!.audioInputs).toHaveLength(2);
  }, SLOW);

  it('deletes the profile after a confirmation naming what goes', async () => {
    const user = userEvent.setup();
    const event = await eventWithInputs('Closing ceremony', [['fr', 0]]);
    renderTab(event);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the channel profile?' });
    expect(dialog.textContent).toContain('‘Closing ceremony’ loses its audio input (French (fr))');
    await user.click(within(dialog).getByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByText('No channel profile')).toBeTruthy();
    expect(await fixture.service.call(endpoints.channelProfile.getForEvent, { params: { id: event.id }, query: { noCache: true } })).toBeNull();
  }, SLOW);

  it('flags an audio channel that is not a whole number', async () => {
    const event = await eventWithInputs('Odd channel', [['en', 0]]);
    renderTab(event);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Audio channel of input 1' }), { target: { value: '-1' } });
    expect(await screen.findByText('A whole number, 0 or more')).toBeTruthy();
  }, SLOW);
});
