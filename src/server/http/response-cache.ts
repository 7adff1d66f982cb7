/**
 * The response cache of the GET operations that take `noCache` (DESIGN.md "Caching"). Generic:
 * register.ts serves every such record through it, so an area gets it by declaring `noCache` in
 * its query schema, nothing else.
 *
 * - Keyed by client + operation id + the parsed input (params and query, `noCache` left out), so
 *   one client's answer is never served to another, and the same question spelled differently
 *   (`?pageSize=20` vs `?pageSize=020`) shares an entry; and by the service URL the request came
 *   through, which answers name (service-url.ts), so a forged Host never reaches another caller.
 * - `noCache=true` bypasses it (neither read nor written).
 * - Invalidated per client, never by age alone: every operation other than GET, every background
 *   job and every recorded change bumps the client's generation and drops its entries, in
 *   this process at once; other processes on the same PostgreSQL hear it through NOTIFY on
 *   CACHE_CHANNEL (app.ts wires the LISTEN) and, for a change written without a request (a job's
 *   step, the media lane), through the change log's post-commit hook (changes/committed.ts), which
 *   every process hears. A read that started before a write finished is not stored (its generation moved).
 * - With PostgreSQL the cache is only used while the LISTEN is in place: a process that cannot
 *   hear the others' writes does not serve from memory.
 * - Entries also expire after `ttlMs` of the app's clock (answers such as "live now" may follow
 *   time), and the cache holds at most `maxBytes` (bodies, keys and the compressed forms kept with
 *   them); past it the least recently used entries go first. The key cache of authentication holds
 *   at most `MAX_KEYS` keys. So a day of queries that never repeat costs no more than the bound.
 * - Compressed forms of an entry are made once and kept with it (compression.ts, `encodedOf`).
 * - A request's raw URL leads to its key once a request with that URL has been parsed
 *   (`keyOfRequest`, `rememberRequest`), so a hit neither parses the query nor builds the key
 *   again: the two were ~10 µs of a ~66 µs hit. Parsing is deterministic, and a URL is remembered
 *   only after it parsed, so the hit is the one the parse would have found. At most
 *   `MAX_REQUEST_CHARS` of URLs and keys together: a client's long URLs cannot grow it past that.
 * - Single flight: while one request computes an answer, others asking for the same key wait for
 *   it instead of computing it again, as long as no invalidation of their client came
 *   in between: the answer is then as fresh as a hit would be. Fifty connections asking for the
 *   list just after a write cost one list query, not fifty (`flight`).
 * - A `noCache` read bypasses all of this, but identical ones share a computation that read what
 *   each of them may have seen written: on PGlite one under way at the client's generation, on
 *   PostgreSQL the next one begun after each came in (register.ts, fresh-flight.ts).
 */
export interface CachedAnswer {
  status: number;
  /**
   * The JSON as UTF-8, encoded once: a hit sends these bytes as they are. Sent as a string, a
   * 50 KB list was measured and encoded again for every hit (a third of the CPU a hit cost).
   */
  body: Buffer;
  headers?: Readonly<Record<string, string>>;
  /** Compressed forms, made on first use (compression.ts). */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
}

interface Entry extends CachedAnswer {
  key: string;
  clientId: string;
  storedAt: number;
  size: number;
}

export interface ResponseCacheOptions {
  /** Default 5 s of the app's clock. */
  ttlMs?: number;
  /** Default 32 MB: bodies, keys and compressed forms together. */
  maxBytes?: number;
  now: () => number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  /** Misses answered by another request's computation of the same key (single flight). */
  joined: number;
  stores: number;
  invalidations: number;
  entries: number;
  bytes: number;
}

/** At most this many API keys are remembered (each for `ttlMs`); past it the oldest is forgotten. */
const MAX_KEYS = 10_000;

/**
 * The raw request URLs that lead to their keys (`keyOfRequest`) hold at most this many characters,
 * URLs and keys together (~2 MB); past it the oldest are forgotten.
 */
const MAX_REQUEST_CHARS = 1_000_000;

/** NOTIFY channel of cache invalidations; the payload is `<sender>:<client id>`, or `<sender>:*` for every client. */
export const CACHE_CHANNEL = 'control_room_cache';

export class ResponseCache {
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  /** Insertion order is age order: Map iteration gives the oldest first. */
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private globalGeneration = 0;
  private bytes = 0;
  /** API key hash -> client, for the same time-to-live; dropped with everything on invalidateAll. */
  private readonly keys = new Map<string, { client: unknown; storedAt: number }>();
  /** A request's client, operation, raw URL and service URL -> its key (`rememberRequest`). */
  private readonly requestKeys = new Map<string, string>();
  private requestKeysChars = 0;
  /** False while the cache may not be trusted (PostgreSQL without LISTEN): nothing is served or stored. */
  private usable = true;
  /** Computations in progress, by key, with the generation they read at (see `begin`). */
  private readonly flights = new Map<string, { generation: number; answer: Promise<CachedAnswer | undefined> }>();
  /** Compressions under way, by answer and encoding (`encodedOf`). */
  private readonly compressing = new WeakMap<CachedAnswer, Map<'br' | 'gzip', Promise<Buffer>>>();
  readonly stats: Omit<CacheStats, 'entries' | 'bytes'> = { hits: 0, misses: 0, joined: 0, stores: 0, invalidations: 0 };
  /**
   * Set when other processes write to the same database (PostgreSQL): a hit is served only after
   * this settles, so every invalidation another process committed before the read has arrived
   * (listen.ts `sync`). A failure means "do not serve from the cache".
   */
  sync: (() => Promise<void>) | undefined;

  constructor(options: ResponseCacheOptions) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.now = options.now;
  }

  static key(clientId: string, operationId: string, input: { params: unknown; query: unknown }, serviceUrl = ''): string {
    let query = input.query;
    if (query && typeof query === 'object' && 'noCache' in query) {
      const { noCache: _ignored, ...rest } = query as Record<string, unknown>;
      query = rest;
    }
    return `${clientId}\u0001${operationId}\u0001${stableJson(input.params)}\u0001${stableJson(query)}\u0001${serviceUrl}`;
  }

  /** What `keyOfRequest` and `rememberRequest` know a request by: the raw URL, not its parse. */
  static requestOf(clientId: string, operationId: string, rawUrl: string, serviceUrl: string): string {
    return `${clientId}\u0001${operationId}\u0001${rawUrl}\u0001${serviceUrl}`;
  }

  /** The key a request with this raw URL was parsed to before, if one was. */
  keyOfRequest(request: string): string | undefined {
    return this.requestKeys.get(request);
  }

  /** Called once a request parsed to `key`, so the next request with the same raw URL skips the parse. */
  rememberRequest(request: string, key: string): void {
    const chars = request.length + key.length;
    if (chars > MAX_REQUEST_CHARS / 100) return;
    const old = this.requestKeys.get(request);
    if (old !== undefined) this.requestKeysChars -= request.length + old.length;
    this.requestKeys.delete(request);
    this.requestKeys.set(request, key);
    this.requestKeysChars += chars;
    for (const [oldest, oldestKey] of this.requestKeys) {
      if (this.requestKeysChars <= MAX_REQUEST_CHARS) break;
      this.requestKeys.delete(oldest);
      this.requestKeysChars -= oldest.length + oldestKey.length;
    }
  }

  /** The token a reader takes before it reads the database; `store` refuses it once a write moved on. */
  generation(clientId: string): number {
    return this.globalGeneration * 1_000_003 + (this.generations.get(clientId) ?? 0);
  }

  /** A hit that is still valid once the other processes' invalidations up to now are in (see `sync`). */
  async lookup(key: string): Promise<CachedAnswer | undefined> {
    const found = this.get(key);
    if (!found || !this.sync) return found;
    try {
      await this.sync();
    } catch {
      return undefined;
    }
    return this.entries.get(key) === found ? found : undefined;
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.usable) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    const age = this.now() - entry.storedAt;
    if (age < 0 || age >= this.ttlMs) {
      this.drop(entry);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    // Least recently used last: Map iteration (eviction) meets it after every older one.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The answer compressed with `encoding`, made once by `make` and kept with the answer; an entry
   * of the cache counts the kept bytes against `maxBytes`.
   */
  async encodedOf(answer: CachedAnswer, encoding: 'br' | 'gzip', make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = answer.encoded?.[encoding];
    if (kept) return kept;
    // Requests answered with one answer at once (a new entry's first hits, a flight's joiners)
    // wait for the one compression under way rather than each making its own.
    let making = this.compressing.get(answer);
    const underWay = making?.get(encoding);
    if (underWay) return underWay;
    if (!making) this.compressing.set(answer, (making = new Map()));
    const made = make().finally(() => making.delete(encoding));
    making.set(encoding, made);
    const encoded = await made;
    answer.encoded = { ...answer.encoded, [encoding]: encoded };
    const entry = answer as Partial<Entry>;
    if (entry.key !== undefined && this.entries.get(entry.key) === entry) {
      entry.size! += encoded.byteLength;
      this.bytes += encoded.byteLength;
      this.evict();
    }
    return encoded;
  }

  /** Keeps the answer when no write moved the client's generation on; answers what to send (the kept entry, or the answer itself). */
  store(key: string, clientId: string, generation: number, answer: CachedAnswer): CachedAnswer {
    if (!this.usable || generation !== this.generation(clientId)) return answer;
    const size = answer.body.length + key.length;
    if (size > this.maxBytes / 8) return answer;
    const old = this.entries.get(key);
    if (old) this.drop(old);
    const entry: Entry = { ...answer, key, clientId, storedAt: this.now(), size };
    this.entries.set(key, entry);
    this.bytes += size;
    this.stats.stores++;
    this.evict();
    return entry;
  }

  /** Drops the least recently used entries until the cache holds at most `maxBytes`. */
  private evict(): void {
    for (const oldest of this.entries.values()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /**
   * After a miss: either the answer another request is computing for this key, to wait for
   * (`wait`), or the caller computes it itself, reading at `generation`, and hands it over with
   * `settle` (undefined: nothing to share, such as an error or a status other than 200). Decided
   * at once, so that concurrent misses find the first one's computation. A computation is joined
   * only if no invalidation of its client came in since it began (other processes' included:
   * `sync` first); `wait` then resolves to undefined, as it does when the computation gave
   * nothing to share, and the caller asks again.
   */
  flight(key: string, clientId: string): { wait: Promise<CachedAnswer | undefined> } | { generation: number; settle(answer: CachedAnswer | undefined): void } {
    const generation = this.generation(clientId);
    const running = this.flights.get(key);
    if (this.usable && running && running.generation === generation) return { wait: this.join(running, clientId) };
    let settle: (answer: CachedAnswer | undefined) => void = () => undefined;
    const flight = { generation, answer: new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve)) };
    this.flights.set(key, flight);
    return {
      generation,
      settle: (answer) => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        settle(answer);
      },
    };
  }

  private async join(flight: { generation: number; answer: Promise<CachedAnswer | undefined> }, clientId: string): Promise<CachedAnswer | undefined> {
    if (this.sync) {
      try {
        await this.sync();
      } catch {
        return undefined;
      }
      if (flight.generation !== this.generation(clientId)) return undefined;
    }
    const answer = await flight.answer;
    if (answer) this.stats.joined++;
    return answer;
  }

  /** A client's data changed: its entries go, and reads in flight are not stored. */
  invalidate(clientId: string): void {
    this.stats.invalidations++;
    this.generations.set(clientId, (this.generations.get(clientId) ?? 0) + 1);
    for (const entry of this.entries.values()) if (entry.clientId === clientId) this.drop(entry);
  }

  /** Anything may have changed (a change of an unknown client, the LISTEN lost or back). */
  invalidateAll(): void {
    this.stats.invalidations++;
    this.globalGeneration++;
    this.entries.clear();
    this.keys.clear();
    this.bytes = 0;
  }

  /** Whether the cache may be used (PostgreSQL: while this process hears the others' writes). */
  setUsable(usable: boolean): void {
    if (this.usable === usable) return;
    this.usable = usable;
    this.invalidateAll();
  }

  get isUsable(): boolean {
    return this.usable;
  }

  /**
   * The client of an API key, as authenticated within the time-to-live: spares each cached answer
   * the key's query. A key revoked by `npm run keys` is dropped through the same invalidation
   * (keys-cli notifies on PostgreSQL; with PGlite the CLI and the service never run together).
   */
  clientOfKey<T>(keyHash: string): T | undefined {
    if (!this.usable) return undefined;
    const found = this.keys.get(keyHash);
    if (!found) return undefined;
    const age = this.now() - found.storedAt;
    if (age < 0 || age >= this.ttlMs) {
      this.keys.delete(keyHash);
      return undefined;
    }
    return found.client as T;
  }

  rememberKey(keyHash: string, client: unknown): void {
    if (!this.usable) return;
    this.keys.delete(keyHash);
    this.keys.set(keyHash, { client, storedAt: this.now() });
    if (this.keys.size > MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
  }

  snapshot(): CacheStats {
    return { ...this.stats, entries: this.entries.size, bytes: this.bytes };
  }

  private drop(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.bytes -= entry.size;
  }
}

/** JSON with object keys sorted, so equal inputs give equal keys whatever the order of the query. */
function stableJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (value instanceof Date) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}
