/** The words of the bulk actions: the confirmation of each (what happens to how many events, and which). The summary of a run is `#components/bulk-summary-dialog.tsx`. */
import Box from '@mui/material/Box';
import type { Event, EventStateName, EventType } from '#schema';
import { STREAMING_STATES } from '#schema/models/event-states.ts';
import { eventStateInfo } from '#components/event-state.ts';
import { countEvents } from './bulk.ts';
import type { ReactNode } from 'react';

export type Pending = { kind: 'state'; target: EventStateName } | { kind: 'type'; type: EventType } | { kind: 'delete' };

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
