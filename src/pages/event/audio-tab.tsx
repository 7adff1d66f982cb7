/** STUB — replaced by its owner. */
import type { Event } from '#schema';

export function AudioTab(_props: { event: Event }) {
  return null;
}
