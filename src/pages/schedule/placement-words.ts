/** Where an event is or would be, and what it clashes with, in words: the snackbar, the question, the warning, the screen reader. */
import type { ScheduleItem } from './schedule-model.ts';
import type { Placement } from './reschedule.ts';
import { formatTime } from './schedule-event.tsx';

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** "Tue 24 Nov 14:00–15:30 on Main Stage HD". */
export function describePlacement(placement: Placement): string {
  return `${dayFormat.format(placement.start)} ${formatTime(placement.start)}–${formatTime(placement.end)}${placement.channel ? ` on ${placement.channel}` : ', no channel'}`;
}

export function describeClashes(clashes: readonly ScheduleItem[]): string {
  const names = clashes.slice(0, 3).map((c) => `“${c.title}” (${formatTime(c.start)}–${formatTime(c.end)})`);
  const more = clashes.length > 3 ? ` and ${clashes.length - 3} more` : '';
  return `${names.join(', ')}${more}`;
}

