/** A record's History: its activity trail, newest first, live (the event's tab, a publication's, a destination's). */
import type { ResourceKind } from '#schema';
import type { EventTabProps } from '#pages/event/index.ts';
import { ActivityList } from './activity-list.tsx';

export function RecordHistory({ entity, id, label }: { entity: ResourceKind; id: string; label: string }) {
  return <ActivityList query={{ entity, id }} label={label} showRecord={false} />;
}

export function EventHistoryTab({ event }: EventTabProps) {
  return <RecordHistory entity="event" id={event.id} label={`History of ${event.title}`} />;
}
