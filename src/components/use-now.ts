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
    now = Date.now();
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

export function useNow(): Date {
  const time = useSyncExternalStore(subscribe, () => now);
  return new Date(time);
}
