/**
 * The alert centre (beyond the interface): what needs an operator, computed from the data each
 * time it is asked (GET /alerts), and which of it has been acknowledged.
 *
 * An alert is about one thing (`subject`) and has a stable id, `<kind>:<subject id>`. An
 * acknowledgement hides it until it happens again: an alert whose `at` is later than its
 * acknowledgement (the publication failed again after a retry) is open again.
 */
import { z } from 'zod';
import { DateTime, Guid } from '../common.ts';

export const AlertKind = z.enum([
  /** A publication failed (live or VOD): retry (VOD) or recreate (live). */
  'publicationFailed',
  /** A VOD publication has been processing for long without a change. */
  'publicationStalled',
  /** Deliveries of a webhook were given up: redeliver them. */
  'webhookGaveUp',
  /** Segments of a capture could not be archived. */
  'captureSegmentsFailed',
  /** A live event's encoder reports a fault. */
  'encoderFault',
  /** A VOD download failed. */
  'downloadFailed',
  /** An asset could not be made: retry it. */
  'assetFailed',
  /** An event's MP4 could not be made: generate it again. */
  'mp4Failed',
  /** An event's VOD, remix or composition processing failed. */
  'processingFailed',
  /** A destination is not (or no longer) authorised on its target: activate it again. */
  'destinationNotAuthorised',
]);
export type AlertKind = z.infer<typeof AlertKind>;

export const AlertSubjectType = z.enum(['publication', 'webhook', 'capture', 'event', 'download', 'asset', 'destination']);
export type AlertSubjectType = z.infer<typeof AlertSubjectType>;

export const AlertSchema = z
  .object({
    id: z.string().describe('`<kind>:<subject id>`, stable while the trouble lasts'),
    kind: AlertKind,
    severity: z.enum(['error', 'warning']),
    /** What happened, in a line. */
    title: z.string(),
    /** The reason given, when there is one. */
    detail: z.string().nullable(),
    /** When it happened (the latest time, for a group: the last delivery given up). */
    at: DateTime,
    subject: z.object({ type: AlertSubjectType, id: z.string(), name: z.string().nullable() }),
    eventId: Guid.nullable(),
    eventTitle: z.string().nullable(),
    /** How many things it stands for (deliveries given up, failed segments); 1 otherwise. */
    count: z.number().int(),
    acknowledgedAt: DateTime.nullable(),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof AlertSchema>;

export const AlertListSchema = z
  .object({
    /** Newest first: the open ones, and the acknowledged ones when asked for. */
    alerts: z.array(AlertSchema),
    open: z.number().int(),
    acknowledged: z.number().int(),
  })
  .meta({ id: 'AlertList' });
export type AlertList = z.infer<typeof AlertListSchema>;

export const AlertListQuery = z.object({
  includeAcknowledged: z.boolean().default(false).describe('Also the acknowledged alerts (flagged with acknowledgedAt)'),
});

export const AcknowledgeAlertsBody = z
  .object({ ids: z.array(z.string().min(3).max(200)).min(1).max(500).describe('Alert ids, as GET /alerts answers them') })
  .meta({ id: 'AcknowledgeAlertsBody' });
export type AcknowledgeAlertsBody = z.input<typeof AcknowledgeAlertsBody>;
