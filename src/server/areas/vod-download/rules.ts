/**
 * Checks a download request against the events and their media, and plans it: where each clip
 * cuts, which tracks it keeps, the master clip, the file name. Every problem is a 400 naming its
 * field (`body.downloadClips.1.end`), all reported at once.
 */
import type { FieldError, VodDownloadBody } from '#schema';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { StoredClip } from '../../db/tables/downloads.ts';
import { boundaryMs, elapsedText, resolveEventMedia } from './media.ts';

export type Tracks = 'audio+video' | 'video' | 'audio';

const TERM = /^type\s*(==|!=)\s*(?:"([a-z]+)"|'([a-z]+)')$/i;
const FILTER_HELP =
  'this media has one video and one audio track at one bitrate, so only track selections are supported: type=="video", type=="audio", or both joined with ||';

/** The tracks a USP-style filter keeps, or why it is not supported. Null or blank keeps both. */
export function tracksOf(filter: string | null | undefined): { tracks: Tracks } | { problem: string } {
  if (!filter || filter.trim() === '') return { tracks: 'audio+video' };
  let text = filter.trim();
  while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  const kept = new Set<string>();
  for (const raw of text.split('||')) {
    let term = raw.trim();
    while (term.startsWith('(') && term.endsWith(')')) term = term.slice(1, -1).trim();
    const match = TERM.exec(term);
    const type = (match?.[2] ?? match?.[3])?.toLowerCase();
    if (!match || (type !== 'audio' && type !== 'video' && type !== 'textstream')) {
      return { problem: `"${term}" is not supported: ${FILTER_HELP}` };
    }
    if (match[1] === '==') {
      if (type !== 'textstream') kept.add(type);
    } else {
      for (const t of ['audio', 'video']) if (t !== type) kept.add(t);
    }
  }
  if (kept.size === 0) return { problem: 'the filter keeps no audio or video track' };
  return { tracks: kept.size === 2 ? 'audio+video' : (([...kept][0] as 'audio' | 'video')) };
}

export interface DownloadPlan {
  clips: StoredClip[];
  masterIndex: number;
  tracks: Tracks;
  durationMs: number;
}

type Body = z.output<typeof VodDownloadBody>;

/** The plan of a request, or the failing fields. */
export async function planDownload(db: DbOrTx, clientId: string, body: Body, now: Date): Promise<{ plan: DownloadPlan } | { errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const at = (i: number, field: string) => `body.downloadClips.${i}.${field}`;
  const masters = body.downloadClips.flatMap((clip, i) => (clip.isMasterClip ? [i] : []));
  if (body.downloadClips.length > 1 && masters.length === 0) {
    errors.push({ field: 'body.downloadClips', message: 'several clips are given: mark exactly one as the master clip (isMasterClip), the one the download belongs to' });
  }
  for (const i of masters.slice(1)) errors.push({ field: at(i, 'isMasterClip'), message: 'mark only one clip as master' });

  const clips: StoredClip[] = [];
  const trackSets: { index: number; tracks: Tracks }[] = [];
  const cache = new Map<string, Awaited<ReturnType<typeof resolveEventMedia>>>();
  for (const [i, clip] of body.downloadClips.entries()) {
    let resolved = cache.get(clip.eventId);
    if (!resolved) cache.set(clip.eventId, (resolved = await resolveEventMedia(db, clientId, clip.eventId, now)));
    const filtered = tracksOf(clip.filter);
    if ('problem' in filtered) errors.push({ field: at(i, 'filter'), message: filtered.problem });
    else trackSets.push({ index: i, tracks: filtered.tracks });
    if (resolved.kind === 'missing') {
      errors.push({ field: at(i, 'eventId'), message: `there is no event ${clip.eventId}` });
      continue;
    }
    if (resolved.kind === 'no-media') {
      errors.push({ field: at(i, 'eventId'), message: resolved.reason });
      continue;
    }
    const { media, event } = resolved;
    let fromMs = 0;
    let toMs = media.durationMs;
    let bad = false;
    for (const [name, text] of [
      ['start', clip.start],
      ['end', clip.end],
    ] as const) {
      if (text === null || text === undefined) continue;
      const found = boundaryMs(text, media);
      if ('problem' in found) {
        errors.push({ field: at(i, name), message: found.problem });
        bad = true;
        continue;
      }
      if (found.ms > media.durationMs) {
        errors.push({ field: at(i, name), message: `${elapsedText(found.ms)} is beyond the end of the media of "${event.title}", which lasts ${elapsedText(media.durationMs)}` });
        bad = true;
        continue;
      }
      if (name === 'start') fromMs = found.ms;
      else toMs = found.ms;
    }
    if (bad) continue;
    if (fromMs >= toMs) {
      errors.push({ field: at(i, 'start'), message: fromMs === toMs ? 'start and end are the same moment: the clip would be empty' : `start (${elapsedText(fromMs)}) is after end (${elapsedText(toMs)})` });
      continue;
    }
    if (toMs - fromMs < 500) {
      errors.push({ field: at(i, 'end'), message: 'a clip lasts half a second at least' });
      continue;
    }
    clips.push({
      eventId: clip.eventId,
      start: clip.start ?? null,
      end: clip.end ?? null,
      filter: clip.filter?.trim() ? clip.filter.trim() : null,
      isMasterClip: clip.isMasterClip,
      title: event.title,
      fromMs,
      toMs,
    });
  }
  const first = trackSets[0];
  for (const other of trackSets.slice(1)) {
    if (first && other.tracks !== first.tracks) {
      errors.push({
        field: at(other.index, 'filter'),
        message: `this clip keeps ${other.tracks} while clip ${first.index + 1} keeps ${first.tracks}: clips stitched together need the same tracks`,
      });
    }
  }
  if (errors.length > 0) return { errors };
  const masterIndex = Math.max(0, masters[0] ?? 0);
  return {
    plan: { clips, masterIndex, tracks: first?.tracks ?? 'audio+video', durationMs: clips.reduce((sum, c) => sum + (c.toMs - c.fromMs), 0) },
  };
}

/** A file name for the download: the one asked for, else the master clip event's title; always *.mp4, never a path. */
export function fileNameFor(requested: string | null | undefined, masterTitle: string | undefined, contentId: string): string {
  const base = (requested?.trim() || masterTitle?.trim() || contentId)
    .replace(/\.mp4$/i, '')
    .replace(/\s*:\s*/g, ' - ')
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 150);
  return `${base || 'download'}.mp4`;
}

/** The file name as it appears in a URL path. */
export function urlFileName(name: string): string {
  return encodeURIComponent(name.replace(/ /g, '_'));
}
