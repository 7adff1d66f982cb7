/**
 * The per-destination caches of the direct destination operations: what a target answered to a
 * metadata lookup (its regions, categories, the account's playlists and pages), kept for
 * `ttlMs` of the app's clock, since a real platform's API is slow and rationed. Entries belong to
 * one client and one destination (or to none: the lookups by target only); `noCache=true` reads
 * past them (and stores the fresh answer); DELETE /destination/cache drops a client's entries, or
 * one destination's. Changing or deleting a destination drops its entries. In-process: each
 * service process asks the platform for itself.
 */
import type { Clock } from '../../jobs/clock.ts';

interface Entry {
  value: unknown;
  storedAt: number;
}

/** The part of an entry's key that names no destination (lookups by target). */
export const NO_DESTINATION = '-';

export class DestinationCache {
  /** client -> destination (or NO_DESTINATION) -> key -> entry. */
  private readonly entries = new Map<string, Map<string, Map<string, Entry>>>();
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  get<T>(clientId: string, destinationId: string, key: string): T | undefined {
    const entry = this.entries.get(clientId)?.get(destinationId)?.get(key);
    if (!entry || this.clock.now().getTime() - entry.storedAt > this.ttlMs) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return entry.value as T;
  }

  set(clientId: string, destinationId: string, key: string, value: unknown): void {
    let byDestination = this.entries.get(clientId);
    if (!byDestination) this.entries.set(clientId, (byDestination = new Map()));
    let byKey = byDestination.get(destinationId);
    if (!byKey) byDestination.set(destinationId, (byKey = new Map()));
    byKey.set(key, { value, storedAt: this.clock.now().getTime() });
  }

  /** Drops a client's entries, or those of one of its destinations. */
  clear(clientId: string, destinationId?: string): void {
    if (destinationId === undefined) this.entries.delete(clientId);
    else this.entries.get(clientId)?.delete(destinationId);
  }

  /** The value for the key: from the cache unless `noCache`, else computed and stored. */
  async through<T>(clientId: string, destinationId: string, key: string, noCache: boolean, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!noCache) {
      const hit = this.get<T>(clientId, destinationId, key);
      if (hit !== undefined) return hit;
    }
    const value = await compute();
    if (keep(value)) this.set(clientId, destinationId, key, value);
    return value;
  }
}
