import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Tooltip } from '#components/tooltip.tsx';
import type { Theme } from '@mui/material/styles';
import { keyframes } from '@mui/material/styles';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { useConnectionDialog, useConnectionStore } from './connection-context.tsx';
import { resolveBaseUrl, type ConnectionState } from './connection.ts';
import { useLiveStatusStore, type LiveStatus } from './live-updates.tsx';

type Status = { label: string; tone: 'ok' | 'live' | 'pending' | 'warning' | 'error'; explanation: string; detail?: string };

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function inSeconds(at: number | undefined): string {
  if (at === undefined) return '';
  const seconds = Math.max(1, Math.round((at - Date.now()) / 1000));
  return seconds < 90 ? ` in ${seconds} s` : ` in ${Math.round(seconds / 60)} min`;
}

/** The connected service's status, refined by the live updates: live, polling, reconnecting. */
function withLive(connected: Status, live: LiveStatus): Status {
  const base = connected.explanation;
  switch (live.state) {
    case 'live':
      return {
        label: 'Live',
        tone: 'live',
        explanation: `${base}, live updates on`,
        detail: `Changes show as they happen${live.lastChangeAt ? `; last change at ${clock(live.lastChangeAt)}` : ''}.`,
      };
    case 'polling':
      return {
        label: 'Polling',
        tone: 'ok',
        explanation: `${base}, refreshing by polling`,
        detail: `${live.detail.reason ?? 'This service has no change feed'}: pages refresh every few seconds instead.`,
      };
    case 'reconnecting':
    case 'offline':
      return {
        label: 'Reconnecting',
        tone: 'warning',
        explanation: `${base}, live updates interrupted`,
        detail: `${live.detail.reason ?? 'The change feed was interrupted'}; trying again${inSeconds(live.detail.retryAt)}. Pages refresh by polling meanwhile.`,
      };
    case 'paused':
      return { label: 'Paused', tone: 'ok', explanation: `${base}, live updates paused`, detail: 'Paused while this tab is hidden; it catches up when shown.' };
    case 'connecting':
      return { ...connected, explanation: `${base}, starting live updates` };
    default:
      return connected;
  }
}

function statusOf(state: ConnectionState, serviceUrl: string): Status {
  if (!state.ready) return { label: 'Connecting', tone: 'pending', explanation: `Looking for ${serviceUrl}` };
  if (state.health === 'unreachable') return { label: 'Unreachable', tone: 'error', explanation: `Cannot reach ${serviceUrl}` };
  if (state.apiKey === null) return { label: 'No API key', tone: 'warning', explanation: `No API key for ${serviceUrl}` };
  switch (state.health) {
    case 'ok':
      return { label: 'Connected', tone: 'ok', explanation: `Connected to ${serviceUrl}` };
    case 'unauthorized':
      return { label: 'Key refused', tone: 'error', explanation: `${serviceUrl} refused the API key` };
    default:
      return { label: 'Checking', tone: 'pending', explanation: `Waiting for an answer from ${serviceUrl}` };
  }
}

function host(serviceUrl: string): string {
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 currentColor; }
  70% { box-shadow: 0 0 0 5px transparent; }
  100% { box-shadow: 0 0 0 0 transparent; }
`;

const dotColor = (theme: Theme, tone: Status['tone']) =>
  ({
    ok: theme.palette.state.vod.text,
    live: theme.palette.state.vod.main,
    pending: theme.palette.state.neutral.text,
    warning: theme.palette.state.transition.text,
    error: theme.palette.state.error.text,
  })[tone];

/**
 * A store's value kept as this component's state, set again after each change of the store (in an
 * effect), where the rest of the app reads stores with useSyncExternalStore. The chip renders with
 * the first screen, in a transition, just as the stores it reads change (the first answer sets the
 * health, the feed goes live, the first changes arrive); a store read with useSyncExternalStore
 * that changes during a transition's render has React render the whole screen again,
 * synchronously (a second pass of 50-130 ms in 4 of 12 loads of the events list, render marks;
 * none after). A chip one frame behind its store is harmless.
 */
function useStoreAfterRender<T extends object>(subscribe: (listener: () => void) => () => void, get: () => T): T {
  const [value, setValue] = useState(get);
  useEffect(() => {
    const update = () => setValue(get());
    const unsubscribe = subscribe(update);
    // A change between the render and the subscription; the same value renders nothing.
    update();
    return unsubscribe;
  }, [subscribe, get]);
  return value;
}

/**
 * The app bar's connection indicator: status in words and colour (Live, Polling, Reconnecting,
 * or what is wrong with the connection), details in the tooltip; opens the connection settings.
 */
export function ConnectionStatus() {
  const connection = useConnectionStore();
  const liveStatus = useLiveStatusStore();
  const state = useStoreAfterRender(connection.subscribe, connection.getState);
  const live = useStoreAfterRender(liveStatus.subscribe, liveStatus.get);
  const dialog = useConnectionDialog();
  const serviceUrl = resolveBaseUrl(state.baseUrl);
  const connected = statusOf(state, serviceUrl);
  const status = connected.tone === 'ok' ? withLive(connected, live) : connected;
  const spinning = status.tone === 'pending' || status.label === 'Reconnecting';
  return (
    <Tooltip
      title={
        <>
          {status.explanation}.{status.detail && <Box component="span" sx={{ display: 'block', mt: 0.5 }}>{status.detail}</Box>}
          <Box component="span" sx={{ display: 'block', mt: 0.5, opacity: 0.8 }}>
            Click to open the connection settings.
          </Box>
        </>
      }
    >
      <Button
        color="inherit"
        onClick={() => dialog.open()}
        data-live-state={connected.tone === 'ok' ? live.state : 'off'}
        sx={{ gap: 1, px: 1.25, minWidth: 0, fontWeight: 500, border: 1, borderColor: 'divider', borderRadius: 5 }}
      >
        {spinning ? (
          <CircularProgress
            size={10}
            thickness={6}
            aria-hidden
            sx={(theme) => ({ color: status.tone === 'warning' ? dotColor(theme, 'warning') : 'inherit' })}
          />
        ) : (
          <Box
            aria-hidden
            sx={(theme) => ({
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: dotColor(theme, status.tone),
              color: dotColor(theme, status.tone),
              flex: '0 0 auto',
              ...(status.tone === 'live' && { animation: `${pulse} 2s ease-out infinite`, '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }),
            })}
          />
        )}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}>
          {status.label}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {/* The space keeps "Live localhost:8080" two words in the text voice control reads. */}
          {` ${host(serviceUrl)}`}
        </Box>
        {/* Named by what it shows first, the explanation after it: voice control can click it by its words. */}
        <VisuallyHidden>{`. Connection: ${status.explanation}. Open the connection settings`}</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}
