/**
 * The MP4 a VOD publication uploads: the one seam to the event's MP4 (areas/asset/vod-file.ts,
 * mp4State NONE -> GENERATING -> AVAILABLE, a file in the simulated storage). A publication may
 * start when the event row says AVAILABLE; its size and duration are the stored file's, or, for an
 * event marked AVAILABLE whose file was never made (rows written directly, as test factories do),
 * estimated from the event's times.
 */
import { Mp4State } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import { eventMp4 as storedEventMp4 } from '../asset/index.ts';
import { findEvent } from './repo.ts';

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

/** The event's MP4 as an upload sees it; reads the stored file (outside I/O: a job's, before it writes). */
export async function eventMp4(db: DbOrTx, services: Pick<AppServices, 'media'>, clientId: string, eventId: string): Promise<EventMp4 | undefined> {
  const event = await findEvent(db, clientId, eventId);
  if (!event) return undefined;
  const stored = await storedEventMp4(db, clientId, eventId, services);
  const start = event.instantVodStart ?? event.actualLiveStart ?? event.scheduledStart;
  const end = event.instantVodEnd ?? event.actualLiveEnd ?? event.scheduledEnd;
  const durationSeconds =
    stored?.durationMs != null ? Math.round(stored.durationMs / 1000) : start && end && end > start ? Math.round((end.getTime() - start.getTime()) / 1000) : 600;
  return {
    available: event.mp4State === Mp4State.values.AVAILABLE,
    path: stored?.path ?? null,
    sizeBytes: stored?.bytes ?? Math.round(durationSeconds * BYTES_PER_SECOND),
    durationSeconds,
    title: event.title,
    contentId: event.contentId ?? event.id,
  };
}
