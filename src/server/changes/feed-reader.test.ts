/**
 * The dashboard's change-feed reader (src/client/change-feed.ts) against the real service over a
 * socket, read with fetch streaming as in the browser: live, resume after a break, pause, a quiet
 * stream, a pruned log, and services without a feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { openChangeFeed, type ChangeFeed, type ChangeFeedOptions, type ChangeFeedStatus, type FeedChange, type FeedReady } from '#client/change-feed.ts';
import { recordChange } from '#testing/webhook.ts';
import { insertEvent } from '#testing/event-row.ts';

// ---- Against the service -----------------------------------------------------------------------

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ services: { changeFeed: { pollIntervalMs: 100 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(() => t.close());

interface Watched {
  feed: ChangeFeed;
  changes: FeedChange[];
  readies: FeedReady[];
  statuses: ChangeFeedStatus[];
  details: { status: ChangeFeedStatus; reason?: string; httpStatus?: number }[];
  requests: Headers[];
  /** Breaks the current stream as a network failure would. */
  cut(): void;
  /** Real-time wait for a condition (the stream is real). */
  until(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
}

function watch(options: Partial<ChangeFeedOptions> = {}): Watched {
  const changes: FeedChange[] = [];
  const readies: FeedReady[] = [];
  const statuses: ChangeFeedStatus[] = [];
  const details: Watched['details'] = [];
  const requests: Headers[] = [];
  let cut = () => {};
  const cuttable: typeof fetch = async (input, init) => {
    requests.push(new Headers(init?.headers));
    const response = await fetch(input, init);
    if (!response.body) return response;
    const upstream = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        cut = () => {
          controller.error(new TypeError('network error'));
          void upstream.cancel().catch(() => undefined);
        };
      },
      async pull(controller) {
        try {
          const { value, done } = await upstream.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
        }
      },
      cancel: () => upstream.cancel().catch(() => undefined),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const feed = openChangeFeed({
    baseUrl: `${base}/api`,
    apiKey: t.key,
    fetch: cuttable,
    random: () => 0,
    onChange: (change) => changes.push(change),
    onReady: (ready) => readies.push(ready),
    onStatus: (status, detail) => {
      statuses.push(status);
      details.push({ status, ...detail });
    },
    ...options,
  });
  return {
    feed,
    changes,
    readies,
    statuses,
    details,
    requests,
    cut: () => cut(),
    async until(check, what, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`waited for ${what}; statuses ${statuses.join(' → ')}, changes ${changes.map((c) => c.id).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe('openChangeFeed against the service', () => {
  it('connects with the key, goes live at `ready`, and hands over each change as its notification', async () => {
    const eventId = await insertEvent(t, { title: 'Live' });
    const w = watch();
    try {
      await w.until(() => w.feed.status === 'live', 'live');
      expect(w.statuses[0]).toBe('connecting');
      expect(w.requests[0]!.get('API-KEY')).toBe(t.key);
      expect(w.requests[0]!.get('Last-Event-ID')).toBeNull();
      expect(w.readies[0]).toMatchObject({ complete: true, resumed: false });
      const seq = await recordChange(t, eventId, { state: 2, refId: 'R-1', flags: { stateChanged: true } });
      await w.until(() => w.changes.length === 1, 'the change');
      expect(w.changes[0]).toEqual({
        id: String(seq),
        notification: expect.objectContaining({ eventId, referenceId: 'R-1', state: 'LIVE_PUBLISHED', stateChanged: true, metadataChanged: false, action: 'Updated' }),
      });
      expect(w.feed.lastEventId).toBe(String(seq));
    } finally {
      w.feed.close();
    }
    expect(w.feed.status).toBe('closed');
  });

  it('reconnects after the stream breaks, with Last-Event-ID, and misses nothing and repeats nothing', async () => {
    const eventId = await insertEvent(t, { title: 'Interrupted' });
    const w = watch({ initialRetryMs: 100 });
    try {
      await w.until(() => w.feed.status === 'live', 'live');
      const first = await recordChange(t, eventId);
      await w.until(() => w.changes.length === 1, 'the first change');
      w.cut();
      await w.until(() => w.feed.status === 'reconnecting', 'reconnecting');
      // Changes while the dashboard is away...
      const second = await recordChange(t, eventId);
      const third = await recordChange(t, eventId);
      // ...come with the replay, after the server's retry hint (3 s).
      await w.until(() => w.changes.length >= 3 && w.feed.status === 'live', 'the replay');
      expect(w.requests[1]!.get('Last-Event-ID')).toBe(String(first));
      expect(w.readies[1]).toMatchObject({ complete: true, resumed: true });
      const fourth = await recordChange(t, eventId);
      await w.until(() => w.changes.length === 4, 'the next live change');
      expect(w.changes.map((c) => c.id)).toEqual([first, second, third, fourth].map(String));
    } finally {
      w.feed.close();
    }
  });

  it('pauses (closing the stream) and catches up from where it was on resume', async () => {
    const eventId = await insertEvent(t, { title: 'Hidden tab' });
    const w = watch();
    try {
      await w.until(() => w.feed.status === 'live', 'live');
      w.feed.pause();
      expect(w.feed.status).toBe('paused');
      const position = w.feed.lastEventId;
      const missed = await recordChange(t, eventId);
      await new Promise((r) => setTimeout(r, 300));
      expect(w.changes).toEqual([]);
      w.feed.resume();
      await w.until(() => w.changes.length === 1 && w.feed.status === 'live', 'the catch-up');
      expect(w.changes[0]!.id).toBe(String(missed));
      expect(w.requests.at(-1)!.get('Last-Event-ID')).toBe(position);
    } finally {
      w.feed.close();
    }
  });

  it('replaces a stream that has gone quiet (no heartbeat)', async () => {
    const w = watch({ staleAfterMs: 300, initialRetryMs: 50 });
    try {
      await w.until(() => w.feed.status === 'live', 'live');
      await w.until(() => w.requests.length >= 2, 'a second request');
      await w.until(() => w.feed.status === 'live', 'live again');
      expect(w.statuses).toContain('reconnecting');
    } finally {
      w.feed.close();
    }
  });

  it('tells the caller to refresh everything when the service no longer holds the changes since its position', async () => {
    const eventId = await insertEvent(t, { title: 'Long away' });
    const old = await recordChange(t, eventId);
    await t.runJobs();
    t.clock.advance(80 * 3_600_000);
    await recordChange(t, eventId);
    // The change log's prune job falls due as the clock moves (changes/prune.ts).
    await t.runJobs();
    const w = watch({ lastEventId: String(old - 1) });
    try {
      await w.until(() => w.readies.length === 1, 'ready');
      expect(w.readies[0]).toMatchObject({ complete: false, resumed: true });
    } finally {
      w.feed.close();
    }
  });
});

describe('openChangeFeed where there is no feed', () => {
  it('says `polling` for a service without the route (404) or an answer that is not an event stream', async () => {
    const missing = watch({ baseUrl: `${base}/api/no-such-area` });
    // (A small answer: Node’s fetch keeps a half-read large body’s connection open, which would hold the test app’s close.)
    const html = watch({ baseUrl: `${base}/api/health#` });
    try {
      await missing.until(() => missing.feed.status === 'polling', 'polling');
      expect(missing.details.at(-1)).toMatchObject({ httpStatus: 404 });
      await html.until(() => html.feed.status === 'polling', 'polling');
    } finally {
      missing.feed.close();
      html.feed.close();
    }
  });

  it('says `offline` while the service cannot be reached or refuses the key, and keeps trying', async () => {
    const unreachable = watch({ baseUrl: 'http://127.0.0.1:9/api', initialRetryMs: 50 });
    const refused = watch({ apiKey: 'not-a-valid-key', initialRetryMs: 50 });
    try {
      await unreachable.until(() => unreachable.requests.length >= 2, 'a retry');
      expect(unreachable.feed.status).toBe('offline');
      expect(unreachable.details.at(-1)!.reason).toBe('The change feed cannot be reached');
      await refused.until(() => refused.requests.length >= 2, 'a retry');
      expect(refused.feed.status).toBe('offline');
      expect(refused.details.at(-1)).toMatchObject({ httpStatus: 401, reason: 'The service refused the API key' });
    } finally {
      unreachable.feed.close();
      refused.feed.close();
    }
  });
});
