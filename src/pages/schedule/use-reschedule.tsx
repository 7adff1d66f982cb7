/**
 * Rescheduling on the schedule, whatever the view: the preview of a move while it is dragged or
 * keyed (with what it would clash with), the question when it lands on a booked time, the save
 * (PATCH /event/{id}), the block held at its new place while the save runs, and Undo from the
 * snackbar. The views turn pointer and keys into placements; this decides what happens to them.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { JsonPatchOperation } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import type { ScheduleItem } from './schedule-model.ts';
import { canReschedule, clashesAt, reschedulePatch, undoPatch, unchanged, type Placement, type RescheduleKind } from './reschedule.ts';
import { describeClashes, describePlacement } from './placement-words.ts';

export interface Preview {
  item: ScheduleItem;
  kind: RescheduleKind;
  placement: Placement;
  /** The events it would overlap on its channel there. */
  clashes: ScheduleItem[];
}

export interface Reschedule {
  /** The move being dragged or keyed, drawn as a ghost. */
  preview: Preview | null;
  /** Shows the event at `placement` (a drag moved, a key was pressed). */
  place(item: ScheduleItem, kind: RescheduleKind, placement: Placement): void;
  /** Drops the preview: saves it, or asks first when it clashes. */
  drop(): void;
  cancel(): void;
  /** The event last moved: kept in view by the layout. */
  lastMoved: string | null;
}

/** Where a key takes the event being keyed (a view's own geometry: days, lanes), or null for a key it does not use. */
export type KeyStep = (from: Preview, key: string, shift: boolean) => { kind: RescheduleKind; placement: Placement } | null;

/** Keys on an event block: Space picks it up, then `step` moves it, Space or Enter drops it, Escape cancels. */
export function onBlockKey(reschedule: Reschedule, item: ScheduleItem, event: KeyboardEvent, step: KeyStep): void {
  const active = reschedule.preview?.item.id === item.id ? reschedule.preview : null;
  const done = () => {
    event.preventDefault();
    event.stopPropagation();
  };
  if (!active) {
    if (event.key === ' ' && canReschedule(item)) {
      done();
      reschedule.place(item, 'move', { start: item.start, end: item.end, channel: item.channel });
    }
    return;
  }
  if (event.key === 'Escape') {
    done();
    reschedule.cancel();
  } else if (event.key === ' ' || event.key === 'Enter') {
    done();
    reschedule.drop();
  } else {
    const next = step(active, event.key, event.shiftKey);
    if (!next) return;
    done();
    reschedule.place(item, active.kind === 'resize' ? 'resize' : next.kind, next.placement);
  }
}

/** A block moved to another day or lane is drawn anew: the keyboard's focus follows it there. */
function refocus(id: string) {
  setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>(`a[data-schedule-block][data-event-id="${id}"]`)?.focus();
  }, 0);
}

/**
 * @param items what the schedule shows (the clashes are looked for among them)
 * @param channelIds channel name (lower case) -> id, for moves across lanes
 */
export function useReschedule(items: readonly ScheduleItem[], channelIds: ReadonlyMap<string, string>) {
  const describe = useDescribeError();
  const [preview, setPreviewState] = useState<Preview | null>(null);
  // A drag's handlers are made when it starts: they read the preview as it is now, not as it was.
  const previewRef = useRef<Preview | null>(null);
  const setPreview = (next: Preview | null) => {
    previewRef.current = next;
    setPreviewState(next);
  };
  const [asking, setAsking] = useState<Preview | null>(null);
  const [saving, setSaving] = useState<Preview | null>(null);
  const [lastMoved, setLastMoved] = useState<string | null>(null);
  const patch = useMutation(api.event.patch.mutationOptions());

  const save = async (move: Preview) => {
    const { item, placement, kind } = move;
    const channel = placement.channel === null ? null : (channelIds.get(placement.channel.toLowerCase()) ?? undefined);
    const ops = reschedulePatch(item.event, item, placement, kind, channel);
    setSaving(move);
    setLastMoved(item.id);
    refocus(item.id);
    try {
      await patch.mutateAsync({ params: { id: item.id }, body: ops });
      notify(`${kind === 'resize' ? 'Changed' : 'Moved'} “${item.title}” to ${describePlacement(placement)}`, {
        severity: 'success',
        action: { label: 'Undo', onClick: () => void undo(item, ops) },
      });
    } catch (error) {
      notify(`Could not move “${item.title}”: ${describe(error).message}`, { severity: 'error' });
    } finally {
      setSaving(null);
      refocus(item.id);
    }
  };

  const undo = async (item: ScheduleItem, ops: readonly JsonPatchOperation[]) => {
    try {
      await patch.mutateAsync({ params: { id: item.id }, body: undoPatch(item.event, ops) });
      notify(`“${item.title}” is back at ${describePlacement(item)}`, { severity: 'info' });
    } catch (error) {
      notify(`Could not undo the move of “${item.title}”: ${describe(error).message}`, { severity: 'error' });
    }
  };

  const reschedule: Reschedule = {
    preview,
    lastMoved,
    place: (item, kind, placement) => setPreview({ item, kind, placement, clashes: clashesAt(items, item.id, placement) }),
    cancel: () => setPreview(null),
    drop: () => {
      const dropped = previewRef.current;
      if (!dropped) return;
      setPreview(null);
      if (unchanged(dropped.item, dropped.placement)) return;
      if (dropped.clashes.length > 0) setAsking(dropped);
      else void save(dropped);
    },
  };

  // While a move is asked about or saved, the event is drawn where it is going.
  const moving = asking ?? saving;
  const shown = useMemo(
    () => (moving ? items.map((i) => (i.id === moving.item.id ? { ...i, ...moving.placement } : i)) : items),
    [items, moving],
  );

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title="Move onto a booked time?"
      confirmLabel="Move anyway"
      onConfirm={() => {
        const move = asking!;
        setAsking(null);
        void save(move);
      }}
      onClose={() => setAsking(null)}
    >
      {asking && (
        <>
          <p>
            “{asking.item.title}” would be at {describePlacement(asking.placement)}, which overlaps {describeClashes(asking.clashes)}.
          </p>
          <p>A channel streams one event at a time: the Conflicts view lists the overlap until one of them moves.</p>
        </>
      )}
    </ConfirmDialog>
  );

  return { reschedule, shown, dialog };
}
