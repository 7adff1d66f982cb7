import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import { useConnection, useConnectionDialog } from './connection-context.tsx';
import { resolveBaseUrl, type ConnectionState } from './connection.ts';

type Status = { label: string; tone: 'ok' | 'pending' | 'warning' | 'error'; explanation: string };

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

const dotColor = (theme: Theme, tone: Status['tone']) =>
  ({
    ok: theme.palette.state.vod.text,
    pending: theme.palette.state.neutral.text,
    warning: theme.palette.state.transition.text,
    error: theme.palette.state.error.text,
  })[tone];

/** The app bar's connection indicator: status in words and colour; opens the connection settings. */
export function ConnectionStatus() {
  const state = useConnection();
  const dialog = useConnectionDialog();
  const serviceUrl = resolveBaseUrl(state.baseUrl);
  const status = statusOf(state, serviceUrl);
  return (
    <Tooltip title={`${status.explanation}. Open the connection settings.`}>
      <Button
        color="inherit"
        onClick={() => dialog.open()}
        aria-label={`Connection: ${status.explanation}. Open the connection settings`}
        sx={{ gap: 1, px: 1.25, minWidth: 0, fontWeight: 500, border: 1, borderColor: 'divider', borderRadius: 5 }}
      >
        {status.tone === 'pending' ? (
          <CircularProgress size={10} thickness={6} color="inherit" aria-hidden />
        ) : (
          <Box
            aria-hidden
            sx={(theme) => ({ width: 10, height: 10, borderRadius: '50%', bgcolor: dotColor(theme, status.tone), flex: '0 0 auto' })}
          />
        )}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}>
          {status.label}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {host(serviceUrl)}
        </Box>
      </Button>
    </Tooltip>
  );
}
