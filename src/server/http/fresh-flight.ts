/**
 * Request collapsing for `noCache` reads (issue 27, "the uncached list"): identical reads that
 * bypass the cache share one computation, one that read the database as it was when each of them
 * arrived.
 *
 * `noCache` promises an answer read from the database as it is when the request is made. The
 * response cache's single flight (response-cache.ts `flight`) lets a miss join a computation
 * already under way when no invalidation of its client came in since it began. A `noCache` read
 * is the escape from the cache, so it trusts that only where nothing can write unheard:
 *
 * - **Every writer in this process** (PGlite, `generationOf` given): every write, job and recorded
 *   change moves the client's generation here before anyone learns of it (response-cache.ts), so a
 *   computation begun at the generation the client still has read what a new one would. The read
 *   joins it; failing that, the next one.
 * - **Other writers** (PostgreSQL: other processes, or anything else with a connection) may
 *   commit unheard, so the read never joins a computation under way. It joins the next one, which
 *   begins at the end of the event loop's turn or once the one under way for the same key is done.
 *
 * Ten connections asking for the same page thus cost one computation per round of them, not ten
 * (on PGlite about one per computation's time, since the round that arrives during one joins it),
 * and each answer is still read after every write its request could have seen.
 *
 * The key is the response cache's (client, operation, input, service URL): requests that share one
 * would each compute the same answer. A computation that gives nothing to share (an error, a
 * status other than 200) settles with undefined, and those that waited for it compute their own.
 */
import type { CachedAnswer } from './response-cache.ts';

interface Running {
  /** Settles when the computation is done. */
  done: Promise<void>;
  answer: Promise<CachedAnswer | undefined>;
  /** The client's generation when it began (only with `generationOf`): a read at the same one may join it. */
  generation: number | undefined;
}

interface Slot {
  /** The computation under way for the key, if any. */
  running?: Running;
  /** The computation not begun yet, which a new request joins. */
  next?: Promise<CachedAnswer | undefined>;
}

export type FreshTurn =
  | { wait: Promise<CachedAnswer | undefined> }
  | {
      /** Settles when the caller may begin computing: later requests need the next computation. */
      begin: Promise<void>;
      settle(answer: CachedAnswer | undefined): void;
    };

export interface FreshFlightsOptions {
  /**
   * The client's generation (response-cache.ts `generation`), given only when every write to the
   * database goes through this process: reads may then join a computation under way (see the top).
   */
  generationOf?: (clientId: string) => number;
}

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FreshFlights {
  private readonly slots = new Map<string, Slot>();
  private readonly generationOf: ((clientId: string) => number) | undefined;

  constructor(options: FreshFlightsOptions = {}) {
    this.generationOf = options.generationOf;
  }

  /**
   * Either the computation to wait for (`wait`), or the caller computes, once `begin` settles, and
   * hands its answer to `settle`. `clientId` is the one in `key`.
   */
  turn(key: string, clientId: string): FreshTurn {
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = {}));
    const running = slot.running;
    if (running?.generation !== undefined && running.generation === this.generationOf?.(clientId)) return { wait: running.answer };
    if (slot.next) return { wait: slot.next };
    let settle: (answer: CachedAnswer | undefined) => void = () => undefined;
    const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    const done = answer.then(() => undefined);
    const before = running?.done;
    slot.next = answer;
    let mine: Running | undefined;
    const begin = (async () => {
      await endOfTurn();
      await before;
      if (slot.next === answer) slot.next = undefined;
      // Read at the last moment before the caller's statements: the generation never runs ahead of what they read.
      mine = { done, answer, generation: this.generationOf?.(clientId) };
      slot.running = mine;
    })();
    return {
      begin,
      settle: (value) => {
        settle(value);
        if (slot.running === mine) slot.running = undefined;
        if (!slot.running && !slot.next && this.slots.get(key) === slot) this.slots.delete(key);
      },
    };
  }

  /** Keys with a computation under way or waiting (for tests: none is left behind). */
  get size(): number {
    return this.slots.size;
  }
}
