/**
 * Compose playlists of the demo tenant (called by seed.ts once the events exist):
 *
 * - "Weekend Football: All the Goals" (COMPOSE_PUBLIC): goals trimmed from the latest finished
 *   matches, with an ad-break marker, generated already, so it plays at once.
 * - "Matchday Highlights Compilation" (COMPOSE_GENERATING): its generation job is queued, so it
 *   finishes a few seconds after the service starts, as an operator would watch it.
 * - "Esports Weekly Recap" (COMPOSE_ERROR): one of its sources has no recording yet; the reason is
 *   in its playlist's generation.
 * - "Matchday Preview" (new, COMPOSE_WAITING): waits for its liveStreamStart tomorrow evening;
 *   the demo tenant has the licence for it.
 * - "Overnight Replay Loop" (an encoder composition, PRE_LIVE, auto start): recordings and the MP4
 *   test card, looped; it was seeded as COMPOSE_WAITING, which is not a live state, and becomes
 *   the live event an encoder composition is.
 * - "Replay Loop: Weekend Highlights" (new, an encoder composition that went out earlier, now an
 *   instant VOD): its recording plays the playlist as it went out.
 *
 * DIRECT_FULL_MP4 items name the service's own MP4 test card (/api/stream/files/test-card.mp4), so
 * they play wherever the demo runs. Deterministic: ids derive from the client id. Nothing is
 * written when the tenant has a compose playlist already.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { ChannelConfigurationSchema, EventState, MarkerType, parseJsonText, type PlaylistItem } from '#schema';
import type { DbOrTx } from '../db/database.ts';
import { channels, composePlaylists, eventCategories, events } from '../db/tables/index.ts';
import type { Clock } from '../jobs/clock.ts';
import { checkEncoder } from '../areas/compose/index.ts';
import { grantLicence } from '../areas/compose/index.ts';
import { insertEvent, insertPlaylist, replaceItems, saveRendition, updateEventRow, updatePlaylist } from '../areas/compose/index.ts';
import { LICENSED_FEATURE_LIVE_STREAM_START } from '../areas/compose/index.ts';
import { checkStandard, planGeneration, reasonOf } from '../areas/compose/index.ts';
import { RECORDED_STATES } from '../areas/live/index.ts';
import { testCardPath } from '../sim/stream-routes.ts';
import { SERVICE_ORIGIN } from '../http/service-url.ts';

const S = EventState.values;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A stable id per client and name, shaped as a version 4 GUID (as seed.ts makes them). */
function demoId(clientId: string, name: string): string {
  const h = createHash('sha256').update(`${clientId}/${name}`).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An offset into a recording, hh:mm:ss.000. */
const offset = (minutes: number, seconds = 0) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(seconds)}.000`;

type Row = typeof events.$inferSelect;

export async function seedComposeDemo(db: DbOrTx, clientId: string, clock: Clock): Promise<{ playlists: number }> {
  // On this service, whatever its address (http/service-url.ts).
  const testCard = `${SERVICE_ORIGIN}${testCardPath()}`;
  const id = (name: string) => demoId(clientId, name);
  const now = clock.now();

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(composePlaylists).where(eq(composePlaylists.clientId, clientId));
    if ((existing?.n ?? 0) > 0) return { playlists: 0 };
    await grantLicence(tx, clock, clientId, LICENSED_FEATURE_LIVE_STREAM_START, 'demo tenant');

    const all = await tx
      .select()
      .from(events)
      .where(and(eq(events.clientId, clientId), isNull(events.dateDeleted)))
      .orderBy(desc(events.actualLiveStart), asc(events.id));
    const recorded = (prefix: string) =>
      all.filter((e) => e.refId?.startsWith(prefix) && RECORDED_STATES.includes(e.state) && e.actualLiveStart && e.actualLiveEnd);
    const byRef = (pattern: RegExp) => all.find((e) => e.refId !== null && pattern.test(e.refId));
    const football = recorded('FB-');
    const anyRecorded = all.filter((e) => RECORDED_STATES.includes(e.state) && e.actualLiveStart && e.actualLiveEnd);
    let playlists = 0;

    const item = (event: Row, properties: Record<string, unknown> = {}, markers: PlaylistItem['markers'] = null): PlaylistItem => ({
      type: 0,
      value: event.id,
      properties,
      markers,
    });

    // ---- Weekend Football: All the Goals (generated) -------------------------------------------
    const goals = byRef(/^CMP-\d{8}-GOALS$/);
    if (goals && football.length >= 2) {
      const minutes = [[12, 67], [23, 81], [38], [9, 54, 88]];
      const items: PlaylistItem[] = football.slice(0, 4).flatMap((match, m) =>
        (minutes[m] ?? [30]).map((minute, g) =>
          item(
            match,
            { start: offset(minute, 40), end: offset(minute + 1, 10), frameAccurate: true, outputDescription: g === 0, caption: `${minute}' goal` },
            m === 0 && g === 0 ? [{ startAt: '00:00:25.000', duration: '00:00:30', frameAccurate: true, type: MarkerType.values.INSERTION }] : null,
          ),
        ),
      );
      const check = await checkStandard(tx, clientId, items, 'body', goals.id);
      const playlist = await insertPlaylist(tx, { id: id('compose/goals'), clientId, eventId: goals.id, kind: 'standard', name: 'All the goals', looped: false, liveStreamStart: null, now });
      await replaceItems(tx, clientId, playlist.id, items.map((i) => ({ item: i })));
      if (!reasonOf(check)) {
        const done = new Date(goals.dateModified.getTime());
        await saveRendition(tx, { eventId: goals.id, clientId, kind: 'standard', clips: check.clips, looped: false, durationMs: check.durationMs, dateCreated: done });
        await updatePlaylist(tx, playlist, { generationStartedAt: new Date(done.getTime() - 40_000), generationFinishedAt: done });
      }
      playlists++;
    }

    // ---- Matchday Highlights Compilation (generating now) --------------------------------------
    const highlights = byRef(/^CMP-\d{8}-HL$/);
    if (highlights && football.length >= 1) {
      const items = football.slice(0, 3).map((match, m) => item(match, { start: offset(40 + m * 5), end: offset(41 + m * 5, 30) }));
      const playlist = await insertPlaylist(tx, { id: id('compose/highlights'), clientId, eventId: highlights.id, kind: 'standard', name: 'Matchday highlights', looped: false, liveStreamStart: null, now });
      await replaceItems(tx, clientId, playlist.id, items.map((i) => ({ item: i })));
      await planGeneration(tx, clock, clientId, highlights.id, playlist);
      playlists++;
    }

    // ---- Esports Weekly Recap (failed) ---------------------------------------------------------
    const recap = byRef(/^CMP-\d{8}-ESP$/);
    const esportsDone = recorded('ESP-')[0] ?? anyRecorded[0];
    const esportsLater = all.find((e) => e.refId?.startsWith('ESP-') && e.state === S.PRE_LIVE);
    if (recap && esportsDone && esportsLater) {
      const items = [item(esportsDone, { start: offset(10), end: offset(12) }), item(esportsLater)];
      const check = await checkStandard(tx, clientId, items, 'body', recap.id);
      const playlist = await insertPlaylist(tx, { id: id('compose/recap'), clientId, eventId: recap.id, kind: 'standard', name: 'Weekly recap', looped: false, liveStreamStart: null, now });
      await replaceItems(tx, clientId, playlist.id, items.map((i) => ({ item: i })));
      await updatePlaylist(tx, playlist, {
        generationStartedAt: new Date(recap.dateModified.getTime() - 20_000),
        generationFinishedAt: recap.dateModified,
        generationError: reasonOf(check) ?? 'items.1.value: the source has no recording to compose from',
      });
      playlists++;
    }

    // ---- Matchday Preview (waiting for liveStreamStart) ----------------------------------------
    if (goals && football.length >= 2) {
      const previewId = id('event/compose/preview');
      const start = new Date(Math.ceil((now.getTime() + DAY) / HOUR) * HOUR);
      start.setUTCHours(18, 0, 0, 0);
      await insertEvent(
        tx,
        {
          id: previewId,
          clientId,
          xflowId: goals.xflowId,
          eventTypeId: goals.eventTypeId,
          title: 'Matchday Preview: the Week’s Best Moments',
          description: 'A composition that goes out at 18:00 tomorrow, generated when it is due (liveStreamStart).',
          refId: `CMP-PREVIEW-${start.toISOString().slice(0, 10).replaceAll('-', '')}`,
          state: S.COMPOSE_WAITING,
          scheduledStart: start,
          scheduledEnd: new Date(start.getTime() + 15 * MINUTE),
          contentId: `cnt-preview-${start.toISOString().slice(0, 10)}`,
          dateCreated: new Date(now.getTime() - 2 * HOUR),
          dateModified: new Date(now.getTime() - 2 * HOUR),
        },
        (await tx.select({ id: eventCategories.categoryId }).from(eventCategories).where(eq(eventCategories.eventId, goals.id)).orderBy(asc(eventCategories.position))).map((c) => c.id),
      );
      const items = football.slice(0, 2).map((match) => item(match, { start: offset(30), end: offset(31) }));
      const playlist = await insertPlaylist(tx, { id: id('compose/preview'), clientId, eventId: previewId, kind: 'standard', name: 'Preview', looped: false, liveStreamStart: start, now });
      await replaceItems(tx, clientId, playlist.id, items.map((i) => ({ item: i })));
      await planGeneration(tx, clock, clientId, previewId, playlist);
      playlists++;
    }

    // ---- Encoder compositions ------------------------------------------------------------------
    // The channel ident (the MP4 test card) first, then the replays.
    const encoderItems = (sources: Row[]): PlaylistItem[] => [
      { type: 1, value: testCard, properties: { slot: 'ident' }, markers: null },
      ...sources.map((s) => item(s, { slot: 'replay' })),
    ];
    const mp4Durations = (items: PlaylistItem[]) => ({ durations: new Map(items.flatMap((it, i) => (it.type === 1 ? [[i, 10_000] as const] : []))) });

    const loop = byRef(/^CMP-\d{8}-LOOP$/);
    const shortest = [...anyRecorded].sort((a, b) => a.actualLiveEnd!.getTime() - a.actualLiveStart!.getTime() - (b.actualLiveEnd!.getTime() - b.actualLiveStart!.getTime()));
    if (loop && loop.channelId && shortest.length >= 2) {
      const items = encoderItems(shortest.slice(0, 2));
      const check = await checkEncoder(tx, clientId, items, 'body', mp4Durations(items), loop.id);
      const playlist = await insertPlaylist(tx, { id: id('compose/loop'), clientId, eventId: loop.id, kind: 'encoder', name: 'Best of the week', looped: true, liveStreamStart: null, now });
      await replaceItems(tx, clientId, playlist.id, check.items);
      await saveRendition(tx, { eventId: loop.id, clientId, kind: 'encoder', clips: check.clips, looped: true, durationMs: check.durationMs, dateCreated: now });
      await updateEventRow(tx, clientId, loop.id, { state: S.PRE_LIVE, liveComposePlaylistId: playlist.id });
      playlists++;
    }

    // An encoder composition that ran earlier today (or yesterday): its recording plays the
    // playlist as it went out. The latest free half hour on a channel that can play compositions.
    const channelRows = await tx.select().from(channels).where(eq(channels.clientId, clientId)).orderBy(asc(channels.name));
    const composing = channelRows.filter((channel) => {
      const parsed = parseJsonText(ChannelConfigurationSchema, channel.configurationJson);
      return parsed.success && parsed.data.encoders.every((e) => e.supportsComposition);
    });
    const busy = (channelId: string, from: Date, to: Date) =>
      all.some((e) => {
        if (e.channelId !== channelId || !e.scheduledStart) return false;
        const end = e.scheduledEnd ?? new Date(e.scheduledStart.getTime() + 6 * HOUR);
        return e.scheduledStart < to && end > from;
      });
    let liveStart = new Date(0);
    let liveEnd = new Date(0);
    let free: (typeof channelRows)[number] | undefined;
    const lastHalfHour = Math.floor(now.getTime() / (30 * MINUTE)) * 30 * MINUTE;
    for (let step = 2; step < 96 && !free; step++) {
      liveStart = new Date(lastHalfHour - step * 30 * MINUTE);
      liveEnd = new Date(liveStart.getTime() + 30 * MINUTE);
      free = composing.find((channel) => !busy(channel.id, liveStart, liveEnd));
    }
    if (free && shortest.length >= 3) {
      const replayId = id('event/compose/replay');
      const items = encoderItems(shortest.slice(0, 3));
      const playlistId = id('compose/replay');
      await insertEvent(tx, {
        id: replayId,
        clientId,
        channelId: free.id,
        eventTypeId: loop?.eventTypeId ?? null,
        title: 'Replay Loop: Weekend Highlights',
        description: 'An encoder composition that went out earlier: recordings and an MP4 ident, looped for half an hour. Its instant VOD plays what went out.',
        refId: `CMP-REPLAY-${liveStart.toISOString().slice(0, 16).replace(/\D/g, '')}`,
        state: S.INSTANT_VOD,
        liveComposePlaylistId: playlistId,
        scheduledStart: liveStart,
        scheduledEnd: liveEnd,
        actualLiveStart: liveStart,
        actualLiveEnd: liveEnd,
        publishedStart: liveStart,
        publishedEnd: liveEnd,
        instantVodStart: liveStart,
        instantVodEnd: liveEnd,
        autoStart: true,
        autoEnd: true,
        dvrLength: 1800,
        contentId: `cnt-replay-${liveStart.toISOString().slice(0, 10)}`,
        dateCreated: new Date(now.getTime() - DAY),
        dateModified: liveEnd,
      }, []);
      const check = await checkEncoder(tx, clientId, items, 'body', mp4Durations(items), replayId);
      await insertPlaylist(tx, { id: playlistId, clientId, eventId: replayId, kind: 'encoder', name: 'Weekend highlights loop', looped: true, liveStreamStart: null, now });
      await replaceItems(tx, clientId, playlistId, check.items);
      await saveRendition(tx, { eventId: replayId, clientId, kind: 'encoder', clips: check.clips, looped: true, durationMs: check.durationMs, dateCreated: now });
      playlists++;
    }
    return { playlists };
  });
}

