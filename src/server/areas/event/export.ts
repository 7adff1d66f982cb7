/**
 * GET /event/export.csv: the events list as a CSV file, every event of GET /event/'s own filters
 * in its order (list.ts `eachEventRecord`: a thousand at a time), read while the file
 * is sent (http/csv.ts). States are the service's names, as in the API; times ISO 8601 in UTC.
 */
import { endpoints } from '#schema';
import { csvAnswer, mapRows } from '../../http/csv.ts';
import { implement, type Implementation } from '../../http/implement.ts';
import { validationError } from '../../http/errors.ts';
import { eachEventRecord, parseEventFilter } from './repo.ts';
import { EVENT_CSV_HEADER, eventCsvRow } from './csv.ts';

export const eventExportRoutes: Implementation[] = [
  implement(endpoints.event.exportCsv, async ({ query }, ctx) => {
  // The list's own reading of its filters (paging aside, which it does not use).
  const { filter, errors } = parseEventFilter({ ...query, pageSize: 1, pageNumber: 1 });
  if (errors.length > 0) throw validationError(errors);
  const records = eachEventRecord(ctx.db, ctx.client.clientId, filter, query.orderColumn ?? 'DisplayLiveStart', query.order);
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return { status: 200, body: await csvAnswer(`events-${day}.csv`, EVENT_CSV_HEADER, mapRows(records, eventCsvRow)) };
}),
];
