import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { createQueryClient, type ApiClient } from '#client';
import { api, setApiClient } from './api.ts';
import { CONNECTION_STORAGE_KEY, createConnectionStore, isValidBaseUrl, resolveBaseUrl } from './connection.ts';
import { AppProviders } from './providers.tsx';
import { useConnection, useConnectionValue } from './connection-context.tsx';
import { memoryStorage } from './test-utils.tsx';

afterEach(cleanup);

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stored = (baseUrl: string, apiKey: string) => memoryStorage({ [CONNECTION_STORAGE_KEY]: JSON.stringify({ baseUrl, apiKey }) });

describe('the connection store', () => {
  it('uses the settings kept in the browser first', async () => {
    const fetchMock = vi.fn();
    const onClientChange = vi.fn<(client: ApiClient) => void>();
    const store = createConnectionStore({ storage: stored('https://ops.example.org/api', 'k1'), fetch: fetchMock, onClientChange });
    await store.start();
    expect(store.getState()).toMatchObject({ ready: true, baseUrl: 'https://ops.example.org/api', apiKey: 'k1', keySource: 'browser' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClientChange.mock.lastCall?.[0].config).toMatchObject({ baseUrl: 'https://ops.example.org/api', apiKey: 'k1' });
  });

  it('otherwise takes the demo key the serving service offers, without storing it', async () => {
    const storage = memoryStorage();
    const fetchMock = vi.fn(async () => json(200, { apiKey: 'demo-key' }));
    const store = createConnectionStore({ storage, fetch: fetchMock });
    await store.start();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe(`${resolveBaseUrl('/api')}/connection`);
    expect(store.getState()).toMatchObject({ ready: true, baseUrl: '/api', apiKey: 'demo-key', keySource: 'service' });
    expect(storage.data.size).toBe(0);
  });

  it('asks for a key when the service offers none, and notes when nothing answered', async () => {
    for (const [answer, health] of [
      [async () => json(404, null), 'unknown'],
      [async () => json(200, { apiKey: null }), 'unknown'],
      [async () => new Response('bad gateway', { status: 502 }), 'unreachable'],
      [
        async () => {
          throw new TypeError('Failed to fetch');
        },
        'unreachable',
      ],
    ] as const) {
      const store = createConnectionStore({ storage: memoryStorage(), fetch: answer as typeof fetch });
      await store.start();
      expect(store.getState()).toMatchObject({ ready: true, apiKey: null, keySource: null, health });
    }
  });

  it('ignores a damaged stored entry', async () => {
    const store = createConnectionStore({
      storage: memoryStorage({ [CONNECTION_STORAGE_KEY]: '{not json' }),
      fetch: (async () => json(404, null)) as typeof fetch,
    });
    await store.start();
    expect(store.getState().apiKey).toBeNull();
  });

  it('saves, then forgets and looks for the service’s key again', async () => {
    const storage = memoryStorage();
    const store = createConnectionStore({ storage, fetch: (async () => json(200, { apiKey: 'demo-key' })) as typeof fetch });
    store.save({ baseUrl: ' /api ', apiKey: ' typed-key ' });
    expect(JSON.parse(storage.data.get(CONNECTION_STORAGE_KEY) ?? '')).toEqual({ baseUrl: '/api', apiKey: 'typed-key' });
    await store.forget();
    expect(storage.data.size).toBe(0);
    expect(store.getState()).toMatchObject({ apiKey: 'demo-key', keySource: 'service' });
  });

  it('accepts a path on this site or an http(s) URL as the service URL', () => {
    expect(['/api', 'http://localhost:8080/api', 'https://ops.example.org/api'].every(isValidBaseUrl)).toBe(true);
    expect(['api', '//evil.example/api', 'ftp://example.org', 'javascript:alert(1)', ''].some(isValidBaseUrl)).toBe(false);
  });
});

describe('the connection in the app', () => {
  function EventCount() {
    const { data, error } = useQuery(api.event.list.queryOptions({ query: { pageSize: 1 } }));
    return <p>{error ? `failed ${error.status}` : data ? `${data.totalCount} events` : 'loading'}</p>;
  }

  function renderWith(store: ReturnType<typeof createConnectionStore>) {
    render(
      <AppProviders queryClient={createQueryClient()} connection={store}>
        <EventCount />
      </AppProviders>,
    );
  }

  it('opens the connection dialog by itself when no key is known', async () => {
    const store = createConnectionStore({ storage: memoryStorage(), fetch: (async () => json(404, null)) as typeof fetch, onClientChange: setApiClient });
    renderWith(store);
    await store.start();
    expect(await screen.findByRole('dialog', { name: 'Connection settings' })).toBeTruthy();
    expect(screen.getByText(/This service needs an API key/)).toBeTruthy();
  });

  it('opens it again when the service refuses the key in use', async () => {
    const fetchMock = vi.fn(async () => json(401, { exceptionType: 'Unauthorized', exceptionMessage: 'Unknown key', errorType: 'Auth', data: null }));
    const store = createConnectionStore({ storage: stored('/api', 'revoked-key'), fetch: fetchMock as typeof fetch, onClientChange: setApiClient });
    await store.start();
    renderWith(store);
    expect(await screen.findByText(/The service refused the key in use/)).toBeTruthy();
    expect(store.getState().health).toBe('unauthorized');
    expect(screen.getAllByText('failed 401').length).toBeGreaterThan(0);
  });

  it('refetches with the new key when the settings change', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      (init?.headers as Record<string, string>)['API-KEY'] === 'good-key' ? json(200, { pageSize: 1, totalCount: 7, results: [] }) : json(401, null),
    );
    const store = createConnectionStore({ storage: stored('/api', 'old-key'), fetch: fetchMock as typeof fetch, onClientChange: setApiClient });
    await store.start();
    renderWith(store);
    expect(await screen.findByText('failed 401')).toBeTruthy();
    store.save({ baseUrl: '/api', apiKey: 'good-key' });
    expect(await screen.findByText('7 events')).toBeTruthy();
  });
});

describe('the connection health before any page asks', () => {
  const isProbe = (url: unknown) => String(url).includes('/eventtype/');

  it('asks for the event types once on a page without queries, and learns the health from them', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) => (isProbe(url) ? json(200, []) : json(404, null)));
    const store = createConnectionStore({ storage: stored('/api', 'k1'), fetch: fetchMock as typeof fetch, onClientChange: setApiClient });
    await store.start();
    render(
      <AppProviders queryClient={createQueryClient()} connection={store} liveUpdates={false}>
        <p>Nothing asked here</p>
      </AppProviders>,
    );
    await vi.waitFor(() => expect(store.getState().health).toBe('ok'));
    expect(fetchMock.mock.calls.filter(([url]) => isProbe(url))).toHaveLength(1);
  });

  it('does not ask while the first view’s request is out, and renders nothing again when its answer sets the health', async () => {
    let answer: ((response: Response) => void) | undefined;
    const fetchMock = vi.fn((url: RequestInfo | URL) => (isProbe(url) ? Promise.resolve(json(200, [])) : new Promise<Response>((resolve) => (answer = resolve))));
    const store = createConnectionStore({ storage: stored('/api', 'k1'), fetch: fetchMock as typeof fetch, onClientChange: setApiClient });
    await store.start();
    const queryClient = createQueryClient();
    // The first view's request, asked before React renders (first-view.ts).
    void queryClient.prefetchQuery(api.event.list.queryOptions({ query: { pageSize: 1 } }));
    const commits = vi.fn();
    render(
      <Profiler id="app" onRender={commits}>
        <AppProviders queryClient={queryClient} connection={store} liveUpdates={false}>
          <p>The first screen</p>
        </AppProviders>
      </Profiler>,
    );
    await screen.findByText('The first screen');
    const before = commits.mock.calls.length;
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(json(200, { pageSize: 1, totalCount: 7, results: [] }));
    await vi.waitFor(() => expect(store.getState().health).toBe('ok'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.some(([url]) => isProbe(url))).toBe(false);
    // An update of the providers would have the first screen, rendering in a transition, start over.
    expect(commits.mock.calls.length).toBe(before);
  });
});

describe('reading one value of the connection', () => {
  it('renders the shell again only when what it reads changes, not when the first answer sets the health', async () => {
    const store = createConnectionStore({ storage: stored('/api', 'k1'), fetch: vi.fn() });
    await store.start();
    const renders = { ready: 0 };
    function ReadsAll() {
      return <span>{useConnection().health}</span>;
    }
    function ReadsReady() {
      renders.ready++;
      return <span>{String(useConnectionValue((state) => state.ready))}</span>;
    }
    render(
      <AppProviders queryClient={createQueryClient()} connection={store} liveUpdates={false}>
        <ReadsAll />
        <ReadsReady />
      </AppProviders>,
    );
    await screen.findByText('true');
    const before = renders.ready;
    act(() => store.reportHealth('unreachable'));
    // The reader of the whole state shows the change; the reader of `ready` was not rendered for it.
    await screen.findByText('unreachable');
    expect(renders.ready).toBe(before);
  });
});
