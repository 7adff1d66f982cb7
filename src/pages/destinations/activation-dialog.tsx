/** Activating a destination that needs the user: the authorisation page to open, and the destination watched until it is active. */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { ActionDialog } from '#components/action-dialog.tsx';
import type { ActivationResponse } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { targetName } from '#pages/publications/index.ts';
import type { AnyDestination } from './destination-form.ts';

export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Needs activation'} color={active ? 'success' : 'warning'} variant={active ? 'filled' : 'outlined'} />;
}

/** The authorisation URL in an activation answer, resolved against the service the dashboard talks to. */
function authoriseUrl(step: ActivationResponse, serviceUrl: string): string | null {
  const match = /(https?:\/\/\S+|\/api\/\S+)/.exec(step.actionDescription ?? '');
  if (!match) return null;
  const path = match[1]!;
  if (/^https?:/.test(path)) return path;
  const origin = new URL(serviceUrl, window.location.href).origin;
  return `${origin}${path}`;
}

export function ActivationDialog({ destination, step, onClose }: { destination: AnyDestination; step: ActivationResponse; onClose: () => void }) {
  const serviceUrl = useServiceUrl();
  // Watch the destination while the user authorises in the other window.
  const direct = destination.api === 'direct';
  const media = useQuery({ ...api.mediaDestination.get.queryOptions({ params: { id: destination.id } }), enabled: !direct });
  const own = useQuery({ ...api.destination.get.queryOptions({ params: { id: destination.id } }), enabled: direct });
  const current = direct ? own : media;
  const url = authoriseUrl(step, serviceUrl);
  const active = current.data?.active ?? destination.active;
  return (
    <ActionDialog title={active ? `${destination.name} is active` : (step.actionTitle ?? 'Activate the destination')} cancelLabel={active ? 'Done' : 'Close'} onClose={onClose}>
      {active ? (
        <Alert severity="success">{targetName(destination.target)} accepts publications from this destination.</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography>{step.actionDescription}</Typography>
          {url && (
            <Button variant="contained" startIcon={<OpenIcon />} href={url} target="_blank" rel="noopener" sx={{ alignSelf: 'flex-start' }}>
              Open the authorisation page
            </Button>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            This dialog notices the activation by itself once you have allowed it.
          </Typography>
        </Stack>
      )}
    </ActionDialog>
  );
}
