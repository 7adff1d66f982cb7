import { useSyncExternalStore } from 'react';

/**
 * The current time, shared by every relative date on screen and advanced every 30 s, so
 * "in 2 hr" hints stay true without each cell running its own timer.
 */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * While nothing is subscribed the time does not tick: a render then takes a new one if the last
 * is a tick old. Subscribing does not change it: a time changed there differs from the one every
 * component of the same commit rendered with, and React renders each of them again at once, in
 * that commit's task (40 dates on the events list's first rows, bench `browser`, issue 27).
 */
function snapshot(): number {
  if (!timer && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

export function useNow(): Date {
  const time = useSyncExternalStore(subscribe, snapshot);
  return new Date(time);
}
