/** STUB — replaced by its owner. */
import type { Event } from '#schema';

export function CustomPropertiesTab(_props: { event: Event }) {
  return null;
}
