/**
 * The live controls of an event, each in a fixed place (enabled when valid from its state), and
 * force restart / force stop apart in a menu; each behind a confirmation that says what will
 * happen, to viewers too. Start and stop return at once (waitUntilCompleted=false) and the
 * page follows LIVE_STARTING / LIVE_STOPPING from the change feed.
 */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import PublishIcon from '@mui/icons-material/PublicRounded';
import UnpublishIcon from '@mui/icons-material/PublicOffRounded';
import PauseIcon from '@mui/icons-material/PauseRounded';
import StopIcon from '@mui/icons-material/StopRounded';
import RestartIcon from '@mui/icons-material/RestartAltRounded';
import PowerIcon from '@mui/icons-material/PowerSettingsNewRounded';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { stateLabel } from '#components/event-state.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { actionCopy } from './action-copy.ts';
import { applyEventUpdate } from './event-query.ts';
import { actionBlocker, liveControls, type EventAction, type EventActionId, type LiveControls } from './event-transitions.ts';

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

/** The icon of an empty place, so it looks the same enabled or not. */
const SLOT_ICONS: Record<LiveControls['slots'][number]['slot'], EventActionId> = {
  start: 'start',
  publish: 'publish',
  unpublish: 'unpublish',
  suspend: 'suspend',
  resume: 'resume',
  stop: 'stop',
};

/** The step an operator most likely takes next: drawn as the main button. */
const PRIMARY: readonly EventActionId[] = ['start', 'publish', 'resume'];

export function EventActions({ event }: { event: Event }) {
  const describeError = useDescribeError();
  const queryClient = useQueryClient();
  // The chosen action outlives the dialog's closing animation, so its text does not blank out.
  const [chosen, setChosen] = useState<EventAction | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const setState = useMutation(api.event.setState.mutationOptions());
  const forceStop = useMutation(api.event.forceStop.mutationOptions());
  const forceRestart = useMutation(api.event.forceRestart.mutationOptions());
  const busy = setState.isPending || forceStop.isPending || forceRestart.isPending;
  const controls = liveControls(event.state);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const blockerId = useId();
  const copy = chosen ? actionCopy(chosen.id, event) : null;
  // A viewer key sees the controls in their places, all off, and why.
  const work = useCan()(api.event.setState);

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
      setError(describeError.action(e, operation));
    }
  };

  if (!controls) return null;
  // An action the state allows but that cannot succeed (Start without a channel) is not offered; why shows beside it.
  const blockers = controls.slots.flatMap(({ action }) => (action ? [actionBlocker(action.id, event)] : [])).filter((b): b is string => b !== null);
  const choose = (action: EventAction) => {
    setError(undefined);
    setChosen(action);
    setOpen(true);
  };
  const forceActions = [controls.force.forceRestart, controls.force.forceStop];
  return (
    <>
      <Box role="group" aria-label="Live controls" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {controls.slots.map(({ slot, label, action }) => {
          const Icon = ICONS[action?.id ?? SLOT_ICONS[slot]];
          const blocked = action !== null && (actionBlocker(action.id, event) !== null || !work.allowed);
          const primary = action !== null && !blocked && PRIMARY.includes(action.id);
          return (
            <Button
              key={slot}
              data-slot={slot}
              variant={primary ? 'contained' : 'outlined'}
              color={action?.destructive ? 'error' : 'primary'}
              startIcon={<Icon />}
              onClick={() => action && !blocked && choose(action)}
              // Every place stays, enabled or not, so nothing moves under the pointer when the state changes.
              disabled={busy || action === null || blocked}
              aria-describedby={blocked ? blockerId : undefined}
              title={action ? undefined : `${label} is not possible while the event is ${stateLabel(event.state).toLowerCase()}`}
            >
              {label}
            </Button>
          );
        })}
        <Box aria-hidden sx={{ width: 12 }} />
        {/* Apart from Stop, and not another "⋮" (the page's own menu is one): a word that says what is inside. */}
        <Button
          color="error"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-controls={menuAnchor ? menuId : undefined}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
          disabled={busy || forceActions.every((a) => a === null) || !work.allowed}
        >
          {'Force '}
          <VisuallyHidden>restart or stop</VisuallyHidden>
        </Button>
        {!work.allowed && (
          <Typography id={blockerId} variant="body2" role="note" color="text.secondary" sx={{ flexBasis: '100%' }}>
            {work.reason}
          </Typography>
        )}
        {work.allowed && blockers.length > 0 && (
          <Typography id={blockerId} variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
            {blockers[0]}{' '}
            <Link component={RouterLink} to="?tab=general#channel">
              Choose the channel
            </Link>
          </Typography>
        )}
      </Box>
      <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        {forceActions.map((action, index) => {
          const id = index === 0 ? 'forceRestart' : 'forceStop';
          const Icon = ICONS[id];
          return (
            <MenuItem
              key={id}
              disabled={action === null || actionBlocker(id, event) !== null}
              onClick={() => {
                setMenuAnchor(null);
                if (action) choose(action);
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" color={action ? 'error' : 'inherit'} />
              </ListItemIcon>
              <ListItemText primary={`${index === 0 ? 'Force restart' : 'Force stop'}…`} secondary={index === 0 ? 'Viewers lose the picture for a moment' : 'Viewers lose the stream at once'} />
            </MenuItem>
          );
        })}
      </Menu>
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
