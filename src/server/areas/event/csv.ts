/** The events list as CSV lines (GET /event/export.csv, export.ts): the columns, and an event's line. */
import { EventState, Mp4State } from '#schema';
import type { CsvValue } from '../../http/csv.ts';
import type { EventRecord } from './serialize.ts';

export const EVENT_CSV_HEADER = [
  'Id',
  'Title',
  'State',
  'Scheduled start',
  'Scheduled end',
  'Channel',
  'Event type',
  'Room',
  'Categories',
  'Tags',
  'Reference id',
  'External id',
  'MP4 state',
  'Created',
  'Modified',
] as const;

export function eventCsvRow({ event: e, channel, eventType, room, categories, tags }: EventRecord): CsvValue[] {
  return [
    e.id,
    e.title,
    EventState.nameOf(e.state) ?? String(e.state),
    e.scheduledStart,
    e.scheduledEnd,
    channel,
    eventType,
    room,
    categories.map((c) => c.label || c.name).join('; '),
    tags.map((t) => t.name).join('; '),
    e.refId,
    e.externalId,
    Mp4State.nameOf(e.mp4State) ?? String(e.mp4State),
    e.dateCreated,
    e.dateModified,
  ];
}
