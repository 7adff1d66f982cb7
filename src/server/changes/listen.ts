/**
 * Waking change-feed hubs across processes: `recordEventChange` sends `NOTIFY` on CHANGES_CHANNEL
 * in the writer's transaction (PostgreSQL delivers it at commit, and never for a rollback), and
 * each hub LISTENs while it has streams to feed. With PostgreSQL every service process sharing
 * the database is woken at once; PGlite (one process) delivers it in-process the same way.
 *
 * Listening is best effort: the hub still polls (less often while listening), so a lost listening
 * connection only delays a stream until it is back or the next poll.
 */
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PglitePool, type Db } from '../db/database.ts';
import { poolOf } from '../db/tenant-scope.ts';

/** The channel every service process uses; the payload is `changeNotice`'s. */
export const CHANGES_CHANNEL = 'control_room_event_changes';

/**
 * The NOTIFY a recorder sends for a client's changes, in its statement (delivered at commit):
 * `<seq>:<client id>:<r|s>`, the highest seq, whose changes they are, and whether a request wrote
 * them (its statements carry the client, tenant-scope.ts) or the service's own work did
 * (committed.ts reads it).
 */
export function changeNotice(seq: SQL, clientId: SQL): SQL {
  return sql`pg_notify(${CHANGES_CHANNEL}, (${seq})::text || ':' || (${clientId})::text || ':' || case when coalesce(current_setting('control.client_id', true), '') = '' then 's' else 'r' end)`;
}

export interface ChangeListener {
  /**
   * Settles once the first attempt to LISTEN has: true when it is in place (a change committed
   * from then on wakes the hub), false when it failed (it is tried again; polling meanwhile).
   */
  readonly ready: Promise<boolean>;
  /**
   * PostgreSQL: one round trip on the listening connection. When it settles, every notification
   * committed before it was called has been handled (the server sends a session's pending
   * notifications before it answers the session's next query), so a reader that syncs first
   * cannot miss a write another process finished before the read began. Rejects when not listening.
   * Concurrent calls share round trips (a call never joins one already sent).
   */
  sync?(): Promise<void>;
  /** PostgreSQL: how many round trips `sync` has sent. */
  readonly syncRoundTrips?: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** The channel; default CHANGES_CHANNEL. The response cache listens on its own (http/response-cache.ts). */
  channel?: string;
  /** Called for each notification (the payload is the seq as text). Must not throw. */
  onNotify(payload: string): void;
  /** The LISTEN came into place or was lost: polling may slow down or must speed up. */
  onState?(listening: boolean): void;
  /** Time before a lost PostgreSQL listening connection is opened again; doubles up to 30 s. Default 1 s. */
  reconnectMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

/** Starts listening on CHANGES_CHANNEL through the database behind `db`; undefined when the driver cannot. */
export function listenForChanges(db: Db, options: ListenOptions): ChangeListener | undefined {
  const client: unknown = poolOf(db);
  // PglitePool first: it is a pg.Pool too, but of one shared session, not a server to connect to again.
  if (client instanceof PglitePool) return listenPglite(client, options);
  if (client instanceof pg.Pool) return listenPostgres(client, options);
  return undefined;
}

/** How many listeners each PGlite session has per channel: the session's LISTEN is shared, so the last one UNLISTENs. */
const pgliteListeners = new WeakMap<PglitePool, Map<string, number>>();

/**
 * PGlite is one session: the LISTEN runs on it through the pool like any query, and the session's
 * connection hands on every notification it receives (its own writes' NOTIFYs, at their commit).
 */
function listenPglite(pool: PglitePool, options: ListenOptions): ChangeListener {
  const channel = options.channel ?? CHANGES_CHANNEL;
  const counts = pgliteListeners.get(pool) ?? new Map<string, number>();
  pgliteListeners.set(pool, counts);
  counts.set(channel, (counts.get(channel) ?? 0) + 1);
  let closed = false;
  const hear = (message: { channel: string; payload: string }) => {
    if (message.channel === channel && !closed) options.onNotify(message.payload);
  };
  pool.host.connection.notifications.on('notification', hear);
  const started = pool
    .query(`LISTEN ${channel}`)
    .then(() => {
      if (!closed) options.onState?.(true);
      return !closed;
    })
    .catch((error: unknown) => {
      options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'change feed: LISTEN failed; polling only');
      return false;
    });
  return {
    ready: started,
    async close() {
      if (closed) return;
      closed = true;
      pool.host.connection.notifications.off('notification', hear);
      await started;
      const left = (counts.get(channel) ?? 1) - 1;
      counts.set(channel, left);
      // The database may be closing already.
      if (left === 0) await pool.query(`UNLISTEN ${channel}`).catch(() => undefined);
    },
  };
}

/**
 * A dedicated connection (not one of the pool's: a LISTEN holds its connection for as long as it
 * lasts), opened again with backoff when it is lost.
 */
function listenPostgres(pool: pg.Pool, options: ListenOptions): ChangeListener {
  const firstDelay = options.reconnectMs ?? 1_000;
  const channel = options.channel ?? CHANGES_CHANNEL;
  let listening = false;
  let closed = false;
  let connection: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = firstDelay;
  let roundTrips = 0;
  let settleReady: (listening: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));

  const setListening = (value: boolean) => {
    settleReady(value);
    if (listening === value) return;
    listening = value;
    options.onState?.(value);
  };

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(30_000, delay * 2);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    connection = next;
    const lost = (error?: Error) => {
      if (connection !== next) return;
      connection = undefined;
      setListening(false);
      if (!closed) {
        options.log?.warn({ err: error?.message ?? 'connection ended' }, 'change feed: lost the LISTEN connection; polling until it is back');
        void next.end().catch(() => undefined);
        retry();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === channel) options.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed || connection !== next) {
        await next.end().catch(() => undefined);
        return;
      }
      delay = firstDelay;
      setListening(true);
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };

  // Coalesced syncs: a caller joins the round trip not yet sent, which goes at the end of the
  // event loop's turn (setImmediate), once the one before it is back. Sent at once, the first of
  // ten hits read in the same turn took a round trip of its own and the other nine the next:
  // under 10 connections the round trips' socket writes were a tenth of the process's CPU, and
  // its hits waited on them (docs/performance.md, "The cached list on PostgreSQL").
  let inFlight: Promise<void> | undefined;
  let pending: Promise<void> | undefined;
  const roundTrip = async (): Promise<void> => {
    const current = connection;
    if (!current || !listening) throw new Error('not listening');
    roundTrips++;
    await current.query('select 1');
  };
  const sync = (): Promise<void> => {
    pending ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => inFlight?.catch(() => undefined))
      .then(() => {
        // From here on a caller needs the round trip after this one: this one may be on the wire.
        pending = undefined;
        inFlight = roundTrip().finally(() => (inFlight = undefined));
        return inFlight;
      });
    return pending;
  };

  void connect();
  return {
    ready,
    sync,
    get syncRoundTrips() {
      return roundTrips;
    },
    async close() {
      closed = true;
      settleReady(false);
      clearTimeout(timer);
      timer = undefined;
      const current = connection;
      connection = undefined;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
