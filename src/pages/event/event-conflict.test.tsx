// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, EventBody, type Event } from '#schema';
import { loadEventTabs, renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { eventToFormValues, formToBody } from './event-form-values.ts';
import EventPage from '#app/event-tabs.tsx';

beforeAll(loadEventTabs, 120_000);

const fixture = servicePerFile({});

const getEvent = async (id: string) => (await fixture.service.call(endpoints.event.get, { params: { id } }))!;

/** Another writer (another tab, another key) saves the event: the whole form's body, with `change`. */
async function saveElsewhere(event: Event, change: Partial<EventBody>): Promise<Event> {
  return fixture.service.call(endpoints.event.upsert, { body: formToBody(EventBody.parse({ ...eventToFormValues(event), ...change })) });
}

async function openWithChanges(title: string, mine: { title: string; description: string }) {
  const event = await fixture.service.call(endpoints.event.upsert, { body: { Title: title, Description: 'As loaded' } });
  renderWithApp(
    <Routes>
      <Route path="/events/:id" element={<EventPage />} />
    </Routes>,
    { client: createTestClient(fixture.t), path: `/events/${event.id}` },
  );
  const user = userEvent.setup();
  const titleField = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(titleField);
  await user.type(titleField, mine.title);
  const description = screen.getByRole('textbox', { name: 'Description' });
  await user.clear(description);
  await user.type(description, mine.description);
  return { event, user };
}

/** The dialog's row of a field: [field, when opened, theirs, yours]. */
function row(dialog: HTMLElement, label: string): string[] {
  const header = within(dialog).getByRole('rowheader', { name: new RegExp(`^${label}`) });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('Saving an event someone else saved meanwhile', () => {
  it('shows what changed, field by field, and "Keep mine" saves mine over theirs, theirs elsewhere', async () => {
    const { event, user } = await openWithChanges('Opened', { title: 'My title', description: 'My notes' });
    // Between the load and the save: another writer changes the title and the reference.
    await saveElsewhere(await getEvent(event.id), { Title: 'Their title', RefId: 'their-ref' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /^Someone else saved the event/ });
    expect(row(dialog, 'Title')).toEqual(['Opened', 'Their title', 'My title']);
    expect(row(dialog, 'Reference ID')).toEqual(['(empty)', 'their-ref', '(empty)']);
    expect(row(dialog, 'Description')).toEqual(['As loaded', 'As loaded', 'My notes']);
    expect(within(dialog).getByText(/One field was changed by both of you/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () => expect((await getEvent(event.id)).title).toBe('My title'), { timeout: 10_000 });
    const saved = await getEvent(event.id);
    expect(saved).toMatchObject({ title: 'My title', description: 'My notes', refId: 'their-ref' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
  });

  it('"Take theirs" puts their values in the form and keeps my other changes, unsaved', async () => {
    const { event, user } = await openWithChanges('Opened again', { title: 'Mine again', description: 'Still mine' });
    const theirs = await saveElsewhere(await getEvent(event.id), { Title: 'Theirs again' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /^Someone else saved the event/ });
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Theirs again');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Still mine');
    // Nothing was written by the refused save; the next one is based on their version and goes through.
    expect(await getEvent(event.id)).toMatchObject({ title: 'Theirs again', description: 'As loaded', version: theirs.version });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await getEvent(event.id)).description).toBe('Still mine'), { timeout: 10_000 });
    expect((await getEvent(event.id)).title).toBe('Theirs again');
  });

  it('still says "Unsaved changes" after the event changed elsewhere and reached the form live', async () => {
    const { event } = await openWithChanges('Followed live', { title: 'Followed live', description: 'Typed here' });
    await saveElsewhere(await getEvent(event.id), { RefId: 'their-live-ref' });
    // The feed resets the form to their event, keeping the field typed here.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Reference ID' }) as HTMLInputElement).value).toBe('their-live-ref'), { timeout: 10_000 });
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Typed here');
    expect(screen.getByText(/^Unsaved changes/)).toBeTruthy();
    expect(screen.queryByText('All changes saved')).toBeNull();
  });
});
