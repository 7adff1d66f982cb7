import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { ConnectionDialog, type ConnectionDialogReason } from './connection-dialog.tsx';
import { CONNECTION_STORAGE_KEY, createConnectionStore, resolveBaseUrl } from './connection.ts';
import { memoryStorage } from './test-utils.tsx';
import { theme } from './theme.ts';

afterEach(cleanup);

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setUp(fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, reason: ConnectionDialogReason = 'manual') {
  const storage = memoryStorage();
  const fetchMock = vi.fn(fetchImpl);
  const store = createConnectionStore({ storage, fetch: fetchMock as typeof fetch });
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <ConnectionDialog open reason={reason} store={store} onClose={onClose} />
    </ThemeProvider>,
  );
  return { storage, store, onClose, fetchMock, user: userEvent.setup() };
}

async function enterKeyAnd(user: ReturnType<typeof userEvent.setup>, key: string, button: 'Test connection' | 'Connect') {
  await user.type(screen.getByLabelText(/API key/), key);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('ConnectionDialog', () => {
  it('says the key was refused on a 401', async () => {
    const { user } = setUp(async () => json(401, { exceptionType: 'Unauthorized', exceptionMessage: 'Unknown API key', errorType: 'Auth', data: null }));
    await enterKeyAnd(user, 'wrong-key', 'Test connection');
    expect((await screen.findByRole('alert')).textContent).toContain('The key was refused — check it.');
  });

  it('names the URL it cannot reach when nothing answers', async () => {
    const { user } = setUp(async () => {
      throw new TypeError('Failed to fetch');
    });
    await enterKeyAnd(user, 'any-key', 'Test connection');
    expect((await screen.findByRole('alert')).textContent).toContain(`Cannot reach ${resolveBaseUrl('/api')} — is the service running?`);
  });

  it('shows the service’s own message for other errors', async () => {
    const { user } = setUp(async () =>
      json(503, { exceptionType: 'Maintenance', exceptionMessage: 'The database is being upgraded; try again in a minute', errorType: 'Unavailable', data: null }),
    );
    await enterKeyAnd(user, 'any-key', 'Test connection');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is being upgraded; try again in a minute');
    expect(alert.textContent).toContain('HTTP 503');
  });

  it('says when the URL answers with something that is not the API', async () => {
    const { user } = setUp(async () => new Response('<!doctype html><p>hello</p>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await enterKeyAnd(user, 'any-key', 'Test connection');
    expect((await screen.findByRole('alert')).textContent).toContain('not with the service’s JSON');
  });

  it('tests with one event, the typed key in the API-KEY header, and reports the total', async () => {
    const { user, fetchMock, storage } = setUp(async () => json(200, { pageSize: 1, totalCount: 3, results: [] }));
    await enterKeyAnd(user, 'good-key', 'Test connection');
    expect((await screen.findByRole('status')).textContent).toBe(`Connected to ${resolveBaseUrl('/api')}. The service holds 3 events.`);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${resolveBaseUrl('/api')}/event/?pageSize=1`);
    expect((init?.headers as Record<string, string>)['API-KEY']).toBe('good-key');
    // Testing alone saves nothing.
    expect(storage.data.size).toBe(0);
  });

  it('connects: tests, keeps the settings in the browser and closes', async () => {
    const { user, storage, store, onClose } = setUp(async () => json(200, { pageSize: 1, totalCount: 0, results: [] }));
    await user.clear(screen.getByLabelText(/Service URL/));
    await user.type(screen.getByLabelText(/Service URL/), 'https://ops.example.org/api');
    await enterKeyAnd(user, 'good-key', 'Connect');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(storage.data.get(CONNECTION_STORAGE_KEY) ?? '{}')).toEqual({ baseUrl: 'https://ops.example.org/api', apiKey: 'good-key' });
    expect(store.getState()).toMatchObject({ apiKey: 'good-key', keySource: 'browser', health: 'ok' });
  });

  it('keeps the dialog open after a failed connect and offers to save anyway', async () => {
    const { user, storage, onClose } = setUp(async () => json(401, null));
    await enterKeyAnd(user, 'wrong-key', 'Connect');
    expect((await screen.findByRole('alert')).textContent).toContain('The key was refused');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(onClose).toHaveBeenCalled();
    expect(storage.data.has(CONNECTION_STORAGE_KEY)).toBe(true);
  });

  it('asks for a key and a usable URL before calling anything', async () => {
    const { user, fetchMock } = setUp(async () => json(200, { pageSize: 1, totalCount: 0, results: [] }));
    await user.clear(screen.getByLabelText(/Service URL/));
    await user.type(screen.getByLabelText(/Service URL/), 'ftp://example.org');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Enter the API key')).toBeTruthy();
    expect(screen.getByText(/Enter a path on this site such as \/api/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains why it opened by itself', () => {
    setUp(async () => json(200, {}), 'refused');
    expect(screen.getByText(/The service refused the key in use/)).toBeTruthy();
  });
});
