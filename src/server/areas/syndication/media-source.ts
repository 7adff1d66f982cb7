/**
 * The MP4 a VOD publication uploads: the one seam to the event media area (issue 15), which
 * produces the event's MP4 (mp4State NONE -> GENERATING -> AVAILABLE, a file in the simulated
 * storage). Until its export is merged in, the MP4 is "available" when the event row says so
 * (mp4State AVAILABLE) and its size and duration are estimated from the event's recording.
 *
 * Merge note: point `eventMp4` at the media module's function (path, size, duration) and keep
 * this signature; nothing else in syndication reads the MP4.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Mp4State } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/events.ts';

export interface EventMp4 {
  available: boolean;
  /** Where the file is in storage, when known. */
  path: string | null;
  sizeBytes: number;
  durationSeconds: number;
  title: string;
  contentId: string;
}

/** An assumed 5 Mbit/s rendition when the real file's size is not known. */
const BYTES_PER_SECOND = 5_000_000 / 8;

export async function eventMp4(db: DbOrTx, clientId: string, eventId: string): Promise<EventMp4 | undefined> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.clientId, clientId), isNull(events.dateDeleted)));
  if (!event) return undefined;
  const start = event.instantVodStart ?? event.actualLiveStart ?? event.scheduledStart;
  const end = event.instantVodEnd ?? event.actualLiveEnd ?? event.scheduledEnd;
  const durationSeconds = start && end && end > start ? Math.round((end.getTime() - start.getTime()) / 1000) : 600;
  return {
    available: event.mp4State === Mp4State.values.AVAILABLE,
    path: null,
    sizeBytes: Math.round(durationSeconds * BYTES_PER_SECOND),
    durationSeconds,
    title: event.title,
    contentId: event.contentId ?? event.id,
  };
}
