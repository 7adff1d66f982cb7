/**
 * A pointer drag on an event block: it starts only once the pointer has moved a few pixels (a
 * plain click still opens the event), reports the pointer as it moves, and ends on release
 * (dropped) or Escape (cancelled). The click that follows a drag is swallowed, so dropping a
 * block does not also open it. The block itself says `draggable={false}`, so the browser's own
 * drag of a link does not take over the gesture.
 */
import type { PointerEvent as ReactPointerEvent } from 'react';

/** Pixels the pointer must travel before a press becomes a drag. */
const THRESHOLD = 4;

export interface DragPointer {
  clientX: number;
  clientY: number;
  /** From the press. */
  dx: number;
  dy: number;
}

export interface DragHandlers {
  onStart(): void;
  onMove(pointer: DragPointer): void;
  onEnd(dropped: boolean): void;
}

export function startPointerDrag(press: ReactPointerEvent, handlers: DragHandlers): void {
  if (press.button !== 0 || press.pointerType === 'touch') return;
  const originX = press.clientX;
  const originY = press.clientY;
  let dragging = false;

  const move = (event: PointerEvent) => {
    const dx = event.clientX - originX;
    const dy = event.clientY - originY;
    if (!dragging) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      dragging = true;
      handlers.onStart();
    }
    event.preventDefault();
    handlers.onMove({ clientX: event.clientX, clientY: event.clientY, dx, dy });
  };
  const finish = (dropped: boolean) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('keydown', key, true);
    if (!dragging) return;
    handlers.onEnd(dropped);
    // The click that ends a drag is not a click on the block.
    const swallow = (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
  };
  const up = () => finish(true);
  const key = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    finish(false);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('keydown', key, true);
}

/** The index of the element (of `rects`, in order) under a coordinate along one axis; clamped to the ends. */
export function indexAt(rects: readonly { start: number; end: number }[], at: number): number {
  if (rects.length === 0) return -1;
  for (let i = 0; i < rects.length; i++) if (at < rects[i]!.end) return i;
  return rects.length - 1;
}
