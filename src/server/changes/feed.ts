/**
 * The change feed (beyond the interface; DESIGN.md "Change feed"): `GET /api/changes` streams the
 * caller's changes as Server-Sent Events: of events, the same notification JSON webhooks receive
 * (webhook/serialize.ts toNotification); of every other record a page shows, an `event: change`
 * (EntityChange, record-entity.ts). The change's seq is the SSE id.
 *
 * - Authentication: API-KEY or X-Auth-Key header, as every operation. A browser EventSource cannot
 *   send headers, so the dashboard reads the stream with fetch.
 * - Resuming: `Last-Event-ID` (sent by an EventSource when it reconnects) or `?since=<seq>` replays
 *   every change of the client after that seq, then continues live. Without either the stream
 *   starts at the present. A `ready` event (its id the position reached) marks the end of the replay.
 * - `?eventId=` limits the stream to one event.
 * - A comment line every 15 s keeps proxies from closing an idle stream.
 *
 * - `ready`'s data is `{ seq, complete }`: `complete` is false when the service no longer holds
 *   every change after the resume point (the log is pruned after a retention, prune.ts), so the
 *   client must refresh everything rather than rely on the replay.
 *
 * One hub per database handle reads `event_changes` for all connections. It is woken when a
 * change commits: by the change log's post-commit hook (committed.ts: PostgreSQL's LISTEN/NOTIFY,
 * which every process sharing the database hears for a commit of any of them, PGlite the same
 * in-process). The hook also drops the client's cached answers, before the hub is woken, whether
 * or not a stream is open. The first stream of an idle hub waits (briefly) for
 * the LISTEN before it reads the present, so what commits after `ready` wakes the hub. It also
 * polls, every second while it cannot listen and every 5 s while it can, in case a notification is
 * lost, and looks at once whenever the LISTEN comes into place or is lost. Changes are emitted in
 * strictly increasing seq, so the last id a client saw is a safe place to resume: a seq missing
 * from the table (a transaction still open in another process, or rolled back) holds later ones
 * back until it shows up or `gapWaitMs` passes; a transaction that commits a change later than
 * that is missed by the feed (never by webhooks, which are driven by their own queue).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gt, lte, max, min, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { Guid, type EntityChange } from '#schema';
import type { AppExtension } from '../http/extension.ts';
import type { Db } from '../db/database.ts';
import { entityChanges, eventChanges } from '../db/tables/changes.ts';
import { HttpError, issuesToFields, sendError, validationError } from '../http/errors.ts';
import type { ExtensionRoute } from '../http/openapi.ts';
import { toNotification } from './notification.ts';
import { CommittedChanges } from './committed.ts';
import { ensureChangePruneScheduled, type PruneSettings } from './prune.ts';

export interface ChangeFeedSettings extends PruneSettings {
  /** How often the table is read for changes of other processes while LISTEN is not in place. Default 1 s. */
  pollIntervalMs?: number;
  /** How often it is read while LISTEN wakes the hub (a safety net). Default 5 s. */
  listeningPollIntervalMs?: number;
  /** Wake the hub with PostgreSQL LISTEN/NOTIFY. Default true. */
  listen?: boolean;
  /** A comment line this often on an idle stream. Default 15 s. */
  heartbeatMs?: number;
  /** How long a missing seq holds later changes back. Default 10 s. */
  gapWaitMs?: number;
  /** Changes queued for a client that does not read them before the stream is closed (it resumes). Default 10 000. */
  maxQueued?: number;
}

type ChangeRow = typeof eventChanges.$inferSelect;
type EntityChangeRow = typeof entityChanges.$inferSelect;

/** A change of either log, ready to write: its seq, whose it is, the event it concerns (if any) and its SSE frame. */
interface FeedRow {
  seq: number;
  clientId: string;
  eventId: string | undefined;
  frame: string;
}

function eventRow(row: ChangeRow): FeedRow {
  return { seq: row.seq, clientId: row.clientId, eventId: row.eventId, frame: `id: ${row.seq}\ndata: ${JSON.stringify(toNotification(row))}\n\n` };
}

/** The other records' changes are `event: change` messages: a reader of notifications only (an EventSource's onmessage) never sees them. */
function entityRow(row: EntityChangeRow): FeedRow {
  const data: EntityChange = {
    kind: row.kind,
    id: row.subjectId,
    action: row.action,
    ...(row.eventId ? { eventId: row.eventId } : {}),
    ...(row.progress ? { progress: row.progress } : {}),
  };
  return { seq: row.seq, clientId: row.clientId, eventId: row.eventId ?? undefined, frame: `event: change\nid: ${row.seq}\ndata: ${JSON.stringify(data)}\n\n` };
}

interface LogRange {
  after: number;
  upTo?: number;
  clientId?: string;
  eventId?: string;
}

/** The columns both logs share, by which a range of either is read. */
interface LogColumns {
  seq: AnyPgColumn;
  clientId: AnyPgColumn;
  eventId: AnyPgColumn;
}

/** Which rows of one log are in the range. */
function inRange(log: LogColumns, range: LogRange): SQL | undefined {
  return and(
    gt(log.seq, range.after),
    range.upTo === undefined ? undefined : lte(log.seq, range.upTo),
    range.clientId ? eq(log.clientId, range.clientId) : undefined,
    range.eventId ? eq(log.eventId, range.eventId) : undefined,
  );
}

/**
 * Up to `limit` changes after `after` (and up to `upTo`) of both logs, in seq order (they share one
 * sequence). `full`: there may be more after the last one.
 */
async function readLog(db: Db, range: LogRange, limit = PAGE): Promise<{ rows: FeedRow[]; full: boolean }> {
  const events = await db.select().from(eventChanges).where(inRange(eventChanges, range)).orderBy(asc(eventChanges.seq)).limit(limit);
  const others = await db.select().from(entityChanges).where(inRange(entityChanges, range)).orderBy(asc(entityChanges.seq)).limit(limit);
  const rows = [...events.map(eventRow), ...others.map(entityRow)].sort((a, b) => a.seq - b.seq);
  // A log that filled its page may hold more before the other's later rows: stop at its last.
  const cuts = [events, others].filter((list) => list.length >= limit).map((list) => list.at(-1)!.seq);
  if (cuts.length === 0) return { rows, full: false };
  const cut = Math.min(...cuts);
  return { rows: rows.filter((r) => r.seq <= cut), full: true };
}

/** The highest seq of both logs. */
async function newestSeq(db: Db): Promise<number> {
  const [a] = await db.select({ last: max(eventChanges.seq) }).from(eventChanges);
  const [b] = await db.select({ last: max(entityChanges.seq) }).from(entityChanges);
  return Math.max(Number(a?.last ?? 0), Number(b?.last ?? 0));
}

const PAGE = 500;

/** How long the first stream waits for LISTEN to come into place before it goes on with polling alone. */
const LISTEN_WAIT_MS = 2_000;

interface Subscriber {
  clientId: string;
  eventId: string | undefined;
  deliver(rows: FeedRow[]): void;
  /** A message that is no change (presence/): written now if the stream is live, else missed. */
  send?(frame: string): void;
  end(): void;
}

/** Reads the table once for every connection of an app and hands each its client's changes, in seq order. */
export class ChangeHub {
  private watermark: number | undefined;
  private readonly subscribers = new Set<Subscriber>();
  /** When a gap before a seq was first seen (by the seq after the gap). */
  private readonly gapSeen = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  /** Set while the hub runs (wake()): settles once LISTEN is in place or given up on for now. */
  private waking: Promise<void> | undefined;
  /** The app is closing: nothing starts again. */
  private closed = false;
  private polling: Promise<void> | undefined;
  private again = false;
  /** Removes the hub's handler from the hook while no stream is open. */
  private unhook: (() => void) | undefined;
  private readonly committed: CommittedChanges;
  /** The hook is the hub's own (made for it, closed with it), not the app's. */
  private readonly ownHook: boolean;

  /** `committed`: the app's post-commit hook of the change log; without it the hub listens through a hook of its own. */
  constructor(
    private readonly db: Db,
    private readonly settings: HubSettings,
    committed?: CommittedChanges,
  ) {
    this.ownHook = committed === undefined;
    this.committed = committed ?? new CommittedChanges(db);
  }

  /** The seq up to which every change has been handed out. */
  get position(): number {
    return this.watermark ?? 0;
  }

  /** The position the subscriber starts after; null when the app is closing (the subscriber is not taken). */
  async subscribe(subscriber: Subscriber): Promise<number | null> {
    if (this.closed) return null;
    if (this.subscribers.size === 0) {
      // Idle until now: start from the present, not from where the last stream left off. The
      // wake-ups first: a change committed after the present is read is then heard, not missed.
      await this.wake();
      const last = await newestSeq(this.db);
      if (this.subscribers.size === 0) {
        this.watermark = last;
        this.gapSeen.clear();
      }
    }
    // close() ran while this waited: registering now would keep a stream open that nothing ends,
    // and the server's close would wait on it.
    if (this.closed) return null;
    // Registering and reading the position together: the subscriber gets every change after it from the hub.
    this.subscribers.add(subscriber);
    // Running again if the last subscriber left while this one waited.
    void this.wake();
    return this.watermark!;
  }

  /**
   * Starts polling, the in-process wake-up and LISTEN, unless they run; settles when LISTEN is in
   * place (or has failed, or LISTEN_WAIT_MS has passed: then the hub polls until it comes).
   */
  private wake(): Promise<void> {
    if (this.waking) return this.waking;
    if (this.closed) return Promise.resolve();
    const listens = this.settings.listen;
    this.startPolling(listens && this.committed.listening ? this.settings.listeningPollIntervalMs : this.settings.pollIntervalMs);
    this.unhook = listens
      ? this.committed.on({
          committed: () => this.poke(),
          // Listening: the poll is only a safety net. Not listening (lost): poll at full speed. Either
          // way look now, for what committed while nothing would have said so.
          listening: (listening) => {
            if (!this.waking) return;
            this.startPolling(listening ? this.settings.listeningPollIntervalMs : this.settings.pollIntervalMs);
            this.poke();
          },
        })
      : undefined;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LISTEN_WAIT_MS);
      timer.unref();
    });
    this.waking = Promise.race([listens ? this.committed.ready : Promise.resolve(), waited]).then(() => clearTimeout(timer));
    return this.waking;
  }

  private startPolling(intervalMs: number): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.poke(), intervalMs);
    this.timer.unref();
  }

  /** Sends a message that is no change to the client's streams (presence/presence.ts). */
  sendToClient(clientId: string, frame: string): void {
    for (const subscriber of this.subscribers) if (subscriber.clientId === clientId) subscriber.send?.(frame);
  }

  unsubscribe(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) this.stop();
  }

  private stop(): void {
    this.waking = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    this.unhook?.();
    this.unhook = undefined;
  }

  close(): void {
    this.closed = true;
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
    this.stop();
    if (this.ownHook) void this.committed.close();
  }

  poke(): void {
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = (async () => {
      try {
        do {
          this.again = false;
          await this.poll();
        } while (this.again && this.subscribers.size > 0);
      } catch {
        // The database may be closing, or briefly away: the next tick tries again.
      } finally {
        this.polling = undefined;
      }
    })();
  }

  private async poll(): Promise<void> {
    if (this.watermark === undefined || this.subscribers.size === 0) return;
    for (;;) {
      const from: number = this.watermark;
      const { rows, full } = await readLog(this.db, { after: from });
      const now = Date.now();
      let position: number = from;
      const ready: FeedRow[] = [];
      for (const row of rows) {
        if (row.seq !== position + 1) {
          const seen = this.gapSeen.get(row.seq) ?? now;
          this.gapSeen.set(row.seq, seen);
          if (now - seen < this.settings.gapWaitMs) break;
        }
        this.gapSeen.delete(row.seq);
        ready.push(row);
        position = row.seq;
      }
      this.watermark = position;
      if (ready.length > 0) {
        for (const subscriber of this.subscribers) {
          const mine = ready.filter((r) => r.clientId === subscriber.clientId && (!subscriber.eventId || r.eventId === subscriber.eventId));
          if (mine.length > 0) subscriber.deliver(mine);
        }
      }
      if (!full || ready.length < rows.length) return;
    }
  }
}

const hubs = new WeakMap<Db, ChangeHub>();

/**
 * Sends a message that is no change (`event: presence`, without an id, so a resume point stays
 * where it was) to every open stream of a client in this process.
 */
export function sendToClient(db: Db, clientId: string, frame: string): void {
  hubs.get(db)?.sendToClient(clientId, frame);
}

type HubSettings = Required<Omit<ChangeFeedSettings, keyof PruneSettings>>;

export function settingsOf(settings: ChangeFeedSettings | undefined): HubSettings {
  return { pollIntervalMs: 1_000, listeningPollIntervalMs: 5_000, listen: true, heartbeatMs: 15_000, gapWaitMs: 10_000, maxQueued: 10_000, ...settings };
}

const FeedQuery = z.object({
  since: z.coerce.number().int().min(0).optional(),
  eventId: Guid.optional(),
});

/** One open stream: replays from the table, then writes what the hub hands it, minding backpressure. */
class FeedConnection implements Subscriber {
  private queue: FeedRow[] = [];
  private live = false;
  /** The seq of the last change written (or skipped as not wanted); undefined until the replay starts. */
  private lastSent: number | undefined;
  private writing = false;
  private ended = false;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly reply: FastifyReply,
    readonly clientId: string,
    readonly eventId: string | undefined,
    private readonly since: number | undefined,
    private readonly hub: ChangeHub,
    private readonly settings: HubSettings,
  ) {}

  deliver(rows: FeedRow[]): void {
    if (this.ended) return;
    this.queue.push(...rows);
    // A client that does not read is cut off; it resumes from its last id and loses nothing.
    if (this.queue.length > this.settings.maxQueued) this.end();
    else if (this.live) void this.flush();
  }

  send(frame: string): void {
    if (this.live && !this.ended) void this.write(frame);
  }

  /** Replays the changes after `since` up to `upTo` (where the hub stood at subscription), then goes live. */
  async start(db: Db, upTo: number): Promise<void> {
    const raw = this.reply.raw;
    let since = this.since;
    this.heartbeat = setInterval(() => void this.write(': heartbeat\n\n'), this.settings.heartbeatMs);
    this.heartbeat.unref();
    await this.write('retry: 3000\n\n');
    const log = since === undefined ? undefined : await logBounds(db);
    // A position beyond every change this service ever recorded comes from another log (a service
    // started afresh behind the same URL): start at the present and say the replay is not complete.
    if (since !== undefined && log && since > log.newest) since = undefined;
    const complete = this.since === undefined || (since !== undefined && log !== undefined && (log.oldest === undefined || log.oldest <= since + 1));
    let cursor = since ?? upTo;
    while (!this.ended && cursor < upTo) {
      const { rows, full } = await readLog(db, { after: cursor, upTo, clientId: this.clientId, ...(this.eventId ? { eventId: this.eventId } : {}) });
      for (const row of rows) await this.write(row.frame);
      cursor = full ? rows[rows.length - 1]!.seq : upTo;
    }
    if (this.ended || raw.destroyed) return;
    this.lastSent = Math.max(cursor, upTo);
    await this.write(`event: ready\nid: ${this.lastSent}\ndata: ${JSON.stringify({ seq: this.lastSent, complete })}\n\n`);
    this.live = true;
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0 && !this.ended) {
        const row = this.queue.shift()!;
        if (row.seq <= this.lastSent!) continue;
        await this.write(row.frame);
        this.lastSent = row.seq;
      }
    } finally {
      this.writing = false;
    }
  }

  private write(text: string): Promise<void> {
    const raw = this.reply.raw;
    if (this.ended || raw.destroyed || raw.writableEnded) return Promise.resolve();
    if (raw.write(text)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        raw.off('drain', done);
        raw.off('close', done);
        resolve();
      };
      raw.on('drain', done);
      raw.on('close', done);
    });
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.hub.unsubscribe(this);
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
  }
}

/**
 * The oldest and newest seq in the log. A replay from `since` is complete when the oldest row left
 * is at most `since + 1`: older ones may have been pruned after the retention (prune.ts). A seq
 * never committed (a rollback) just before the oldest row also reads as missing: the client then
 * refreshes once too many, which is harmless. The newest row is never pruned.
 */
async function logBounds(db: Db): Promise<{ oldest: number | undefined; newest: number }> {
  const [a] = await db.select({ oldest: min(eventChanges.seq), newest: max(eventChanges.seq) }).from(eventChanges);
  const [b] = await db.select({ oldest: min(entityChanges.seq), newest: max(entityChanges.seq) }).from(entityChanges);
  const oldest = [a?.oldest, b?.oldest].filter((v) => v != null).map(Number);
  return { oldest: oldest.length > 0 ? Math.min(...oldest) : undefined, newest: Math.max(Number(a?.newest ?? 0), Number(b?.newest ?? 0)) };
}

function resumePoint(request: FastifyRequest, query: z.output<typeof FeedQuery>): number | undefined {
  const header = request.headers['last-event-id'];
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  if (text) {
    if (!/^\d+$/.test(text)) throw validationError([{ field: 'headers.Last-Event-ID', message: 'expected a change seq (a whole number)' }]);
    // The header is the newer position: an EventSource sends it when it reconnects to the URL it began with.
    return Number(text);
  }
  return query.since;
}

const errorResponse = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };

export const CHANGE_FEED_ROUTES: readonly ExtensionRoute[] = [
  {
    method: 'get',
    path: '/changes',
    operationId: 'service.changes',
    summary: 'Change feed (Server-Sent Events)',
    description: [
      'a text/event-stream of the changes of your events, each `data` the same JSON notification webhooks receive (WebhookNotification: camelCase, enumerations by name) and each `id` the change seq.',
      'Changes of the other records a dashboard shows come as `event: change` messages (data EntityChange `{kind, id, action, eventId?, progress?}`: kind publication, asset, download, mail, capture, segments (of the capture id), profile, stream, flow, destination or delivery (of the webhook id); progress `{percent, etaSeconds}` while work runs), in the same order and seq; with `eventId`, only those of that event.',
      'Query `since=<seq>` (or the `Last-Event-ID` header, which wins) replays the changes after that seq first; without either the stream starts now.',
      '`eventId=<GUID>` limits it to one event. An `event: ready` message (id = the position reached; data `{seq, complete}`) ends the replay: `complete` is false when changes after the resume point are no longer kept (the log is pruned after 72 hours), so refresh everything. A comment line comes every 15 s.',
      'Authenticated by the API-KEY (or X-Auth-Key) header, so read it with fetch rather than EventSource.',
    ].join(' '),
    authenticated: true,
    responses: {
      200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      400: { description: 'since, eventId or Last-Event-ID is not valid', ...errorResponse },
      401: { description: 'No valid API key', ...errorResponse },
      503: { description: 'The service is stopping: reconnect', ...errorResponse },
    },
  },
];

export const changeFeed: AppExtension = {
  routes: CHANGE_FEED_ROUTES,
  async register(app: FastifyInstance, { db, clock, services, authenticate }) {
    const settings = settingsOf(services.changeFeed);
    await ensureChangePruneScheduled(db, clock, services.changeFeed);
    // The change log's post-commit hook, from start to close (committed.ts). A change written
    // without a request (a media lane's progress, a job's step before it ends, the recorder) drops
    // its client's cached answers here, once, whether a page reads the feed or not; one a request
    // wrote was dropped by that request (register.ts). First, so a page that hears of a change from
    // the hub below and asks again is answered the change.
    const committed = new CommittedChanges(db, app.log);
    const cache = app.responseCache;
    if (cache) {
      committed.on({
        committed: (change) => {
          if (!change.byRequest) cache.invalidate(change.clientId);
        },
        // Changes may have gone unheard while it was lost.
        listening: (listening) => {
          if (!listening) cache.invalidateAll();
        },
      });
    }
    let hub = hubs.get(db);
    if (!hub) {
      hub = new ChangeHub(db, settings, committed);
      hubs.set(db, hub);
    }
    const theHub = hub;
    app.addHook('preClose', async () => {
      theHub.close();
      hubs.delete(db);
    });
    app.addHook('onClose', () => committed.close());

    app.get('/api/changes', { onRequest: authenticate }, async (request, reply) => {
      const parsed = FeedQuery.safeParse(request.query);
      if (!parsed.success) return sendError(request, reply, validationError(issuesToFields('query', parsed.error.issues)));
      let since: number | undefined;
      try {
        since = resumePoint(request, parsed.data);
      } catch (error) {
        if (error instanceof HttpError) return sendError(request, reply, error);
        throw error;
      }
      const connection = new FeedConnection(reply, request.client!.clientId, parsed.data.eventId, since, theHub, settings);
      // What the hub hands the connection from here on is queued until the replay is done.
      const position = await theHub.subscribe(connection);
      if (position === null) {
        return sendError(request, reply, new HttpError(503, 'Unavailable', 'The service is stopping: reconnect in a moment.'));
      }

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.on('close', () => connection.end());
      try {
        await connection.start(db, position);
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'change feed stream stopped');
        connection.end();
      }
    });
  },
};
