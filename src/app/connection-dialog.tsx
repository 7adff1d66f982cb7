// A hair over ~250 lines: one dialog and its one form (schema, trying the key against the service, saving it); nothing in it is used elsewhere.
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { endpoints } from '#schema';
import { describeApiError } from './api-errors.ts';
import { isValidBaseUrl, resolveBaseUrl, type ConnectionStore } from './connection.ts';
import { notify } from './notifications.tsx';

/** Why the dialog is open: the user asked, no key is known, or the service refused the key. */
export type ConnectionDialogReason = 'manual' | 'needs-key' | 'refused';

export const ConnectionFormSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .min(1, 'Enter the service URL')
    .refine(isValidBaseUrl, 'Enter a path on this site such as /api, or a URL such as https://example.org/api'),
  apiKey: z.string().trim().min(1, 'Enter the API key'),
});
type ConnectionFormValues = z.infer<typeof ConnectionFormSchema>;

type TestResult =
  | { status: 'success'; message: string }
  | { status: 'error'; title: string; message: string; detail?: string };

export interface ConnectionDialogProps {
  open: boolean;
  reason: ConnectionDialogReason;
  store: ConnectionStore;
  onClose: () => void;
}

function countEvents(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'event' : 'events'}`;
}

/**
 * The connection settings: service URL and API key, a test that lists one event (cheap, and it
 * proves the key can read), and clear words for each failure.
 */
export function ConnectionDialog({ open, reason, store, onClose }: ConnectionDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {/* Mounted per opening (the dialog unmounts its content when closed): each opening starts from the settings in use. */}
      <ConnectionForm titleId={titleId} reason={reason} store={store} onClose={onClose} />
    </Dialog>
  );
}

function ConnectionForm({ titleId, reason, store, onClose }: Omit<ConnectionDialogProps, 'open'> & { titleId: string }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [result, setResult] = useState<TestResult | null>(null);
  const [busy, setBusy] = useState<'test' | 'connect' | null>(null);
  const [failedConnect, setFailedConnect] = useState(false);
  const [showKey, setShowKey] = useState(false);

  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(ConnectionFormSchema),
    defaultValues: { baseUrl: state.baseUrl, apiKey: state.apiKey ?? '' },
  });
  const { register, handleSubmit, subscribe, formState } = form;

  // A result describes the values it tested; editing them makes it stale.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          setResult(null);
          setFailedConnect(false);
        },
      }),
    [subscribe],
  );

  async function runTest(values: ConnectionFormValues): Promise<boolean> {
    const serviceUrl = resolveBaseUrl(values.baseUrl);
    try {
      const page = await store.clientFor(values).call(endpoints.event.list, { query: { pageSize: 1 } });
      setResult({ status: 'success', message: `Connected to ${serviceUrl}. The service holds ${countEvents(page.totalCount)}.` });
      return true;
    } catch (error) {
      const described = describeApiError(error, { serviceUrl });
      setResult({ status: 'error', title: described.title, message: described.message, detail: described.detail });
      return false;
    }
  }

  const onTest = handleSubmit(async (values) => {
    setBusy('test');
    await runTest(values);
    setBusy(null);
  });

  const save = (values: ConnectionFormValues) => {
    store.save(values);
    onClose();
  };

  const onConnect = handleSubmit(async (values) => {
    setBusy('connect');
    const ok = await runTest(values);
    setBusy(null);
    if (ok) {
      save(values);
      store.reportHealth('ok');
      notify(`Connected to ${resolveBaseUrl(values.baseUrl)}`, { severity: 'success' });
    } else {
      setFailedConnect(true);
    }
  });

  const onSaveAnyway = handleSubmit((values) => {
    save(values);
    notify('Connection settings saved without a successful test', { severity: 'warning' });
  });

  const onForget = async () => {
    await store.forget();
    onClose();
    notify('The stored connection settings were removed from this browser', { severity: 'info' });
  };

  const serviceUrl = resolveBaseUrl(state.baseUrl);
  const intro =
    reason === 'refused' ? (
      <Alert severity="error" role="note">The service refused the key in use — check it, or enter another.</Alert>
    ) : reason === 'needs-key' && state.health === 'unreachable' ? (
      <Alert severity="warning" role="note">Cannot reach {serviceUrl} — is the service running? Enter its URL and an API key.</Alert>
    ) : reason === 'needs-key' ? (
      <Alert severity="info" role="note">This service needs an API key. Enter it below; it is kept in this browser only.</Alert>
    ) : state.keySource === 'service' ? (
      <Alert severity="info" role="note">Using the demo key this service offers. Enter another key to use it instead.</Alert>
    ) : null;

  return (
    <Box component="form" noValidate onSubmit={onConnect} sx={{ display: 'contents' }}>
      <DialogTitle id={titleId}>Connection settings</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {intro}
          <TextField
            label="Service URL"
            required
            fullWidth
            autoComplete="url"
            spellCheck={false}
            error={Boolean(formState.errors.baseUrl)}
            helperText={
              formState.errors.baseUrl?.message ??
              'Where the service’s API answers: /api for the service that serves this dashboard, or a full URL such as https://example.org/api.'
            }
            {...register('baseUrl')}
          />
          <TextField
            label="API key"
            required
            fullWidth
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            autoFocus={reason !== 'manual'}
            error={Boolean(formState.errors.apiKey)}
            helperText={formState.errors.apiKey?.message ?? 'Sent as the API-KEY header. Kept in this browser only.'}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showKey ? 'Hide the key' : 'Show the key'}
                      aria-pressed={showKey}
                      onClick={() => setShowKey((shown) => !shown)}
                      edge="end"
                    >
                      {showKey ? <VisibilityOffIcon /> : <VisibilityIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
            {...register('apiKey')}
          />
          <Box aria-live="polite" sx={{ minHeight: 0 }}>
            {busy && (
              <Typography variant="body2" role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
                <CircularProgress size={16} aria-hidden /> Testing the connection…
              </Typography>
            )}
            {!busy && result?.status === 'success' && (
              <Alert severity="success" role="status">
                {result.message}
              </Alert>
            )}
            {!busy && result?.status === 'error' && (
              <Alert severity="error" role="alert">
                <AlertTitle>{result.title}</AlertTitle>
                {result.message}
                {result.detail && (
                  <Typography component="div" variant="caption" sx={{ mt: 0.5, fontFamily: 'monospace', opacity: 0.85 }}>
                    {result.detail}
                  </Typography>
                )}
              </Alert>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {state.keySource === 'browser' && (
          <Button color="inherit" onClick={onForget} disabled={Boolean(busy)} sx={{ mr: 'auto' }}>
            Forget stored key
          </Button>
        )}
        <Button color="inherit" onClick={onClose} disabled={Boolean(busy)}>
          Cancel
        </Button>
        {failedConnect && (
          <Button color="warning" onClick={onSaveAnyway} disabled={Boolean(busy)}>
            Save anyway
          </Button>
        )}
        <Button variant="outlined" onClick={onTest} disabled={Boolean(busy)}>
          Test connection
        </Button>
        <Button variant="contained" type="submit" disabled={Boolean(busy)}>
          Connect
        </Button>
      </DialogActions>
    </Box>
  );
}
