/**
 * The publication monitor (beyond the interface, marked as an extension in the OpenAPI document):
 * every live and VOD publication of every event in one paged list, failed first, and the history
 * of a publication's state changes with their time and reason.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { IdParams } from '../common.ts';
import { MonitorPageSchema, MonitorRowSchema, PublicationHistoryEntrySchema, PublicationMonitorQuery } from '../models/syndication-targets.ts';

export const publicationMonitor = defineArea('publicationMonitor', {
  list: {
    method: 'GET',
    path: '/media/publications/monitor',
    summary: 'Every publication of every event, failed first',
    description:
      'Live and VOD publications in one paged list with their event, destination, state and the reason of a failure. Failed first unless failedFirst=false, then newest first. counts gives the number per state group for the same filters without the state filter.',
    query: PublicationMonitorQuery,
    responses: { 200: MonitorPageSchema },
    extension: true,
  },
  exportCsv: {
    method: 'GET',
    path: '/media/publications/monitor.csv',
    summary: 'The publication monitor as a CSV file',
    description:
      'Every publication the monitor lists for the same filters and order, all its pages, as one CSV file (text/csv, streamed, with a Content-Disposition).',
    query: PublicationMonitorQuery.omit({ pageSize: true, pageNumber: true }).meta({ id: 'PublicationMonitorExportQuery' }),
    responses: { 200: z.string().describe('RFC 4180 CSV, UTF-8 with a byte order mark') },
    produces: 'text/csv',
    extension: true,
  },
  get: {
    method: 'GET',
    path: '/media/publications/{id}',
    summary: 'One publication as the monitor shows it',
    params: IdParams,
    responses: { 200: MonitorRowSchema },
    extension: true,
  },
  retry: {
    method: 'POST',
    path: '/media/publications/{id}/retry',
    role: 'operator',
    resource: { kind: 'publication', id: 'params.id' },
    summary: 'Retry a failed publication, as the same publication',
    description:
      'A failed live or VOD publication (media or direct) tries again as itself: a VOD one is processed again from the start (its MP4 file must be there), a live one is recreated on its target. Its history records the retry ("Retried after: <what failed>"), so the monitor keeps one row and its Failed count clears when the retry succeeds. Answers the row as the monitor shows it; 400 naming params.id for a publication that has not failed.',
    params: IdParams,
    responses: { 200: MonitorRowSchema },
    invalidates: ['livePublication', 'vodPublication', 'directVodPublication', 'publicationMonitor', 'event'],
    extension: true,
  },
  history: {
    method: 'GET',
    path: '/media/publications/{id}/history',
    summary: 'The state changes of a publication',
    description: 'Every state change of a live or VOD publication, oldest first, with its time, reason and cause.',
    params: IdParams,
    responses: { 200: z.array(PublicationHistoryEntrySchema) },
    extension: true,
  },
});
