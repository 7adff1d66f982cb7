/**
 * The MP4 a VOD publication uploads: the one seam to the event's MP4 (areas/asset/vod-file.ts,
 * mp4State NONE -> GENERATING -> AVAILABLE, a file in the simulated storage). A publication uploads
 * the file that is there, with its real size: an event marked AVAILABLE whose file was never made
 * (or was removed) has nothing to upload until it is made again, and no size is guessed for it.
 */
import { Mp4State, type FieldError } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import { eventMp4 as storedEventMp4 } from '../asset/index.ts';
import { findEvent } from './repo.ts';

export interface EventMp4 {
  /**
   * `ready`: the file is there; `making`: it is being made (a publication waits for it);
   * `missing`: marked AVAILABLE with no file and nothing making it; `none`: not AVAILABLE.
   */
  file: 'ready' | 'making' | 'missing' | 'none';
  /** Where the file is in storage, when known. */
  path: string | null;
  /** The file's size; 0 until it is there. */
  sizeBytes: number;
  durationSeconds: number;
  title: string;
  contentId: string;
}

/** The event's MP4 as an upload sees it; reads the stored file (outside I/O: a job's, or a request's prepare step). */
export async function eventMp4(db: DbOrTx, services: Pick<AppServices, 'media' | 'urls'>, clientId: string, eventId: string): Promise<EventMp4 | undefined> {
  const event = await findEvent(db, clientId, eventId);
  if (!event) return undefined;
  const stored = await storedEventMp4(db, clientId, eventId, services);
  const start = event.instantVodStart ?? event.actualLiveStart ?? event.scheduledStart;
  const end = event.instantVodEnd ?? event.actualLiveEnd ?? event.scheduledEnd;
  const durationSeconds =
    stored?.durationMs != null ? Math.round(stored.durationMs / 1000) : start && end && end > start ? Math.round((end.getTime() - start.getTime()) / 1000) : 600;
  const ready = event.mp4State === Mp4State.values.AVAILABLE && stored?.fileExists === true;
  const file = ready ? 'ready' : stored?.making ? 'making' : event.mp4State === Mp4State.values.AVAILABLE ? 'missing' : 'none';
  return {
    file,
    path: stored?.path ?? null,
    sizeBytes: ready ? (stored?.bytes ?? 0) : 0,
    durationSeconds,
    title: event.title,
    contentId: event.contentId ?? event.id,
  };
}

/** Why a VOD publication of the event cannot start, in words for a 400; undefined when its MP4 is there or being made. */
export function mp4Problem(mp4: Pick<EventMp4, 'file'> | undefined): string | undefined {
  if (mp4?.file === 'missing') return 'the event is marked as having an MP4 (AVAILABLE), but its file is missing (never made, or removed): generate it (POST /event/{id}/mp4), then publish';
  if (mp4?.file === 'none' || !mp4) return 'the event has no available MP4 (mp4State must be AVAILABLE): generate it first';
  return undefined;
}

/**
 * The refusals of VOD publications whose event is marked AVAILABLE but has no file, for a create's
 * prepare step (it looks at the stored files). An unknown event, or one not AVAILABLE, is the
 * handler's to refuse, with the words of the interface.
 */
export async function missingMp4Refusals(db: DbOrTx, services: Pick<AppServices, 'media' | 'urls'>, clientId: string, wanted: readonly { field: string; eventId: string | undefined }[]): Promise<FieldError[]> {
  const refusals: FieldError[] = [];
  for (const { field, eventId } of wanted) {
    const mp4 = eventId ? await eventMp4(db, services, clientId, eventId) : undefined;
    if (mp4?.file === 'missing') refusals.push({ field, message: mp4Problem(mp4)! });
  }
  return refusals;
}
