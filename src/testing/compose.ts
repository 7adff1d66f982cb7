/**
 * Helpers for the compose area's tests: a channel that supports composition (and one that does
 * not), an xflow, recorded source events (instant VODs of a given length), a tiny HTTP server for
 * MP4 URLs, and reading the playlists the publishing point answers for an event.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EventState } from '#schema';
import { channels } from '#server/db/tables/index.ts';
import { channelConfiguration, CHANNELS } from '#server/demo/catalogue.ts';
import { CARD_DIR } from '#server/sim/hls.ts';
import { seedLiveFixture, type LiveFixture } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import type { TestApp as FullTestApp } from '#testing/app.ts';

const S = EventState.values;

/** What these helpers need of a test app. */
type TestApp = Pick<FullTestApp, 'app' | 'database' | 'clock' | 'clientId'>;

export interface ComposeFixture extends LiveFixture {
  /** A channel whose encoders cannot play compositions. */
  plainChannelId: string;
}

export async function seedComposeFixture(t: TestApp): Promise<ComposeFixture> {
  const live = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
  const plainChannelId = randomUUID();
  const sport = CHANNELS.find((c) => c.key === 'sport1')!;
  await t.database.db.insert(channels).values({
    id: plainChannelId,
    clientId: t.clientId,
    name: 'Sports Arena (no composition)',
    referenceId: null,
    configurationJson: JSON.stringify(channelConfiguration(sport)),
    dateCreated: t.clock.now(),
    dateModified: t.clock.now(),
  });
  return { ...live, plainChannelId };
}

/** An instant VOD recorded for `seconds`, ending an hour before now; returns its id and recording times. */
export async function recordedEvent(t: TestApp, fixture: LiveFixture, seconds: number, title = 'Recorded match'): Promise<{ id: string; liveStart: Date; liveEnd: Date }> {
  const liveEnd = new Date(t.clock.now().getTime() - 3_600_000);
  const liveStart = new Date(liveEnd.getTime() - seconds * 1000);
  const id = await insertEvent(t, {
    title,
    channelId: fixture.channelId,
    state: S.INSTANT_VOD,
    actualLiveStart: liveStart,
    actualLiveEnd: liveEnd,
  });
  return { id, liveStart, liveEnd };
}

/** A GET of a path on the app without a key (the publishing point's routes). */
export async function fetchText(t: TestApp, url: string): Promise<{ status: number; body: string }> {
  const response = await t.app.inject({ url });
  return { status: response.statusCode, body: response.body };
}

/** The segment URIs of a media playlist, and where its discontinuities are (before which URI). */
export function segmentsOf(playlist: string): { uris: string[]; discontinuityBefore: string[] } {
  const lines = playlist.trim().split('\n');
  const uris: string[] = [];
  const discontinuityBefore: string[] = [];
  let pending = false;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') pending = true;
    else if (!line.startsWith('#')) {
      uris.push(line);
      if (pending) discontinuityBefore.push(line);
      pending = false;
    }
  }
  return { uris, discontinuityBefore };
}

export const TEST_CARD = readFileSync(join(CARD_DIR, 'test-card.mp4'));

/**
 * A local HTTP server for MP4 URLs: /clip.mp4 (the test card, ranges honoured), /missing.mp4 (404),
 * /page.mp4 (an HTML page), /slow.mp4 (answers after `slowMs`).
 */
export async function startMediaServer(slowMs = 5_000): Promise<{ url: (path: string) => string; close: () => Promise<void>; requests: string[] }> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url} ${request.headers.range ?? ''}`.trim());
    if (request.url === '/clip.mp4') {
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), TEST_CARD.length - 1) : TEST_CARD.length - 1;
        response.writeHead(206, { 'Content-Type': 'video/mp4', 'Content-Range': `bytes ${start}-${end}/${TEST_CARD.length}` });
        response.end(TEST_CARD.subarray(start, end + 1));
      } else {
        response.writeHead(200, { 'Content-Type': 'video/mp4' });
        response.end(TEST_CARD);
      }
    } else if (request.url === '/redirect.mp4') {
      response.writeHead(302, { Location: '/clip.mp4' });
      response.end();
    } else if (request.url === '/page.mp4') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>Not a video</title>');
    } else if (request.url === '/slow.mp4') {
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'video/mp4' });
        response.end(TEST_CARD);
      }, slowMs).unref();
    } else {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
