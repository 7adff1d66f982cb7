/** GET /api/changes over a real socket, read with fetch streaming as the dashboard does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WebhookNotificationSchema } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { recordChange } from '#testing/webhook.ts';
import { insertEvent } from '#testing/event-row.ts';
import { eventChanges } from '../db/tables/changes.ts';
import { ChangeHub, settingsOf } from './feed.ts';

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

interface Stream {
  events: SseEvent[];
  /** Waits (real time) until an event matches; answers it. */
  until(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** The change events so far (not `ready`, not comments). */
  changes(): { id: number; data: Record<string, unknown> }[];
  close(): void;
}

let t: TestApp;
let base: string;

/** Starts an app on a free port; answers its base URL. */
async function serve(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  // Polls often whether or not LISTEN is in place: the polling test must not wait out the 5 s safety net.
  t = await createTestApp({ services: { changeFeed: { pollIntervalMs: 100, listeningPollIntervalMs: 100, heartbeatMs: 150, gapWaitMs: 600 } } });
  base = await serve(t);
});
afterAll(() => t.close());

/** Serves `app` and opens its feed read as raw text, for the tests of waking on an app of their own. */
async function openText(app: TestApp) {
  const controller = new AbortController();
  const response = await fetch(`${await serve(app)}/api/changes`, { headers: app.headers(), signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  return {
    /** Reads until the text so far includes `needle`; false when the stream ended first. */
    async readUntil(needle: string): Promise<boolean> {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += value;
      }
      return true;
    },
    /** Reads until the stream ends. */
    async readToEnd(): Promise<void> {
      while (!(await reader.read()).done);
    },
    close: () => controller.abort(),
  };
}

async function open(query = '', headers: Record<string, string> = t.headers()): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/changes${query}`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            const [key, ...rest] = line.split(': ');
            if (key === 'id' || key === 'event' || key === 'data') event[key] = rest.join(': ');
          }
          events.push(event);
        }
      }
    } catch {
      // aborted
    }
  })();
  const until = async (match: (e: SseEvent) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    events,
    until,
    changes: () => events.filter((e) => e.data && !e.event).map((e) => ({ id: Number(e.id), data: JSON.parse(e.data!) as Record<string, unknown> })),
    close: () => controller.abort(),
  };
}

describe('GET /api/changes', () => {
  it('needs an API key, and refuses a bad since, eventId or Last-Event-ID', async () => {
    expect((await fetch(`${base}/api/changes`)).status).toBe(401);
    for (const [query, field] of [
      ['?since=abc', 'query.since'],
      ['?since=-1', 'query.since'],
      ['?eventId=nope', 'query.eventId'],
    ] as const) {
      const response = await fetch(`${base}/api/changes${query}`, { headers: t.headers() });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { data: { fields: { field: string }[] } }).data.fields[0]!.field).toBe(field);
    }
    const bad = await fetch(`${base}/api/changes`, { headers: { ...t.headers(), 'Last-Event-ID': 'x' } });
    expect(bad.status).toBe(400);
  });

  it('streams new changes live with the notification webhooks get, the seq as id', async () => {
    const eventId = await insertEvent(t, { title: 'Live' });
    const stream = await open();
    const ready = await stream.until((e) => e.event === 'ready');
    const seq = await recordChange(t, eventId, { state: 2, refId: 'L-1', flags: { stateChanged: true } });
    // Woken by the fan-out job once the change has committed.
    await t.runJobs();
    await stream.until((e) => e.id === String(seq) && !e.event);
    const [change] = stream.changes();
    expect(Number(ready.id)).toBe(seq - 1);
    expect(change!.id).toBe(seq);
    expect(WebhookNotificationSchema.parse(change!.data)).toMatchObject({ eventId, referenceId: 'L-1', state: 'LIVE_PUBLISHED', stateChanged: true, action: 'Updated' });
    stream.close();
  });

  it('finds changes by polling too (a notification lost), and sends heartbeats', async () => {
    const eventId = await insertEvent(t, { title: 'Polled' });
    const stream = await open();
    await stream.until((e) => e.event === 'ready');
    // Written without recordEventChange: no NOTIFY, no job; only the poll can find it.
    const [row] = await t.database.db
      .insert(eventChanges)
      .values({ clientId: t.clientId, eventId, action: 'Updated', state: 0, mp4State: 0, metadataChanged: true, createdAt: t.clock.now() })
      .returning({ seq: eventChanges.seq });
    await stream.until((e) => e.id === String(row!.seq));
    await stream.until((e) => e.comment === 'heartbeat');
    stream.close();
  });

  it('replays from ?since= or Last-Event-ID (which wins), then goes on live, only the caller’s changes', async () => {
    const stranger = await t.createTenant();
    const mine = await insertEvent(t, { title: 'Mine' });
    const theirs = await insertEvent(t, { title: 'Theirs', clientId: stranger.clientId });
    const first = await recordChange(t, mine, { state: 0 });
    await recordChange(t, theirs, { clientId: stranger.clientId });
    const second = await recordChange(t, mine, { state: 1 });
    const third = await recordChange(t, mine, { state: 2 });

    const replay = await open(`?since=${first - 1}`);
    await replay.until((e) => e.event === 'ready');
    expect(replay.changes().map((c) => c.id)).toEqual([first, second, third]);
    const live = await recordChange(t, mine, { state: 3 });
    await recordChange(t, theirs, { clientId: stranger.clientId });
    await replay.until((e) => e.id === String(live) && !e.event);
    await new Promise((r) => setTimeout(r, 300));
    expect(replay.changes().map((c) => c.id)).toEqual([first, second, third, live]);
    replay.close();

    const resumed = await open(`?since=${first - 1}`, { ...t.headers(), 'Last-Event-ID': String(second) });
    const ready = await resumed.until((e) => e.event === 'ready');
    expect(resumed.changes().map((c) => c.id)).toEqual([third, live]);
    expect(Number(ready.id)).toBeGreaterThanOrEqual(live);
    resumed.close();

    const theirStream = await open(`?since=${first - 1}`, t.headers(stranger));
    await theirStream.until((e) => e.event === 'ready');
    expect(theirStream.changes().every((c) => c.data.eventId === theirs)).toBe(true);
    expect(theirStream.changes()).toHaveLength(2);
    theirStream.close();
  });

  it('limits the stream to one event with ?eventId=', async () => {
    const a = await insertEvent(t, { title: 'A' });
    const b = await insertEvent(t, { title: 'B' });
    const start = await recordChange(t, a);
    const stream = await open(`?since=${start - 1}&eventId=${b}`);
    await stream.until((e) => e.event === 'ready');
    const onB = await recordChange(t, b);
    await recordChange(t, a);
    await stream.until((e) => e.id === String(onB));
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.changes().map((c) => c.data.eventId)).toEqual([b]);
    stream.close();
  });

  it('keeps seq order when a change commits after a later one, and skips a seq that never commits', async () => {
    const eventId = await insertEvent(t, { title: 'Gaps' });
    const stream = await open();
    await stream.until((e) => e.event === 'ready');
    // A seq taken by a transaction that has not committed yet...
    const sequence = sql`pg_get_serial_sequence('event_changes', 'seq')`;
    const reserved = (await t.database.db.execute(sql`select nextval(${sequence}) as seq`)) as unknown as { rows: { seq: string | number }[] };
    const late = Number(reserved.rows[0]!.seq);
    const after = await recordChange(t, eventId, { state: 1 });
    await new Promise((r) => setTimeout(r, 250));
    // ...holds the later change back,
    expect(stream.changes()).toEqual([]);
    // until it commits: then both come, in seq order.
    await t.database.db.insert(eventChanges).values({ seq: late, clientId: t.clientId, eventId, action: 'Updated', state: 0, mp4State: 0, createdAt: t.clock.now() });
    await stream.until((e) => e.id === String(after));
    expect(stream.changes().map((c) => c.id)).toEqual([late, after]);

    // A seq that never commits (rolled back) holds later ones for gapWaitMs only.
    await t.database.db.execute(sql`select nextval(${sequence})`);
    const next = await recordChange(t, eventId, { state: 2 });
    const waited = Date.now();
    await stream.until((e) => e.id === String(next));
    expect(Date.now() - waited).toBeGreaterThanOrEqual(400);
    stream.close();
  });

  it('is woken in this process when a change commits, without waiting for the poll; closing the app ends the stream', async () => {
    const quiet = await createTestApp({ services: { changeFeed: { pollIntervalMs: 60_000 } } });
    try {
      const stream = await openText(quiet);
      await stream.readUntil('event: ready');
      const eventId = await insertEvent(quiet, { title: 'Woken' });
      const seq = await recordChange(quiet, eventId);
      const started = Date.now();
      await quiet.runJobs();
      expect(await stream.readUntil(`id: ${seq}\n`)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
      const closing = quiet.close();
      // The stream ends (rather than holding the app open).
      await stream.readToEnd();
      await closing;
    } catch (error) {
      await quiet.close().catch(() => undefined);
      throw error;
    }
  });

  it('refuses a stream still connecting when the service stops, rather than leave it open', async () => {
    // The first stream of an idle hub waits for LISTEN and the newest seq before the hub takes it;
    // a close() in that wait once let the hub take it afterwards, and the server's close then
    // waited on a stream nothing would end (a 60 s hang at the end of a test file under load).
    const hub = new ChangeHub(t.database.db, settingsOf(undefined));
    const connecting = hub.subscribe({ clientId: t.clientId, eventId: undefined, deliver: () => undefined, end: () => undefined });
    hub.close();
    expect(await connecting, 'refused: the route answers 503 and the client reconnects').toBeNull();
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(document.paths['/changes']?.get?.operationId).toBe('service.changes');
  });
});

describe('GET /api/changes: waking and resuming', () => {
  it('is woken by NOTIFY when a change commits, with no job run and no poll due', async () => {
    const quiet = await createTestApp({ services: { changeFeed: { pollIntervalMs: 60_000, listeningPollIntervalMs: 60_000 } } });
    try {
      const stream = await openText(quiet);
      // `ready` comes once the hub's LISTEN is in place.
      await stream.readUntil('event: ready');
      const eventId = await insertEvent(quiet, { title: 'Notified' });
      // The writer's transaction commits; nothing else happens in this process.
      const seq = await recordChange(quiet, eventId);
      expect(await stream.readUntil(`id: ${seq}\n`)).toBe(true);
      stream.close();
    } finally {
      await quiet.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)('wakes the hub of another process sharing the PostgreSQL database', async () => {
    const quiet = await createTestApp({ services: { changeFeed: { pollIntervalMs: 60_000, listeningPollIntervalMs: 60_000 } } });
    // A second pool on the same database stands for a second service process.
    const { openDatabase } = await import('../db/database.ts');
    const connectionString = ((quiet.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString);
    const other = await openDatabase({ databaseUrl: connectionString, poolSize: 2 });
    try {
      const stream = await openText(quiet);
      // `ready` comes once the hub's LISTEN is in place.
      await stream.readUntil('event: ready');
      const eventId = await insertEvent(quiet, { title: 'Elsewhere' });
      // Recorded (and NOTIFY sent) through the other pool.
      const seq = await recordChange({ ...quiet, database: other }, eventId);
      expect(await stream.readUntil(`id: ${seq}\n`)).toBe(true);
      stream.close();
    } finally {
      await other.close();
      await quiet.close();
    }
  });

  it('says the replay is complete, or not when changes after the resume point were pruned', async () => {
    const eventId = await insertEvent(t, { title: 'Resumed' });
    const before = await recordChange(t, eventId);
    const kept = await recordChange(t, eventId);
    await t.runJobs();

    const whole = await open(`?since=${before - 1}`);
    const ready = await whole.until((e) => e.event === 'ready');
    expect(JSON.parse(ready.data!)).toEqual({ seq: Number(ready.id), complete: true });
    whole.close();

    // Three days on, the log is pruned: resuming from before the oldest change left is not complete.
    t.clock.advance(73 * 3_600_000);
    const latest = await recordChange(t, eventId);
    // The change log's prune job falls due as the clock moves (changes/prune.ts).
    await t.runJobs();
    const gap = await open(`?since=${kept - 1}`);
    const gapReady = await gap.until((e) => e.event === 'ready');
    expect(JSON.parse(gapReady.data!)).toMatchObject({ complete: false });
    expect(gap.changes().map((c) => c.id)).toEqual([latest]);
    gap.close();

    // From the newest change on, nothing is missing.
    const fine = await open(`?since=${latest}`);
    expect(JSON.parse((await fine.until((e) => e.event === 'ready')).data!)).toMatchObject({ complete: true });
    fine.close();
  });

  it('starts at the present, not complete, from a position this service never reached, and then misses nothing', async () => {
    const eventId = await insertEvent(t, { title: 'Elsewhere' });
    const stream = await open('', { ...t.headers(), 'Last-Event-ID': '999999999' });
    const ready = await stream.until((e) => e.event === 'ready');
    expect(JSON.parse(ready.data!)).toMatchObject({ complete: false });
    expect(Number(ready.id)).toBeLessThan(999_999_999);
    const seq = await recordChange(t, eventId);
    await stream.until((e) => e.id === String(seq) && !e.event);
    stream.close();
  });
});
