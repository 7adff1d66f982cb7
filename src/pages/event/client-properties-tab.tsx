/** STUB — replaced by its owner. */
import type { Event } from '#schema';

export function ClientPropertiesTab(_props: { event: Event }) {
  return null;
}
