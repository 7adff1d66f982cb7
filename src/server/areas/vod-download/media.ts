/**
 * What a download cuts from: an event's media, and where a clip's start and end fall in it.
 *
 * The media model is the media area's (areas/media/event-media.ts): what the event's stream
 * plays. Media with timecode (a live run, its recording) takes ISO 8601 moments as well as elapsed
 * time (hh:mm:ss.fff) from the start of the media; the rest takes elapsed time.
 */
import type { Db, DbOrTx } from '../../db/database.ts';
import { getEvent } from '../event/index.ts';
import type { EventRow } from '../event/index.ts';
import { eventMediaOf, formatMediaTime, parseMediaTime, type EventMedia } from '../media/index.ts';

export type { EventMedia };

export type Resolved = { kind: 'missing' } | { kind: 'no-media'; event: EventRow; reason: string } | { kind: 'ok'; event: EventRow; media: EventMedia };

/**
 * The (not deleted) event of the client and its media at `now` (areas/media/event-media.ts: a
 * recording, a live event's stream so far, the test programme of a VOD nothing recorded, a
 * generated composition). A foreign event is as missing as an unknown one.
 */
export async function resolveEventMedia(db: DbOrTx, clientId: string, eventId: string, now: Date): Promise<Resolved> {
  const record = await getEvent(db, clientId, eventId);
  if (!record) return { kind: 'missing' };
  const event = record.event;
  const found = await eventMediaOf(db as Db, clientId, eventId, now);
  if (!found.media) return found.reason === 'not-found' ? { kind: 'missing' } : { kind: 'no-media', event, reason: found.problem };
  if (found.media.durationMs < 1000) return { kind: 'no-media', event, reason: 'the event has less than a second of media so far' };
  return { kind: 'ok', event, media: found.media };
}

/** A clip boundary as milliseconds into the media: elapsed time hh:mm:ss.fff, or an ISO 8601 moment of media with timecode. */
export function boundaryMs(text: string, media: EventMedia): { ms: number } | { problem: string } {
  const parsed = parseMediaTime(media, text);
  if (parsed.error !== undefined) return { problem: parsed.error };
  const moment = /^\d{4}-\d{2}-\d{2}T/.test(text.trim()) ? new Date(text) : null;
  if (moment && media.startsAt && moment < media.startsAt) {
    return { problem: `${text} is before the media starts (${media.startsAt.toISOString()})` };
  }
  if (parsed.ms < 0) return { problem: `${text} is before the media starts${media.startsAt ? ` (${media.startsAt.toISOString()})` : ''}` };
  return { ms: parsed.ms };
}

/** hh:mm:ss.fff for messages. */
export const elapsedText = formatMediaTime;
