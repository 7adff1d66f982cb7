/**
 * GET /event/export.csv: the events list as a CSV file, every event of GET /event/'s own filters
 * in its order (repo.ts `eachEventRecord`: a thousand at a time, by keyset), read while the file
 * is sent (http/csv.ts). States are the service's names, as in the API; times ISO 8601 in UTC.
 */
import { endpoints, EventState, Mp4State } from '#schema';
import { csvAnswer, mapRows, type CsvValue } from '../../http/csv.ts';
import { implement } from '../../http/implement.ts';
import { validationError } from '../../http/errors.ts';
import { eachEventRecord, parseEventFilter } from './repo.ts';
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

export const eventExportRoute = implement(endpoints.event.exportCsv, async ({ query }, ctx) => {
  // The list's own reading of its filters (paging aside, which it does not use).
  const { filter, errors } = parseEventFilter({ ...query, pageSize: 1, pageNumber: 1 });
  if (errors.length > 0) throw validationError(errors);
  const records = eachEventRecord(ctx.db, ctx.client.clientId, filter, query.orderColumn ?? 'DisplayLiveStart', query.order);
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return { status: 200, body: await csvAnswer(`events-${day}.csv`, EVENT_CSV_HEADER, mapRows(records, eventCsvRow)) };
});
