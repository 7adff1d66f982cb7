/**
 * What a download cuts from: an event's media, and where a clip's start and end fall in it.
 *
 * An event has cuttable media once it has a finished recording (STOPPED, the instant VOD states,
 * VOD_PUBLIC/PRIVATE): the simulated publishing point's stream from actualLiveStart to
 * actualLiveEnd, suspensions taken out (areas/live/recording.ts). That media has timestamps, so a
 * clip may name its start and end as ISO 8601 moments of the run, or as elapsed time (hh:mm:ss.fff)
 * from the start of the media.
 */
import type { DbOrTx } from '../../db/database.ts';
import { getEvent } from '../event/repo.ts';
import type { EventRow } from '../event/serialize.ts';
import { offsetInRecording, recordingOf, type Recording } from '../live/recording.ts';
import { stateName } from '../live/state-machine.ts';

export interface EventMedia {
  durationMs: number;
  /** The moment the media's first frame was recorded; null for media without timestamps. */
  recording: Recording | null;
}

export type Resolved = { kind: 'missing' } | { kind: 'no-media'; event: EventRow; reason: string } | { kind: 'ok'; event: EventRow; media: EventMedia };

/** The (not deleted) event of the client and its media; a foreign event is as missing as an unknown one. */
export async function resolveEventMedia(db: DbOrTx, clientId: string, eventId: string): Promise<Resolved> {
  const record = await getEvent(db, clientId, eventId);
  if (!record) return { kind: 'missing' };
  const event = record.event;
  const recording = await recordingOf(db, event);
  if (!recording || recording.durationMs < 1000) {
    return { kind: 'no-media', event, reason: `the event ${eventId} has no recorded media to cut (it is ${stateName(event.state)})` };
  }
  return { kind: 'ok', event, media: { durationMs: recording.durationMs, recording } };
}

const ELAPSED = /^(\d{2,}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

/**
 * A clip boundary as milliseconds into the media: elapsed time as it says, an ISO 8601 moment
 * through the recording's timeline. Null when the text names no moment of this media.
 */
export function boundaryMs(text: string, media: EventMedia): { ms: number } | { problem: string } {
  const elapsed = ELAPSED.exec(text);
  if (elapsed) {
    const [, h, m, s, frac] = elapsed;
    if (Number(m) > 59 || Number(s) > 59) return { problem: `"${text}" is not a time: minutes and seconds go up to 59` };
    return { ms: ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number((frac ?? '0').padEnd(3, '0')) };
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return { problem: `"${text}" is neither an ISO 8601 date-time nor an elapsed time hh:mm:ss.fff` };
  if (!media.recording) return { problem: 'this media has no timestamps: give an elapsed time such as 00:01:30' };
  const { liveStart, liveEnd } = media.recording;
  if (at < liveStart || at > liveEnd) {
    return { problem: `${text} is outside the recording, which runs from ${liveStart.toISOString()} to ${liveEnd.toISOString()}` };
  }
  return { ms: offsetInRecording(media.recording, at) };
}

/** hh:mm:ss.fff for messages. */
export function elapsedText(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const f = total % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${f ? `.${String(f).padStart(3, '0')}` : ''}`;
}
