/** The words of the bulk actions: the confirmation of each (what happens to how many events, and which) and the summary of a run (what succeeded, what failed and why). */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import type { Event, EventStateName, EventType } from '#schema';
import { STREAMING_STATES } from '#schema/models/event-states.ts';
import { ActionDialog } from '#components/action-dialog.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import { countEvents, type BulkOutcome } from './bulk.ts';
import type { ReactNode } from 'react';

export type Pending = { kind: 'state'; target: EventStateName } | { kind: 'type'; type: EventType } | { kind: 'delete' };

export interface Result {
  title: string;
  outcomes: BulkOutcome[];
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

export interface Confirmation {
  title: string;
  confirmLabel: string;
  destructive: boolean;
  message: ReactNode;
}

/** What the confirmation of a bulk action says: what happens to how many events, and which. */
export function confirmationOf(pending: Pending | null, selected: readonly Event[]): Confirmation | null {
  const n = countEvents(selected.length);
  let dialog: Confirmation | null = null;
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

  return dialog;
}

export function BulkSummaryDialog({ result, onClose }: { result: Result; onClose: () => void }) {
  const failed = result.outcomes.filter((o) => !o.ok);
  const succeeded = result.outcomes.filter((o) => o.ok);
  return (
    <ActionDialog title={result.title} onClose={onClose} focus="cancel">
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
    </ActionDialog>
  );
}
