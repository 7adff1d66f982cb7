/**
 * Everything a page needs above it: react-query, the theme (light/dark/system), the connection
 * to a service, live updates from its change feed, keyboard shortcuts and notifications.
 * start.tsx and tests use the same stack.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ConnectionStore } from './connection.ts';
import { ConnectionProvider } from './connection-context.tsx';
import { HotkeysProvider } from './hotkeys.tsx';
import { LiveUpdatesProvider, type LiveUpdatesOptions } from './live-updates.tsx';
import { NotificationsHost } from './notifications.tsx';
import { theme, THEME_MODE_STORAGE_KEY } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  connection: ConnectionStore;
  /** Follow the service's change feed (live-updates.tsx). Default true; false: pages poll as they declare. */
  liveUpdates?: boolean | LiveUpdatesOptions;
  children: ReactNode;
}

export function AppProviders({ queryClient, connection, liveUpdates = true, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={THEME_MODE_STORAGE_KEY} noSsr>
        <CssBaseline enableColorScheme />
        <HotkeysProvider>
          <ConnectionProvider store={connection} queryClient={queryClient}>
            <LiveUpdatesProvider enabled={liveUpdates !== false} {...(typeof liveUpdates === 'object' ? liveUpdates : {})}>
              {children}
            </LiveUpdatesProvider>
          </ConnectionProvider>
        </HotkeysProvider>
        <NotificationsHost />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
