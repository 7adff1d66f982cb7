/**
 * Encoder composition: a live event whose channel's encoder plays a playlist of recorded events
 * and MP4 files (DIRECT_FULL_MP4), in order, looped when asked. The event follows the live state
 * machine like any other (areas/live); what its stream plays is the playlist's rendition, written
 * on every save (areas/live/streams.ts serves it).
 *
 * Checks when a playlist is saved: the channel must support composition (every encoder of its
 * configuration has supportsComposition); EVENT items must name an event of the client with a
 * recording to play; DIRECT_FULL_MP4 items must be reachable MP4 files (media-probe.ts, probed
 * before any transaction opens, each URL once, four at a time).
 *
 * A playlist saved while the event streams takes over at the next segment: the stream keeps what
 * it published so far (the stream's positions before that one play the encoder's own programme,
 * which is what an event without a playlist streams) and plays the new playlist from its start.
 */
import { ChannelConfigurationSchema, parseJsonText, type FieldError, type PlaylistItem } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { CARD_DIR, loadMediaIndex, positionAt, programmeOf } from '../../sim/hls.ts';
import { streamOffsetAt } from '../../sim/stream-routes.ts';
import type { EventRow } from '../event/index.ts';
import { pausesOf, recordingsOf } from '../live/index.ts';
import { getChannel } from '../lookups/index.ts';
import { S, stateName } from '../live/index.ts';
import type { MediaProbe } from './media-probe.ts';
import { eventsByIds, type ItemToWrite, type RenditionClip } from './repo.ts';
import { clipOfMp4, clipOfRecording, ITEM, renditionDurationMs } from './rules.ts';

export interface Probed {
  /** Duration by item index (null: reachable, duration unknown). */
  durations: Map<number, number | null>;
  fieldErrors: FieldError[];
}

const PROBE_CONCURRENCY = 4;

/** Probes the MP4 items' URLs (each distinct URL once). Run it outside any transaction. */
export async function probeItems(probe: MediaProbe, items: readonly PlaylistItem[], base: string): Promise<Probed> {
  const urls = [...new Set(items.filter((i) => i.type === ITEM.DIRECT_FULL_MP4).map((i) => i.value))];
  const results = new Map<string, Awaited<ReturnType<MediaProbe['probe']>>>();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      results.set(url, await probe.probe(url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROBE_CONCURRENCY, urls.length) }, worker));
  const durations = new Map<number, number | null>();
  const fieldErrors: FieldError[] = [];
  items.forEach((item, i) => {
    if (item.type !== ITEM.DIRECT_FULL_MP4) return;
    const result = results.get(item.value);
    if (!result) return;
    if (result.ok) durations.set(i, result.durationMs);
    else fieldErrors.push({ field: `${base}.items.${i}.value`, message: `the MP4 at this URL is not reachable: it ${result.reason}` });
  });
  return { durations, fieldErrors };
}

export interface EncoderCheck {
  fieldErrors: FieldError[];
  items: ItemToWrite[];
  clips: RenditionClip[];
  durationMs: number;
}

/** Checks the items against their sources and makes the rendition the encoder plays. */
export async function checkEncoder(
  db: DbOrTx,
  clientId: string,
  items: readonly PlaylistItem[],
  base: string,
  probed: Pick<Probed, 'durations'>,
  selfEventId?: string,
): Promise<EncoderCheck> {
  const fieldErrors: FieldError[] = [];
  const clips: RenditionClip[] = [];
  const index = loadMediaIndex();
  const card = loadMediaIndex(CARD_DIR);
  const sources = await eventsByIds(
    db,
    clientId,
    items.filter((i) => i.type === ITEM.EVENT).map((i) => i.value),
  );
  // Each source's recording once, with one query for all their pauses.
  const recordings = await recordingsOf(db, [...sources.values()]);
  for (const [i, item] of items.entries()) {
    const field = `${base}.items.${i}.value`;
    if (item.type === ITEM.DIRECT_FULL_MP4) {
      clips.push(clipOfMp4(card, i, probed.durations.get(i) ?? null));
      continue;
    }
    if (item.type !== ITEM.EVENT) {
      fieldErrors.push({ field: `${base}.items.${i}.type`, message: 'Encoder composition supports EVENT and DIRECT_FULL_MP4 items only' });
      continue;
    }
    if (item.value === selfEventId) {
      fieldErrors.push({ field, message: 'an encoder composition cannot play its own event' });
      continue;
    }
    const source = sources.get(item.value);
    if (!source) {
      fieldErrors.push({ field, message: `there is no event ${item.value}` });
      continue;
    }
    const recording = recordings.get(source.id) ?? null;
    if (!recording) {
      fieldErrors.push({ field, message: `the event "${source.title}" has no recording to play: it is ${stateName(source.state)}` });
      continue;
    }
    clips.push(clipOfRecording(index, i, source.id, recording));
  }
  return {
    fieldErrors,
    items: items.map((item, i) => ({ item, mediaDurationMs: probed.durations.get(i) ?? null })),
    clips,
    durationMs: renditionDurationMs(clips, { programme: index, card }),
  };
}

/** Why a channel cannot play an encoder composition, or undefined when it can. */
export async function compositionChannelProblem(db: DbOrTx, clientId: string, channelId: string | null): Promise<string | undefined> {
  if (!channelId) return 'the event has no channel: an encoder composition is played by its channel’s encoder';
  const channel = await getChannel(db, clientId, channelId);
  if (!channel) return `there is no channel ${channelId}`;
  const parsed = parseJsonText(ChannelConfigurationSchema, channel.configurationJson);
  if (!parsed.success) return `the configuration of the channel "${channel.name}" is not valid (see ChannelConfiguration)`;
  const unable = parsed.data.encoders.map((e, i) => ({ e, i })).filter(({ e }) => !e.supportsComposition);
  if (unable.length > 0) {
    const names = unable.map(({ e, i }) => e.name ?? `encoder ${i + 1}`).join(', ');
    return `the channel "${channel.name}" does not support composition (supportsComposition is off for ${names})`;
  }
  return undefined;
}

/** States of a live event's family: what an encoder playlist may be attached to. */
export const LIVE_FAMILY: readonly number[] = [
  S.PRE_LIVE,
  S.LIVE_STARTING,
  S.LIVE_UNPUBLISHED,
  S.LIVE_PUBLISHED,
  S.SUSPENDED,
  S.LIVE_STOPPING,
  S.STOPPED,
  S.INSTANT_VOD,
];

const STREAMING: readonly number[] = [S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED, S.LIVE_STOPPING];

/** Where a playlist saved now takes over the event's stream (see the header); none when it is not streaming. */
export async function anchorFor(db: DbOrTx, row: EventRow, now: Date): Promise<{ anchorLiveStart: Date | null; anchorPosition: number }> {
  if (!row.actualLiveStart || !STREAMING.includes(row.state)) return { anchorLiveStart: null, anchorPosition: 0 };
  const pauses = await pausesOf(db, row.id, row.actualLiveStart, row);
  const elapsed = streamOffsetAt({ liveStart: row.actualLiveStart, pauses }, now);
  const position = positionAt(programmeOf(loadMediaIndex()), elapsed) + 1;
  return { anchorLiveStart: row.actualLiveStart, anchorPosition: position };
}
