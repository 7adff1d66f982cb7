/** The event's History tab: its activity trail, newest first, live. */
import type { EventTabProps } from '#pages/event/index.ts';
import { ActivityList } from './activity-list.tsx';

export function EventHistoryTab({ event }: EventTabProps) {
  return <ActivityList query={{ entity: 'event', id: event.id }} label={`History of ${event.title}`} showRecord={false} />;
}
