/**
 * The change feed (beyond the interface; DESIGN.md "Change feed"): besides the interface's
 * notifications of events (WebhookNotification, SSE `message`), `GET /api/changes` carries a
 * change of every other record a page shows as an SSE `event: change`, an EntityChange.
 */
import { z } from 'zod';
import { MediaProgressSchema } from './asset.ts';

/**
 * What changed:
 * - `publication`: a live, VOD or direct publication (its id; the event it publishes);
 * - `asset`: an asset of an event, the event's MP4 included (role mp4: the MP4 generation);
 * - `download`: a VOD download; `mail`: a mail the service kept in its mailbox;
 * - `capture`, `segments` (the segments of a capture: the capture's id), `profile` (a playout
 *   profile), `stream`, `flow` (an archiverflow): the archiver;
 * - `destination`: a media or direct destination (its activation included);
 * - `delivery`: the webhook deliveries of a webhook (the webhook's id), as they are sent.
 */
export const CHANGE_KINDS = ['publication', 'asset', 'download', 'mail', 'capture', 'segments', 'profile', 'stream', 'flow', 'destination', 'delivery'] as const;
export const ChangeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKindSchema>;


export const EntityChangeSchema = z
  .object({
    kind: ChangeKindSchema,
    /** The record's id (for `segments`, the capture's; for `delivery`, the webhook's). */
    id: z.string(),
    action: z.enum(['Added', 'Updated', 'Deleted']),
    /** The event the record belongs to, when it belongs to one. */
    eventId: z.string().optional(),
    /** Where its work stands, for a record with work in progress (a download, an asset, an upload). */
    progress: MediaProgressSchema.optional(),
  })
  .meta({ id: 'EntityChange' });
export type EntityChange = z.infer<typeof EntityChangeSchema>;
