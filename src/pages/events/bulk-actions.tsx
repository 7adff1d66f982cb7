/**
 * Actions on the selected events: change state (only targets every selected event allows), set
 * the event type, delete. Each confirms what will happen to how many events, runs a few calls at
 * a time, and ends with a summary of what succeeded and what failed, with the service's reason
 * for each failure.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import type { Event, EventStateName, EventType } from '#schema';
import { STREAMING_STATES } from '#schema/models/event-states.ts';
import { invalidatesOf } from '#client';
import { api } from '#app/api.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { ColourSwatch } from '#components/colour-swatch.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import { commonTargets, countEvents, runBulk, summarise, waitsForCompletion, type BulkEvent, type BulkOutcome } from './bulk.ts';

type Pending = { kind: 'state'; target: EventStateName } | { kind: 'type'; type: EventType } | { kind: 'delete' };

interface Result {
  title: string;
  outcomes: BulkOutcome[];
}

export interface BulkActionsProps {
  /** The selected events, as the list shows them. */
  selected: readonly Event[];
  eventTypes: readonly EventType[];
  onClearSelection: () => void;
  /** True while a dialog or menu of the bulk actions is open (the list then holds its rows still). */
  onBusyChange?: (busy: boolean) => void;
}

/** What a state change does, in the operator's words; and whether it interrupts what viewers see. */
export function stateChangeCopy(target: EventStateName, events: readonly Pick<Event, 'state'>[]): { message: string; destructive: boolean } {
  const label = eventStateInfo(target).label;
  const fromPublished = events.some((e) => eventStateInfo(e.state).name === 'LIVE_PUBLISHED');
  switch (target) {
    case 'LIVE_UNPUBLISHED':
      return fromPublished
        ? { message: 'Published events are taken off the public players; events not yet started start their encoders, unpublished.', destructive: true }
        : { message: 'Their encoders start (or resume); viewers will not see them until they are published.', destructive: false };
    case 'LIVE_PUBLISHED':
      return { message: 'They go live on every public player, starting their encoders where needed.', destructive: false };
    case 'SUSPENDED':
      return { message: 'Streaming pauses: viewers see no picture until they are resumed. Publishing points are kept.', destructive: true };
    case 'STOPPED':
      return { message: 'Their live streams end for everyone, and the recordings become instant VODs.', destructive: true };
    case 'INSTANT_VOD_BACKUP':
      return { message: 'Their instant VODs move to long-term storage. This is final.', destructive: true };
    case 'INSTANT_VOD_DELETE':
      return { message: 'Their instant VODs are deleted. This is final.', destructive: true };
    default:
      return { message: `They move to ${label}: ${eventStateInfo(target).description.toLowerCase()}.`, destructive: false };
  }
}

function Titles({ events }: { events: readonly Pick<Event, 'id' | 'title'>[] }) {
  const shown = events.slice(0, 5);
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, color: 'text.secondary', '& li': { overflowWrap: 'anywhere' } }}>
      {shown.map((e) => (
        <li key={e.id}>{e.title || 'Untitled event'}</li>
      ))}
      {events.length > shown.length && <li>and {events.length - shown.length} more</li>}
    </Box>
  );
}

export function BulkActions({ selected, eventTypes, onClearSelection, onBusyChange }: BulkActionsProps) {
  const [stateMenu, setStateMenu] = useState<HTMLElement | null>(null);
  const [typeMenu, setTypeMenu] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const stateMenuId = useId();
  const typeMenuId = useId();
  const targets = commonTargets(selected.map((e) => e.state));

  const busy = stateMenu !== null || typeMenu !== null || pending !== null || result !== null;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  // One mutation for the whole run, so the MutationCache invalidates the event lists once.
  const run = useMutation({
    mutationFn: async ({ action, events }: { action: Pending; events: readonly BulkEvent[] }) => {
      setProgress(0);
      const task = (event: BulkEvent): Promise<unknown> => {
        switch (action.kind) {
          case 'state':
            return api.event.setState.call({
              params: { id: event.id },
              body: { state: action.target, waitUntilCompleted: waitsForCompletion(event.state, action.target) },
            });
          case 'type':
            return api.eventType.setForEvent.call({ params: { id: event.id }, body: { eventTypeId: action.type.id } });
          case 'delete':
            return api.event.delete.call({ params: { id: event.id }, query: {} });
        }
      };
      return runBulk(events, task, { onProgress: setProgress });
    },
    meta: { invalidates: invalidatesOf(api.event.setState, api.eventType.setForEvent, api.event.delete) },
  });

  if (selected.length === 0 && !result) return null;

  const confirm = async () => {
    if (!pending) return;
    const events = selected.map(({ id, title, state }) => ({ id, title, state }));
    const outcomes = await run.mutateAsync({ action: pending, events });
    const title =
      pending.kind === 'state'
        ? summarise(outcomes, `changed to ${eventStateInfo(pending.target).label}`)
        : pending.kind === 'type'
          ? summarise(outcomes, `set to ${pending.type.name}`)
          : summarise(outcomes, 'deleted');
    setPending(null);
    setResult({ title, outcomes });
    // What succeeded is done: the selection would now point at changed or deleted rows.
    onClearSelection();
  };

  const n = countEvents(selected.length);
  let dialog: { title: string; confirmLabel: string; destructive: boolean; message: React.ReactNode } | null = null;
  if (pending?.kind === 'state') {
    const copy = stateChangeCopy(pending.target, selected);
    dialog = {
      title: `Change the state of ${n}?`,
      confirmLabel: `Change ${n} to ${eventStateInfo(pending.target).label}`,
      destructive: copy.destructive,
      message: (
        <>
          <p>
            Each of the {n} will be asked to go to <strong>{eventStateInfo(pending.target).label}</strong>. {copy.message}
          </p>
          <Titles events={selected} />
        </>
      ),
    };
  } else if (pending?.kind === 'type') {
    dialog = {
      title: `Set the type of ${n}?`,
      confirmLabel: `Set ${n} to ${pending.type.name}`,
      destructive: false,
      message: (
        <>
          <p>
            The {n} become <strong>{pending.type.name}</strong>, and take its colour in the schedule.
          </p>
          <Titles events={selected} />
        </>
      ),
    };
  } else if (pending?.kind === 'delete') {
    const streaming = selected.filter((e) => STREAMING_STATES.includes(eventStateInfo(e.state).name as EventStateName)).length;
    dialog = {
      title: `Delete ${n}?`,
      confirmLabel: `Delete ${n}`,
      destructive: true,
      message: (
        <>
          <p>The {n} leave every list and move to the deleted events, from where they can be restored.</p>
          {streaming > 0 && (
            <p>
              {streaming === 1 ? 'One of them is' : `${streaming} of them are`} streaming: the service refuses to delete an event until it is stopped.
            </p>
          )}
          <Titles events={selected} />
        </>
      ),
    };
  }

  return (
    <>
      {selected.length > 0 && (
        <Paper
          variant="outlined"
          role="toolbar"
          aria-label="Bulk actions"
          sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 0.75, mb: 1, bgcolor: 'action.selected', borderColor: 'primary.main' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} aria-live="polite">
            {selected.length} selected
          </Typography>
          <Button
            size="small"
            variant="outlined"
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-controls={stateMenu ? stateMenuId : undefined}
            aria-expanded={stateMenu !== null}
            onClick={(event) => setStateMenu(event.currentTarget)}
          >
            Change state
          </Button>
          <Button
            size="small"
            variant="outlined"
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-controls={typeMenu ? typeMenuId : undefined}
            aria-expanded={typeMenu !== null}
            onClick={(event) => setTypeMenu(event.currentTarget)}
          >
            Set event type
          </Button>
          <Button size="small" variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setPending({ kind: 'delete' })}>
            Delete
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button size="small" onClick={onClearSelection}>
            Clear selection
          </Button>
        </Paper>
      )}

      <Menu id={stateMenuId} anchorEl={stateMenu} open={stateMenu !== null} onClose={() => setStateMenu(null)}>
        {targets.length === 0 ? (
          <MenuItem disabled sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
            No state change is possible for every selected event. Select events in the same state.
          </MenuItem>
        ) : (
          targets.map((target) => (
            <MenuItem
              key={target}
              onClick={() => {
                setStateMenu(null);
                setPending({ kind: 'state', target });
              }}
            >
              {eventStateInfo(target).label}
            </MenuItem>
          ))
        )}
      </Menu>

      <Menu id={typeMenuId} anchorEl={typeMenu} open={typeMenu !== null} onClose={() => setTypeMenu(null)}>
        {eventTypes.length === 0 && <MenuItem disabled>No event types</MenuItem>}
        {eventTypes.map((type) => (
          <MenuItem
            key={type.id}
            onClick={() => {
              setTypeMenu(null);
              setPending({ kind: 'type', type });
            }}
          >
            <ColourSwatch colour={type.colour} label={type.name} />
          </MenuItem>
        ))}
      </Menu>

      {dialog && (
        <ConfirmDialog
          open
          title={dialog.title}
          confirmLabel={dialog.confirmLabel}
          destructive={dialog.destructive}
          busy={run.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setPending(null)}
        >
          {dialog.message}
          {run.isPending && (
            <Box sx={{ mt: 2 }} role="status">
              <LinearProgress variant="determinate" value={(progress / Math.max(1, selected.length)) * 100} aria-label="Progress" />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {progress} of {selected.length} done…
              </Typography>
            </Box>
          )}
        </ConfirmDialog>
      )}

      {result && <BulkSummaryDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}

function BulkSummaryDialog({ result, onClose }: { result: Result; onClose: () => void }) {
  const titleId = useId();
  const failed = result.outcomes.filter((o) => !o.ok);
  const succeeded = result.outcomes.filter((o) => o.ok);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{result.title}</DialogTitle>
      <DialogContent>
        {failed.length > 0 && (
          <>
            <Alert severity="error" variant="outlined" sx={{ mb: 1 }}>
              {failed.length === 1 ? 'One event was' : `${failed.length} events were`} not changed. The service’s reasons:
            </Alert>
            <List dense aria-label="Failed">
              {failed.map((o) => (
                <ListItem key={o.event.id} alignItems="flex-start" disableGutters>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    <ErrorIcon color="error" fontSize="small" aria-label="Failed" />
                  </ListItemIcon>
                  <ListItemText primary={o.event.title || 'Untitled event'} secondary={o.reason} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {failed.length > 0 && succeeded.length > 0 && <Divider sx={{ my: 1 }} />}
        {succeeded.length > 0 && (
          <List dense aria-label="Succeeded">
            {succeeded.map((o) => (
              <ListItem key={o.event.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon color="success" fontSize="small" aria-label="Done" />
                </ListItemIcon>
                <ListItemText primary={o.event.title || 'Untitled event'} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
