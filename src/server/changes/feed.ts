/**
 * The change feed (beyond the interface; DESIGN.md "Change feed"): `GET /api/changes` streams the
 * caller's event changes as Server-Sent Events, carrying the same notification JSON webhooks
 * receive (webhook/serialize.ts toNotification), with the change's seq as the SSE id.
 *
 * - Authentication: API-KEY or X-Auth-Key header, as every operation. A browser EventSource cannot
 *   send headers, so the dashboard reads the stream with fetch.
 * - Resuming: `Last-Event-ID` (sent by an EventSource when it reconnects) or `?since=<seq>` replays
 *   every change of the client after that seq, then continues live. Without either the stream
 *   starts at the present. A `ready` event (its id the position reached) marks the end of the replay.
 * - `?eventId=` limits the stream to one event.
 * - A comment line every 15 s keeps proxies from closing an idle stream.
 *
 * One hub per database handle reads `event_changes` for all connections: woken in this process
 * when a change commits (onChangeRecorded, told by the fan-out job), and polling every second for
 * changes committed by other processes sharing a PostgreSQL database. Changes are emitted in
 * strictly increasing seq, so the last id a client saw is a safe place to resume: a seq missing
 * from the table (a transaction still open in another process, or rolled back) holds later ones
 * back until it shows up or `gapWaitMs` passes; a transaction that commits a change later than
 * that is missed by the feed (never by webhooks, which are driven by their own queue).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gt, lte, max } from 'drizzle-orm';
import { z } from 'zod';
import { Guid } from '#schema';
import type { AppExtension } from '../app.ts';
import type { Db } from '../db/database.ts';
import { eventChanges } from '../db/tables/changes.ts';
import { HttpError, issuesToFields, sendError, validationError } from '../http/errors.ts';
import type { ExtensionRoute } from '../http/openapi.ts';
import { toNotification } from '../areas/webhook/serialize.ts';
import { onChangeRecorded } from './record.ts';

export interface ChangeFeedSettings {
  /** How often the table is read for changes of other processes. Default 1 s. */
  pollIntervalMs?: number;
  /** A comment line this often on an idle stream. Default 15 s. */
  heartbeatMs?: number;
  /** How long a missing seq holds later changes back. Default 10 s. */
  gapWaitMs?: number;
  /** Changes queued for a client that does not read them before the stream is closed (it resumes). Default 10 000. */
  maxQueued?: number;
}

declare module '../services.ts' {
  interface AppServices {
    /** The change feed (src/server/changes/feed.ts). */
    changeFeed?: ChangeFeedSettings;
  }
}

type ChangeRow = typeof eventChanges.$inferSelect;

const PAGE = 500;

interface Subscriber {
  clientId: string;
  eventId: string | undefined;
  deliver(rows: ChangeRow[]): void;
  end(): void;
}

/** Reads the table once for every connection of an app and hands each its client's changes, in seq order. */
class ChangeHub {
  private watermark: number | undefined;
  private readonly subscribers = new Set<Subscriber>();
  /** When a gap before a seq was first seen (by the seq after the gap). */
  private readonly gapSeen = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private again = false;
  private unlisten: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: Required<ChangeFeedSettings>,
  ) {}

  /** The seq up to which every change has been handed out. */
  get position(): number {
    return this.watermark ?? 0;
  }

  async subscribe(subscriber: Subscriber): Promise<number> {
    if (this.subscribers.size === 0) {
      // Idle until now: start from the present, not from where the last stream left off.
      const [row] = await this.db.select({ last: max(eventChanges.seq) }).from(eventChanges);
      if (this.subscribers.size === 0) {
        this.watermark = Number(row?.last ?? 0);
        this.gapSeen.clear();
      }
    }
    // Registering and reading the position together: the subscriber gets every change after it from the hub.
    this.subscribers.add(subscriber);
    if (!this.timer) {
      this.unlisten = onChangeRecorded(() => this.poke());
      this.timer = setInterval(() => this.poke(), this.settings.pollIntervalMs);
      this.timer.unref();
    }
    return this.watermark!;
  }

  unsubscribe(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
  }

  close(): void {
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
    this.stop();
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
      const rows = await this.db.select().from(eventChanges).where(gt(eventChanges.seq, from)).orderBy(asc(eventChanges.seq)).limit(PAGE);
      const now = Date.now();
      let position: number = from;
      const ready: ChangeRow[] = [];
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
      if (rows.length < PAGE || ready.length < rows.length) return;
    }
  }
}

const hubs = new WeakMap<Db, ChangeHub>();

function settingsOf(settings: ChangeFeedSettings | undefined): Required<ChangeFeedSettings> {
  return { pollIntervalMs: 1_000, heartbeatMs: 15_000, gapWaitMs: 10_000, maxQueued: 10_000, ...settings };
}

const FeedQuery = z.object({
  since: z.coerce.number().int().min(0).optional(),
  eventId: Guid.optional(),
});

function frame(row: ChangeRow): string {
  return `id: ${row.seq}\ndata: ${JSON.stringify(toNotification(row))}\n\n`;
}

/** One open stream: replays from the table, then writes what the hub hands it, minding backpressure. */
class FeedConnection implements Subscriber {
  private queue: ChangeRow[] = [];
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
    private readonly settings: Required<ChangeFeedSettings>,
  ) {}

  deliver(rows: ChangeRow[]): void {
    if (this.ended) return;
    this.queue.push(...rows);
    // A client that does not read is cut off; it resumes from its last id and loses nothing.
    if (this.queue.length > this.settings.maxQueued) this.end();
    else if (this.live) void this.flush();
  }

  /** Replays the changes after `since` up to `upTo` (where the hub stood at subscription), then goes live. */
  async start(db: Db, upTo: number): Promise<void> {
    const raw = this.reply.raw;
    let cursor = this.since ?? upTo;
    this.heartbeat = setInterval(() => void this.write(': heartbeat\n\n'), this.settings.heartbeatMs);
    this.heartbeat.unref();
    await this.write('retry: 3000\n\n');
    while (!this.ended && cursor < upTo) {
      const rows = await db
        .select()
        .from(eventChanges)
        .where(
          and(
            eq(eventChanges.clientId, this.clientId),
            gt(eventChanges.seq, cursor),
            lte(eventChanges.seq, upTo),
            this.eventId ? eq(eventChanges.eventId, this.eventId) : undefined,
          ),
        )
        .orderBy(asc(eventChanges.seq))
        .limit(PAGE);
      for (const row of rows) await this.write(frame(row));
      cursor = rows.length < PAGE ? upTo : rows[rows.length - 1]!.seq;
    }
    if (this.ended || raw.destroyed) return;
    this.lastSent = Math.max(cursor, upTo);
    await this.write(`event: ready\nid: ${this.lastSent}\ndata: ${JSON.stringify({ seq: this.lastSent })}\n\n`);
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
        await this.write(frame(row));
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
    summary: 'Change feed of events (Server-Sent Events)',
    description: [
      'a text/event-stream of the changes of your events, each `data` the same JSON notification webhooks receive (WebhookNotification: camelCase, enumerations by name) and each `id` the change seq.',
      'Query `since=<seq>` (or the `Last-Event-ID` header, which wins) replays the changes after that seq first; without either the stream starts now.',
      '`eventId=<GUID>` limits it to one event. An `event: ready` message (id = the position reached) ends the replay; a comment line comes every 15 s.',
      'Authenticated by the API-KEY (or X-Auth-Key) header, so read it with fetch rather than EventSource.',
    ].join(' '),
    authenticated: true,
    responses: {
      200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      400: { description: 'since, eventId or Last-Event-ID is not valid', ...errorResponse },
      401: { description: 'No valid API key', ...errorResponse },
    },
  },
];

export const changeFeed: AppExtension = {
  routes: CHANGE_FEED_ROUTES,
  register(app: FastifyInstance, { db, services, authenticate }) {
    const settings = settingsOf(services.changeFeed);
    let hub = hubs.get(db);
    if (!hub) {
      hub = new ChangeHub(db, settings);
      hubs.set(db, hub);
    }
    const theHub = hub;
    app.addHook('preClose', async () => {
      theHub.close();
      hubs.delete(db);
    });

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
