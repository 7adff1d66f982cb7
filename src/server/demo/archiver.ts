/**
 * Demo archiver: a capture of the live demo channel that played the most of the last six hours, with the last six
 * hours of what it played already archived (as the simulated archiver records it: segments of the
 * channel's real streams, so every range plays), a gap where the channel was off air or its
 * encoder dropped out for a few minutes, and a few segments that failed for good; a playout
 * profile without DRM naming the capture, its catch-up stream, and an archiverflow whose URLs the
 * live event on that channel hands out. The capture stays active: the recorder carries on from
 * now when the service runs.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { ChannelConfigurationSchema, EventState, parseJsonText } from '#schema';
import type { Db, DbOrTx } from '../db/database.ts';
import { archiverCaptures, archiverflows, archiverProfileCaptures, archiverProfiles, archiverSegments, channels, events } from '../db/tables/index.ts';
import type { Clock } from '../jobs/clock.ts';
import { writeEvents } from '../areas/event/index.ts';
import { createMissingStreams, DEFAULT_SEGMENT_MS, nextContentAfter, resolveArchiverSettings, scheduleTick, segmentAt, sourceAt, sourcesOf, type SourceStream } from '../areas/archiver/index.ts';

export const DEMO_CAPTURE_ID = 'main_catchup';
const HISTORY_MS = 6 * 3_600_000;
/** The encoder dropped out for this long: a gap whatever the schedule. */
const OUTAGE = { lengthMs: 6 * 60_000 };
/** One segment in this many failed for good (all its attempts). */
const FAILED_EVERY = 450;

/** How much of [from, to) the sources played. */
function playedWithin(sources: readonly SourceStream[], from: Date, to: Date): number {
  let total = 0;
  for (const s of sources) total += Math.max(0, Math.min(to.getTime(), (s.liveEnd ?? to).getTime()) - Math.max(from.getTime(), s.liveStart.getTime()));
  return total;
}

export async function seedArchiverDemo(db: DbOrTx, clientId: string, clock: Clock): Promise<number> {
  const now = clock.now();
  const start = new Date(now.getTime() - HISTORY_MS);
  const lives = await db
    .select({ id: events.id, channelId: events.channelId, configurationJson: channels.configurationJson })
    .from(events)
    .innerJoin(channels, and(eq(channels.clientId, events.clientId), eq(channels.id, events.channelId)))
    .where(and(eq(events.clientId, clientId), eq(events.state, EventState.values.LIVE_PUBLISHED), isNotNull(events.actualLiveStart), isNull(events.dateDeleted)))
    .orderBy(asc(events.actualLiveStart));
  // The live channel that played the most of the last hours.
  let best: { live: (typeof lives)[number]; point: string; sources: SourceStream[]; played: number } | undefined;
  for (const live of lives) {
    const configuration = parseJsonText(ChannelConfigurationSchema, live.configurationJson);
    const point = configuration.success ? configuration.data.encoders[0]?.streamingServer.primaryPublishingPoint : undefined;
    if (!point || best?.point === point) continue;
    const sources = await sourcesOf(db as Db, clientId, [point], now);
    const played = playedWithin(sources, start, now);
    if (!best || played > best.played) best = { live, point, sources, played };
  }
  if (!best) return 0;
  const { live, point, sources } = best;
  // The outage: a few minutes in the middle of what was played.
  const firstContent = sources
    .filter((s) => !s.liveEnd || s.liveEnd > start)
    .reduce((t, s) => Math.min(t, Math.max(s.liveStart.getTime(), start.getTime())), now.getTime());
  const outageFrom = firstContent + (now.getTime() - firstContent) * 0.45;
  const rows: (typeof archiverSegments.$inferInsert)[] = [];
  let cursor = start;
  for (let guard = 0; cursor < now && guard < 20_000; guard++) {
    const source = sourceAt(sources, cursor);
    if (!source) {
      const next = nextContentAfter(sources, cursor);
      cursor = next && next < now ? next : now;
      continue;
    }
    const made = segmentAt(source, cursor, now, now, DEFAULT_SEGMENT_MS);
    if (made.kind === 'wait') break;
    if (made.kind === 'none') {
      cursor = made.resumeAt > cursor ? made.resumeAt : new Date(cursor.getTime() + 1);
      continue;
    }
    cursor = made.end;
    // The encoder's outage: nothing recorded.
    if (made.end.getTime() > outageFrom && made.start.getTime() < outageFrom + OUTAGE.lengthMs) continue;
    const failed = rows.length % FAILED_EVERY === FAILED_EVERY - 1;
    const archivedAt = new Date(made.end.getTime() + 1_000);
    rows.push({
      clientId,
      captureId: DEMO_CAPTURE_ID,
      startTime: made.start,
      endTime: made.end,
      state: failed ? 'failed' : 'completed',
      gaveUp: failed,
      attempts: failed ? 3 : 1,
      dueAt: null,
      source: made.source,
      createdAt: made.end,
      updatedAt: failed ? new Date(archivedAt.getTime() + 4_000) : archivedAt,
    });
  }
  if (rows.length === 0) return 0;

  await db.transaction(async (tx) => {
    await tx.insert(archiverCaptures).values({
      clientId,
      id: DEMO_CAPTURE_ID,
      startTime: start,
      endTime: null,
      active: true,
      decryptKey: null,
      expiresIn: 7 * 24 * 3600,
      publishingPoints: [point],
      recordedUntil: cursor,
      createdAt: start,
      updatedAt: start,
    });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(archiverSegments).values(rows.slice(i, i + 500));
    await tx.insert(archiverProfiles).values({ clientId, id: 'web_catchup', expiresIn: 24 * 3600, createdAt: start, updatedAt: start });
    await tx.insert(archiverProfileCaptures).values({ clientId, profileId: 'web_catchup', captureId: DEMO_CAPTURE_ID, position: 0, liveRedirectUrl: null });
    const completed = rows.filter((r) => r.state === 'completed');
    await createMissingStreams(tx, clientId, DEMO_CAPTURE_ID, completed[0]!.startTime, completed.at(-1)!.endTime, now);
    const [flow] = await tx
      .insert(archiverflows)
      .values({
        clientId,
        name: 'Catch-up CDN',
        configurationJson: JSON.stringify({
          archiverflows: [
            {
              name: 'Catch-up',
              type: 'ArchiverFlow',
              outputUrls: [
                {
                  streamProtocol: 'HLS',
                  cdnPrimaryUrl: 'https://catchup.example.com/{capture_id}/{profile_id}/master.m3u8?start={starttime}&end={endtime}',
                  originPrimaryUrl: 'https://archive-origin.example.com/{capture_id}/{profile_id}/master.m3u8?start={starttime}&end={endtime}',
                },
                {
                  streamProtocol: 'DASH',
                  cdnPrimaryUrl: 'https://catchup.example.com/{capture_id}/{profile_id}/manifest.mpd?start={starttime}&end={endtime}',
                  originPrimaryUrl: 'https://archive-origin.example.com/{capture_id}/{profile_id}/manifest.mpd?start={starttime}&end={endtime}',
                },
              ],
            },
          ],
        }, null, 2),
        createdAt: start,
        updatedAt: start,
      })
      .returning({ id: archiverflows.id });
    await writeEvents(tx, clientId, live.id, { archiverflowId: flow!.id });
    // The app's own tick length takes over from the first tick on.
    await scheduleTick(tx, clock, resolveArchiverSettings(undefined));
  });
  return rows.length;
}
