/** What the arrow keys do to an event picked up with Space, in each view (use-reschedule.tsx `onBlockKey`). */
import type { Lane } from './schedule-model.ts';
import { moved, movedDays, resized, SNAP_MS } from './reschedule.ts';
import type { KeyStep } from './use-reschedule.tsx';

/** Up and down move by a quarter hour (Shift: the end only), left and right by a day. */
export const calendarStep: KeyStep = ({ placement }, key, shift) => {
  const quarter = key === 'ArrowUp' ? -SNAP_MS : key === 'ArrowDown' ? SNAP_MS : 0;
  if (quarter !== 0) return shift ? { kind: 'resize', placement: resized(placement, quarter) } : { kind: 'move', placement: moved(placement, quarter) };
  const days = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  return days !== 0 && !shift ? { kind: 'move', placement: movedDays(placement, days, 0) } : null;
};

/** Left and right move by a quarter hour (Shift: the end only), up and down to the lane above or below. */
export function timelineStep(lanes: readonly Lane[]): KeyStep {
  return ({ placement }, key, shift) => {
    const quarter = key === 'ArrowLeft' ? -SNAP_MS : key === 'ArrowRight' ? SNAP_MS : 0;
    if (quarter !== 0) return shift ? { kind: 'resize', placement: resized(placement, quarter) } : { kind: 'move', placement: moved(placement, quarter) };
    const step = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
    if (step === 0 || shift) return null;
    const index = lanes.findIndex((lane) => (lane.channel ?? '').toLowerCase() === (placement.channel ?? '').toLowerCase());
    const lane = lanes[Math.min(lanes.length - 1, Math.max(0, index + step))];
    return lane ? { kind: 'move', placement: { ...placement, channel: lane.channel } } : null;
  };
}

