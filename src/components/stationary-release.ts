/**
 * A click on a Select never picks the option that opens under the pointer.
 *
 * MUI's Select (9.5) opens its menu on mousedown and lets the mouseup pick the option under the
 * pointer, press-drag-release as in a native select, once 200-400 ms have passed since the
 * mousedown (a quicker release is taken for the end of the click that opened it). Those are
 * wall-clock timers: when the browser is busy for that long while the menu renders (a loaded
 * machine, a long list), the release of an ordinary click lands on whichever option the menu put
 * over the trigger, and picks it. An operator's click on "Category" chose "Travel & Events" that
 * way in the e2e suite under load.
 *
 * Here a release inside a list is stopped before its option sees it when the press began outside
 * that list and the pointer has not moved since: that is a click on the trigger, never a choice.
 * A press dragged onto an option still picks it, and a click on an option (pressed on it) is
 * untouched. The theme gives every MUI List this capture handler (theme.ts `MuiList`).
 */
import type { MouseEvent } from 'react';

/** How far (px) the pointer may move between press and release and still be a click. */
const STILL = 3;

let lastPress: { x: number; y: number; target: EventTarget | null } | undefined;

if (typeof document !== 'undefined') {
  document.addEventListener('mousedown', (event) => (lastPress = { x: event.clientX, y: event.clientY, target: event.target }), { capture: true });
}

export function ignoreStationaryRelease(event: MouseEvent<HTMLElement>): void {
  const press = lastPress;
  if (!press || (press.target instanceof Node && event.currentTarget.contains(press.target))) return;
  if (Math.abs(event.clientX - press.x) <= STILL && Math.abs(event.clientY - press.y) <= STILL) event.stopPropagation();
}
