import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '#client';
import { createConnectionStore } from './connection.ts';
import { AppProviders } from './providers.tsx';
import { RouteBoundary } from './route-boundary.tsx';
import { memoryStorage, renderApp } from './test-utils.tsx';

afterEach(cleanup);

// The shell itself needs only "the service answers"; pages are tested against the real service.
const answering = createApiClient({
  baseUrl: '/api',
  apiKey: 'test-key',
  // An empty service: no events, and empty lists for the pickers (channels, rooms, ...).
  fetch: async (input) =>
    new Response(JSON.stringify(/\/event\/(\?|$)/.test(String(input)) ? { pageSize: 1, totalCount: 0, results: [] } : []), { status: 200 }),
});

describe('the shell', () => {
  it('sends / to the events list', async () => {
    const { router } = renderApp({ client: answering, path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();
  });

  it('shows a not-found page inside the shell, with the way back', async () => {
    renderApp({ client: answering, path: '/nowhere' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Events' }).getAttribute('href')).toBe('/events');
    expect(document.title).toBe('Page not found · Control Room');
    expect(await screen.findByRole('button', { name: /Connection: Connected to / })).toBeTruthy();
  });

  it('lists the shortcuts on ? and follows g e', async () => {
    const { router } = renderApp({ client: answering, path: '/nowhere' });
    await screen.findByRole('heading', { name: 'Page not found' });
    const user = userEvent.setup();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Go to Events');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    await user.keyboard('ge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });

  it('ignores shortcuts typed into a field', async () => {
    const { router } = renderApp({ client: answering, path: '/nowhere' });
    await screen.findByRole('heading', { name: 'Page not found' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    await user.type(await screen.findByLabelText(/API key/), 'ge?');
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });
});

describe('RouteBoundary', () => {
  it('keeps the shell alive when a page fails, and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('render exploded');
      return <p>page content</p>;
    }
    const router = createMemoryRouter([{ path: '/', element: <RouteBoundary><Flaky /></RouteBoundary> }]);
    render(
      <AppProviders queryClient={new QueryClient()} connection={createConnectionStore({ storage: memoryStorage() })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('This page stopped working')).toBeTruthy();
    expect(screen.getByText('render exploded')).toBeTruthy();
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('page content')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
