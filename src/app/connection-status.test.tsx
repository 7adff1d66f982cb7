import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createQueryClient } from '#client';
import { finishTransitionRenders, renderInTransition } from '#components/test-commit.ts';
import { setApiClient } from './api.ts';
import { CONNECTION_STORAGE_KEY, createConnectionStore } from './connection.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { AppProviders } from './providers.tsx';
import { memoryStorage } from './test-utils.tsx';

afterEach(finishTransitionRenders);

it('lets the first screen render once when the health changes under it, and catches up after', async () => {
  const store = createConnectionStore({
    storage: memoryStorage({ [CONNECTION_STORAGE_KEY]: JSON.stringify({ baseUrl: '/api', apiKey: 'k1' }) }),
    fetch: (async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })) as typeof fetch,
    onClientChange: setApiClient,
  });
  await store.start();
  let renders = 0;
  function LaterOnTheScreen() {
    renders++;
    // The first answer arriving while the screen renders in its transition (written here, in the
    // render, for the test alone): a chip reading the store with useSyncExternalStore had React
    // render the whole screen again, synchronously.
    if (store.getState().health === 'unknown') store.reportHealth('ok');
    return <p>The page</p>;
  }
  const view = renderInTransition(
    <AppProviders queryClient={createQueryClient()} connection={store} liveUpdates={false}>
      <ConnectionStatus />
      <LaterOnTheScreen />
    </AppProviders>,
  );
  await view.committed;
  expect(renders).toBe(1);
  await waitFor(() => expect(view.container.querySelector('button')?.textContent).toMatch(/^Connected/));
  expect(renders).toBe(1);
});
