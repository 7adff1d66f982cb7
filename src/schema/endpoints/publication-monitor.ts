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
