/** The dashboard's entry: one query client, one connection store feeding the `api` client, the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM RouterProvider: it can flush a navigation synchronously (every write to the URL's query
// does, see src/components/use-url-params.ts).
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '#client';
import { setApiClient } from './api.ts';
import { createConnectionStore } from './connection.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (some private modes): settings last for the session only.
    return null;
  }
}

const connection = createConnectionStore({ storage: browserStorage(), onClientChange: setApiClient });
void connection.start();

const queryClient = createQueryClient();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} connection={connection}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
