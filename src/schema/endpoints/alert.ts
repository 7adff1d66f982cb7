/**
 * The alert centre (beyond the interface, marked as extensions): the open alerts, computed from
 * the data, and acknowledging them. Its list is stale with every change the change feed carries,
 * whatever its kind (`feed: 'everyChange'`): failures arise on every kind of record.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { AcknowledgeAlertsBody, AlertListQuery, AlertListSchema } from '../models/alert.ts';

export const alert = defineArea('alert', {
  list: {
    method: 'GET',
    path: '/alerts',
    summary: 'What needs an operator now',
    description:
      'Failed or stalled publications, webhook deliveries given up (one alert per webhook), captures with failed segments, encoder faults, failed downloads, assets, MP4s and processing, destinations not authorised. Open ones newest first; acknowledged ones too with includeAcknowledged. An alert acknowledged before it happened again is open again.',
    query: AlertListQuery,
    responses: { 200: AlertListSchema },
    feed: 'everyChange',
    extension: true,
  },
  acknowledge: {
    method: 'POST',
    path: '/alerts/acknowledge',
    role: 'operator',
    resource: { kind: 'alert', id: 'body.ids', many: true },
    summary: 'Acknowledge alerts',
    description: 'Marks the alerts as seen now: they leave the open list until they happen again. Ids no alert has are acknowledged all the same (the trouble may be over). Answers how many.',
    body: AcknowledgeAlertsBody,
    responses: { 200: z.object({ acknowledged: z.number().int() }) },
    extension: true,
  },
});
