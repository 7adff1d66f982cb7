/**
 * The live controls of an event: only those valid from its state, each behind a confirmation
 * that says what will happen. Start and stop return at once (waitUntilCompleted=false) and the
 * page follows LIVE_STARTING / LIVE_STOPPING by polling.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import PublishIcon from '@mui/icons-material/PublicRounded';
import UnpublishIcon from '@mui/icons-material/PublicOffRounded';
import PauseIcon from '@mui/icons-material/PauseRounded';
import StopIcon from '@mui/icons-material/StopRounded';
import RestartIcon from '@mui/icons-material/RestartAltRounded';
import PowerIcon from '@mui/icons-material/PowerSettingsNewRounded';
import type { Event } from '#schema';
import { ApiError } from '#client';
import { api } from '#app/api.ts';
import { describeApiError } from '#app/api-errors.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { actionCopy } from './action-copy.ts';
import { applyEventUpdate } from './event-query.ts';
import { eventActions, type EventAction, type EventActionId } from './event-transitions.ts';

const ICONS: Record<EventActionId, typeof PlayIcon> = {
  start: PlayIcon,
  publish: PublishIcon,
  unpublish: UnpublishIcon,
  suspend: PauseIcon,
  resume: PlayIcon,
  resumePublished: PublishIcon,
  stop: StopIcon,
  cancelStart: StopIcon,
  forceRestart: RestartIcon,
  forceStop: PowerIcon,
};

/** The step an operator most likely takes next: drawn as the main button. */
const PRIMARY: readonly EventActionId[] = ['start', 'publish', 'resume'];

export function describeActionError(error: unknown, serviceUrl: string, operationId: string): string {
  if (error instanceof ApiError && error.status === 501) return `This service does not offer this action (${operationId}).`;
  return describeApiError(error, { serviceUrl }).message;
}

export function EventActions({ event, serviceUrl }: { event: Event; serviceUrl: string }) {
  const queryClient = useQueryClient();
  // The chosen action outlives the dialog's closing animation, so its text does not blank out.
  const [chosen, setChosen] = useState<EventAction | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const setState = useMutation(api.event.setState.mutationOptions());
  const forceStop = useMutation(api.event.forceStop.mutationOptions());
  const forceRestart = useMutation(api.event.forceRestart.mutationOptions());
  const busy = setState.isPending || forceStop.isPending || forceRestart.isPending;
  const actions = eventActions(event.state);
  const copy = chosen ? actionCopy(chosen.id, event) : null;

  const run = async (action: EventAction) => {
    setError(undefined);
    const params = { id: event.id };
    const request = action.request;
    try {
      const updated =
        request.kind === 'setState'
          ? await setState.mutateAsync({ params, body: { state: request.target, waitUntilCompleted: request.waitUntilCompleted } })
          : request.kind === 'forceStop'
            ? await forceStop.mutateAsync({ params })
            : await forceRestart.mutateAsync({ params });
      applyEventUpdate(queryClient, updated);
      notify(actionCopy(action.id, event).done, { severity: 'success' });
      setOpen(false);
    } catch (e) {
      const operation = request.kind === 'setState' ? 'event.setState' : request.kind === 'forceStop' ? 'event.forceStop' : 'event.forceRestart';
      setError(describeActionError(e, serviceUrl, operation));
    }
  };

  if (actions.length === 0) return null;
  return (
    <>
      <Box role="group" aria-label="Live controls" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => {
          const Icon = ICONS[action.id];
          const primary = PRIMARY.includes(action.id);
          return (
            <Button
              key={action.id}
              variant={primary ? 'contained' : 'outlined'}
              color={action.destructive ? 'error' : 'primary'}
              startIcon={<Icon />}
              onClick={() => {
                setError(undefined);
                setChosen(action);
                setOpen(true);
              }}
              disabled={busy}
            >
              {action.label}
            </Button>
          );
        })}
      </Box>
      <ConfirmDialog
        open={open}
        title={copy?.title ?? ''}
        confirmLabel={copy?.confirmLabel ?? ''}
        destructive={chosen?.destructive}
        busy={busy}
        error={error}
        onConfirm={() => chosen && void run(chosen)}
        onClose={() => setOpen(false)}
      >
        {copy?.message}
      </ConfirmDialog>
    </>
  );
}
