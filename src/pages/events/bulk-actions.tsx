/**
 * Actions on the selected events: change state (only targets every selected event allows), set
 * the event type, delete. Each confirms what will happen to how many events, runs a few calls at
 * a time, and ends with a summary of what succeeded and what failed, with the service's reason
 * for each failure.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { Event, EventType } from '#schema';
import { invalidatesOf } from '#client';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { ColourSwatch } from '#components/colour-swatch.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import { runBulk, summarise } from '#components/bulk.ts';
import { BulkSummaryDialog, type BulkResult } from '#components/bulk-summary-dialog.tsx';
import { BulkProgress, BulkToolbar } from '#components/bulk-toolbar.tsx';
import { commonTargets, waitsForCompletion, type BulkEvent } from './bulk.ts';
import { confirmationOf, type Pending } from './bulk-dialogs.tsx';

export interface BulkActionsProps {
  /** The selected events, as the list shows them. */
  selected: readonly Event[];
  eventTypes: readonly EventType[];
  onClearSelection: () => void;
  /** True while a dialog or menu of the bulk actions is open (the list then holds its rows still). */
  onBusyChange?: (busy: boolean) => void;
}

export function BulkActions({ selected, eventTypes, onClearSelection, onBusyChange }: BulkActionsProps) {
  const permission = useCan()(api.event.setState);
  const [stateMenu, setStateMenu] = useState<HTMLElement | null>(null);
  const [typeMenu, setTypeMenu] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<BulkResult | null>(null);
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
  // A viewer key selects (to export, to look) and changes nothing: the actions say why they are off.
  const work = permission;

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
    setResult({ title, outcomes, noun: 'event' });
    // What succeeded is done: the selection would now point at changed or deleted rows.
    onClearSelection();
  };

  const dialog = confirmationOf(pending, selected);

  return (
    <>
      <BulkToolbar count={selected.length} onClearSelection={onClearSelection}>
        <Button
          size="small"
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-controls={stateMenu ? stateMenuId : undefined}
          aria-expanded={stateMenu !== null}
          onClick={(event) => setStateMenu(event.currentTarget)}
          disabled={!work.allowed}
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
          disabled={!work.allowed}
        >
          Set event type
        </Button>
        <Button size="small" variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={!work.allowed} onClick={() => setPending({ kind: 'delete' })}>
          Delete
        </Button>
        {!work.allowed && (
          <Typography variant="body2" role="note" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
            {work.reason}
          </Typography>
        )}
      </BulkToolbar>

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
          {run.isPending && <BulkProgress done={progress} total={selected.length} />}
        </ConfirmDialog>
      )}

      {result && <BulkSummaryDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}
