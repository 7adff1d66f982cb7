/**
 * Request collapsing for `noCache` reads (issue 27, "the uncached list"): identical reads that
 * bypass the cache share one computation, but only one that begins after each of them arrived.
 *
 * `noCache` promises an answer read from the database as it is when the request is made. The
 * response cache's single flight (response-cache.ts `flight`) lets a miss join a computation
 * already under way, as fresh as a hit; a `noCache` read may not: it joins the next one, which
 * begins at the end of the event loop's turn or once the one under way for the same key is done,
 * and waits for it. Ten connections asking for the same page then cost a computation per round of
 * them, not ten, and each answer is still read after its request came in.
 *
 * The key is the response cache's (client, operation, input, service URL): requests that share one
 * would each compute the same answer. A computation that gives nothing to share (an error, a
 * status other than 200) settles with undefined, and those that waited for it compute their own.
 */
import type { CachedAnswer } from './response-cache.ts';

interface Slot {
  /** Settles when the computation under way for the key (if any) is done. */
  running?: Promise<void>;
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

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FreshFlights {
  private readonly slots = new Map<string, Slot>();

  /** Either the computation to wait for (`wait`), or the caller computes, once `begin` settles, and hands its answer to `settle`. */
  turn(key: string): FreshTurn {
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = {}));
    if (slot.next) return { wait: slot.next };
    let settle: (answer: CachedAnswer | undefined) => void = () => undefined;
    const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    const done = answer.then(() => undefined);
    const before = slot.running;
    slot.next = answer;
    const begin = (async () => {
      await endOfTurn();
      await before;
      if (slot.next === answer) slot.next = undefined;
      slot.running = done;
    })();
    return {
      begin,
      settle: (value) => {
        settle(value);
        if (slot.running === done && !slot.next && this.slots.get(key) === slot) this.slots.delete(key);
      },
    };
  }

  /** Keys with a computation under way or waiting (for tests: none is left behind). */
  get size(): number {
    return this.slots.size;
  }
}
