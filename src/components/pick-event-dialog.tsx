/**
 * "Pick another event, then act": an `ActionDialog` whose first field is the `EventPicker` (this
 * event left out), after a line saying what the action does; `children` show what the pick means
 * (a preview of what is copied). The action cannot run until an event is picked.
 *
 * @example
 * <PickEventDialog open={open} title="Copy audio inputs from another event" intro="The copy replaces…"
 *   excludeId={event.id} pickerLabel="Event to copy from" picked={source} onPick={setSource}
 *   actionLabel="Copy these inputs" onAct={(source) => clone.mutate(…)} busy={clone.isPending} onClose={close}>
 *   {source && <Preview source={source} />}
 * </PickEventDialog>
 */
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { ActionDialog, type ActionDialogProps } from './action-dialog.tsx';
import { EventPicker, type PickedEvent } from './event-picker.tsx';

export interface PickEventDialogProps extends Omit<ActionDialogProps, 'children' | 'onAction' | 'onSubmit' | 'actionLabel'> {
  /** What the action does, above the picker. */
  intro: ReactNode;
  /** The event the action is for, not offered. */
  excludeId: string;
  pickerLabel: string;
  placeholder?: string;
  picked: PickedEvent | null;
  onPick: (event: PickedEvent | null) => void;
  actionLabel: ReactNode;
  onAct: (picked: PickedEvent) => void;
  /** Below the picker: what the picked event holds, options of the action. */
  children?: ReactNode;
}

export function PickEventDialog({ intro, excludeId, pickerLabel, placeholder = 'Search by title', picked, onPick, onAct, disabled = false, children, ...dialog }: PickEventDialogProps) {
  return (
    <ActionDialog {...dialog} disabled={picked === null || disabled} onAction={() => picked && onAct(picked)}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <EventPicker value={picked?.id ?? null} onChange={(_id, next) => onPick(next)} excludeId={excludeId} label={pickerLabel} placeholder={placeholder} autoFocus />
      {children}
    </ActionDialog>
  );
}
