/** STUB — replaced by its owner. */
import type { Event } from '#schema';

export function EventWebhooksTab(_props: { event: Event }) {
  return null;
}
