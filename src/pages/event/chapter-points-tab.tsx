/** STUB — replaced by its owner. */
import type { Event } from '#schema';

export function ChapterPointsTab(_props: { event: Event }) {
  return null;
}
