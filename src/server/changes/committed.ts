/**
 * The change log's one post-commit hook: every change recorded (record.ts, record-entity.ts) sends
 * a NOTIFY in its writer's transaction, delivered when that commits (listen.ts), whoever wrote it:
 * a request, a job's step, the media lane, the recorder, another process on the same PostgreSQL.
 * One listener per app hears them from its start to its close, with or without a page reading
 * the change feed, and tells what it hears to:
 *
 * - the response cache (feed.ts `changeFeed`), which drops the client's answers, once per change:
 *   a change a request wrote is dropped by that request's own write (register.ts `onWrite`, and on
 *   PostgreSQL CACHE_CHANNEL for the other processes), before it answers, so the hook leaves it;
 * - the change feed's hub (feed.ts), which reads the new changes and hands them to its streams.
 *   Handlers run in the order they were added: the cache's first, so a page that hears of a
 *   change and asks again is answered the change.
 */
import type { Db } from '../db/database.ts';
import { listenForChanges, type ChangeListener } from './listen.ts';

/** What a change's NOTIFY says (listen.ts `changeNotice`). */
export interface CommittedChange {
  /** The highest seq of the statement that recorded it (one NOTIFY may stand for several changes of a client). */
  seq: number;
  clientId: string;
  /** Written by a request (a client's statement), whose write drops the cache itself. */
  byRequest: boolean;
}

export interface CommittedChangeHandler {
  committed?(change: CommittedChange): void;
  /** The LISTEN came into place (true) or was lost (false): changes may go unheard until it is back. */
  listening?(listening: boolean): void;
}

/** Reads a change's NOTIFY payload, `<seq>:<client id>:<r|s>`; undefined for anything else. */
export function parseChangeNotice(payload: string): CommittedChange | undefined {
  const [seq, clientId, origin] = payload.split(':');
  if (!seq || !/^\d+$/.test(seq) || !clientId) return undefined;
  return { seq: Number(seq), clientId, byRequest: origin === 'r' };
}

export class CommittedChanges {
  private readonly handlers: CommittedChangeHandler[] = [];
  private listener: ChangeListener | undefined;
  private listeningNow = false;
  private closed = false;
  /** Settles once the first LISTEN has been tried: true when it is in place. */
  readonly ready: Promise<boolean>;

  constructor(db: Db, log?: { warn(obj: object, msg?: string): void }) {
    this.listener = listenForChanges(db, {
      onNotify: (payload) => {
        const change = parseChangeNotice(payload);
        if (change) for (const handler of [...this.handlers]) handler.committed?.(change);
      },
      onState: (listening) => {
        this.listeningNow = listening;
        for (const handler of [...this.handlers]) handler.listening?.(listening);
      },
      ...(log ? { log } : {}),
    });
    this.ready = this.listener?.ready ?? Promise.resolve(false);
  }

  /** Whether a change committed now is heard. */
  get listening(): boolean {
    return this.listeningNow && !this.closed;
  }

  /** Adds a handler; answers its removal. */
  on(handler: CommittedChangeHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const index = this.handlers.indexOf(handler);
      if (index >= 0) this.handlers.splice(index, 1);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.length = 0;
    await this.listener?.close();
  }
}
