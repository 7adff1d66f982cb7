// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import DestinationsPage from './destinations-page.tsx';

const fixture = servicePerFile({});

const getDestination = async (id: string) => (await fixture.service.call(endpoints.mediaDestination.get, { params: { id } }))!;

describe('Editing a destination someone else saved meanwhile', () => {
  // The list behind the form is the data grid, slower to render in the test DOM: 15 s alone, past 30 s on a loaded machine.
  it('shows their change beside mine, and "Keep mine" saves mine on their version', { timeout: 60_000 }, async () => {
    const created = await fixture.service.call(endpoints.mediaDestination.create, { body: { name: 'Opened', target: 'VideoSite', destinationJson: '{}' } });
    renderWithApp(
      <Routes>
        <Route path="/destinations" element={<DestinationsPage />} />
      </Routes>,
      { client: createTestClient(fixture.t), path: `/destinations?edit=${created.id}` },
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('dialog', { name: 'Edit Opened' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'My name');
    // Between the load and the save: another writer renames it.
    await fixture.service.call(endpoints.mediaDestination.update, { params: { id: created.id }, body: { name: 'Their name', target: 'VideoSite', destinationJson: '{}' } });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /^Someone else saved the destination/ });
    const row = within(dialog).getByRole('rowheader', { name: /^Name/ }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Opened', 'Their name', 'My name']);
    expect((await getDestination(created.id)).name).toBe('Their name');

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () => expect((await getDestination(created.id)).name).toBe('My name'), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
