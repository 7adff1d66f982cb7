// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { RoleBadge } from '#app/role-badge.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import DestinationsPage from './destinations-page.tsx';

const fixture = servicePerFile({
  seed: async (t, service) => {
    await service.call(endpoints.mediaDestination.create, { body: { name: 'Role site', target: 'VideoSite', destinationJson: '{}' } });
    return { operator: await t.createKeyFor('operator', t, 'Night shift'), admin: await t.createKeyFor('admin', t, 'Head of ops') };
  },
});

function renderDestinations(tenant: typeof fixture.seeded.operator) {
  renderWithApp(
    <>
      <RoleBadge />
      <Routes>
        <Route path="/destinations" element={<DestinationsPage />} />
      </Routes>
    </>,
    { client: createTestClient(fixture.t, { tenant }), path: '/destinations' },
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
  });

  it('an admin key may change them', async () => {
    renderDestinations(fixture.seeded.admin);
    expect(await screen.findByText('Admin', { exact: true })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit Role site' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add destination' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/^Needs an admin key/)).toBeNull();
  });
});
