// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { RoleBadge } from '#app/role-badge.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import DestinationsPage from './destinations-page.tsx';

const fixture = servicePerFile({
  seed: async (t, service) => {
    const site = await service.call(endpoints.mediaDestination.create, { body: { name: 'Role site', target: 'VideoSite', destinationJson: '{}' } });
    await service.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: site.id, category: 'simulation', key: 'faults', value: '' } });
    // A microblog account starts inactive: it needs the operator's authorisation.
    await service.call(endpoints.mediaDestination.create, { body: { name: 'Role microblog', target: 'MicroBlog', destinationJson: '{}' } });
    return { siteId: site.id, operator: await t.createKeyFor('operator', t, 'Night shift'), admin: await t.createKeyFor('admin', t, 'Head of ops') };
  },
});

function renderDestinations(tenant: typeof fixture.seeded.operator, path = '/destinations') {
  renderWithApp(
    <>
      <RoleBadge />
      <Routes>
        <Route path="/destinations" element={<DestinationsPage />} />
      </Routes>
    </>,
    { client: createTestClient(fixture.t, { tenant }), path },
  );
}

describe('Destinations with the key’s role', () => {
  it('an operator key sees them, says its role, and is told why it cannot change them', async () => {
    renderDestinations(fixture.seeded.operator);
    expect(await screen.findByText(/^Needs an admin key: this key is an operator key/)).toBeTruthy();
    expect(await screen.findByText('Operator', { exact: true })).toBeTruthy();
    expect((await screen.findAllByText('Role site')).length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Add destination' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit Role site' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  });

  it('an admin key may change them', async () => {
    renderDestinations(fixture.seeded.admin);
    expect(await screen.findByText('Admin', { exact: true })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit Role site' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add destination' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/^Needs an admin key/)).toBeNull();
  });
});

describe('A destination’s detail', () => {
  it('an operator key reads its properties and simulated faults, changes none, and is told why', async () => {
    renderDestinations(fixture.seeded.operator, `/destinations?destination=${fixture.seeded.siteId}`);
    const value = await screen.findByRole('textbox', { name: 'Value of simulation/faults' });
    expect((value as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete simulation/faults' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New property key' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Uploads fail at 60 %' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/properties are configuration: this key reads them and changes none/)).toBeTruthy();
    // The header's Activate is there, off (the notice above the list says why).
    expect((screen.getByRole('button', { name: 'Activate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('role-notice').textContent).toMatch(/^Needs an admin key: this key is an operator key.*activating/);
  });

  it('an admin key may activate it from its header', async () => {
    renderDestinations(fixture.seeded.admin, `/destinations?destination=${fixture.seeded.siteId}`);
    await screen.findByRole('textbox', { name: 'Value of simulation/faults' });
    expect(screen.getAllByRole('button', { name: 'Activate' }).every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('has a History tab: who changed it, when and what, and it follows a new change', async () => {
    const user = userEvent.setup();
    renderDestinations(fixture.seeded.admin, `/destinations?destination=${fixture.seeded.siteId}`);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const trail = await screen.findByRole('list', { name: 'History of Role site' });
    expect(within(trail).getByRole('listitem', { name: /^mediaDestination\.create by / })).toBeTruthy();
    await fixture.service.call(endpoints.mediaDestination.update, { params: { id: fixture.seeded.siteId }, body: { name: 'Role site', target: 'VideoSite', destinationJson: '{"channel":"night"}' } });
    // Live: the change feed brings the new entry.
    const update = await within(trail).findByRole('listitem', { name: /^mediaDestination\.update by / }, { timeout: 10_000 });
    expect(update.textContent).toMatch(/night/);
  });
});

describe('Destinations on a phone', () => {
  const wide = window.innerWidth;
  const resizeTo = (width: number) =>
    act(() => {
      window.innerWidth = width;
      window.dispatchEvent(new Event('resize'));
    });
  afterEach(() => resizeTo(wide));

  it('show the state and Activate under the name, leaving the actions column to Edit and Delete', async () => {
    resizeTo(390);
    renderDestinations(fixture.seeded.admin);
    const activate = await screen.findAllByRole('button', { name: 'Activate' });
    expect(activate.length).toBeGreaterThan(0);
    for (const button of activate) {
      // In the actions column Activate took the width "Needs activation" needed, and the chip was cut.
      expect(button.closest('[data-field]')?.getAttribute('data-field')).toBe('name');
      expect(within(button.closest('[data-field]') as HTMLElement).getByText('Needs activation')).toBeTruthy();
    }
    expect(screen.queryAllByRole('columnheader').map((header) => header.getAttribute('data-field'))).toEqual(['name', 'actions']);
  });
});
