/**
 * The embedded PGlite runs in a worker thread of its own, so that PostgreSQL's work — all of it
 * synchronous WebAssembly — runs beside the event loop instead of on it: HTTP, validation and
 * serialisation go on while a query executes, on the second core. The service talks to it through
 * a node-postgres connection (pglite-connection.ts) whose transport is the worker's message port.
 *
 * Measured against PGlite on the event loop, same machine and load (`npm run bench -- --only
 * service,writes`, load average ~15): mixed 50-connection load p99 1.3 s and 0 timeouts against
 * 6.8 s and 19 timeouts; the cached list 0.43 x bare Fastify against 0.18 x; event updates 55/s
 * against 20/s; a 1,000-event import 12.1 s against 26.1 s.
 *
 * If the worker dies (an error thrown in it, out of memory), every query in flight and every later
 * one fails with an error that says so, the connection refuses new clients before a transaction
 * can take one, and the host tells `onFailure`: main.ts logs it and exits non-zero, so that a
 * supervisor starts the service again on its data directory (pglite-host.test.ts).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PgliteConnection } from './pglite-connection.ts';

export interface PgliteHost {
  readonly connection: PgliteConnection;
  /** The whole data directory as a tarball (tests start from a dump of a migrated database). */
  dump(): Promise<Blob>;
  close(): Promise<void>;
  /**
   * Told once, if the worker thread dies other than through close() (an error thrown in it, out
   * of memory, terminated): from then on every query, pending or later, fails with that error
   * instead of waiting for a database that is gone. main.ts logs it and exits, so that a
   * supervisor starts the service again on its data directory. A listener added after the
   * failure is told at once.
   */
  onFailure(listener: (error: Error) => void): void;
  /** Ends the worker at once, as a crash would, without closing the database (tests of what follows a crash). */
  terminate(): Promise<void>;
}

export interface PgliteHostOptions {
  /** A directory, or `memory://` for a throwaway database. */
  dataDir: string;
  /** Start from this dump instead of an empty database. */
  loadDataDir?: Blob;
  /**
   * A ceiling on the worker's JavaScript heap in MB (its old generation), for tests of what the
   * worker keeps; without it the worker takes the process's own (`--max-old-space-size`).
   */
  heapLimitMb?: number;
}

type Request = { op: 'exchange'; messages: Uint8Array } | { op: 'dump' } | { op: 'close' };
type Reply = { id: number; result?: unknown; error?: string };

/**
 * Keeps the stats of the worker's open files (a function's source, run in the worker on its `fs`).
 *
 * Emscripten's NODEFS answers every seek to a file's end with `fs.fstatSync`, and PostgreSQL seeks
 * there to count a relation's blocks at the start of every scan and rescan: the events page's
 * sub-selects scan one-page lookup tables once per row, 268 stats for one page (issue 27,
 * docs/performance.md). PGlite is the only writer of its data directory and the worker's only user
 * of `fs`, so a file's stats are kept until the worker calls anything else of `fs`: any call but
 * these reads forgets them all (new or unknown functions included).
 */
export const KEEP_FILE_STATS = `(fs) => {
  const reads = new Set(['fstatSync', 'readSync', 'read', 'lstat', 'lstatSync', 'stat', 'statSync', 'readdir', 'readdirSync', 'readlink', 'readlinkSync', 'readFileSync', 'statfsSync', 'existsSync']);
  const stats = new Map();
  const fstatSync = fs.fstatSync;
  for (const name of Object.keys(fs)) {
    const original = fs[name];
    if (typeof original !== 'function' || reads.has(name) || !/^[a-z]/.test(name)) continue;
    fs[name] = function (...args) { stats.clear(); return original.apply(this, args); };
  }
  fs.fstatSync = (fd, options) => {
    if (options !== undefined) return fstatSync(fd, options);
    let stat = stats.get(fd);
    if (stat === undefined) stats.set(fd, (stat = fstatSync(fd)));
    return stat;
  };
}`;

/**
 * The worker's code. Plain JavaScript given as text: the worker must start under any loader (the
 * service under tsx, the tests under Vitest), and it only needs PGlite, resolved here (its CommonJS
 * build: Vitest's module runner has no import.meta.resolve).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(${KEEP_FILE_STATS})(require('node:fs'));
(async () => {
  const { PGlite } = require(workerData.pglitePath);
  // pg_trgm: the trigram index of publications' contentIdFilter (migration 0017); PostgreSQL ships it in its contrib modules.
  const { pg_trgm } = require(workerData.trgmPath);
  const loadDataDir = workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined;
  // PostgreSQL's defaults size shared memory for a server of 100 connections and 128 MB of buffers,
  // all of it resident in the WebAssembly heap, which never shrinks: one session and 16 MB of
  // buffers (the OS caches the data directory's files behind them; 32 MB until issue 27 measured
  // ~20 MB less idle memory with 16). VACUUM's working memory 16 MB, not 64: it holds the ids of
  // ~2.8 million dead rows, and what it touched stays resident.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'max_connections=5', '-c', 'maintenance_work_mem=16MB'];
  const pglite = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm }, startParams, ...(loadDataDir ? { loadDataDir } : {}) });
  // The raw reply, taken through execProtocolRawStream, never execProtocolRaw: in PGlite 0.5.16
  // execProtocolRaw also parses every message it answers into PGlite's own result list, which
  // only execProtocol empties, so each row ever read stayed on this thread's heap (620 MB after
  // two minutes of load, issue 29). The stream form hands over the bytes only: no copy parsed
  // here (the service parses them once, in pglite-connection.ts), nothing kept.
  const exchange = async (messages) => {
    const chunks = [];
    let size = 0;
    await pglite.execProtocolRawStream(messages, {
      // A view of the WebAssembly memory, reused by the next write: copied at once.
      onRawData: (data) => { chunks.push(data.slice()); size += data.byteLength; },
    });
    if (chunks.length === 1) return chunks[0];
    const reply = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) { reply.set(chunk, offset); offset += chunk.byteLength; }
    return reply;
  };
  parentPort.on('message', async (request) => {
    try {
      if (request.op === 'exchange') {
        const reply = await exchange(request.messages);
        parentPort.postMessage({ id: request.id, result: reply }, [reply.buffer]);
      } else if (request.op === 'dump') {
        const dump = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
        parentPort.postMessage({ id: request.id, result: dump }, [dump.buffer]);
      } else if (request.op === 'close') {
        await pglite.close();
        parentPort.postMessage({ id: request.id });
        parentPort.close();
      }
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: String(error && error.stack || error) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ failed: String(error && error.stack || error) }));
`;

const resolvePackage = createRequire(import.meta.url).resolve;

/** PGlite in a worker thread: resolves once it has opened its directory (or rejects with why it could not). */
export async function pgliteInWorker(options: PgliteHostOptions): Promise<PgliteHost> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    ...(options.heapLimitMb ? { resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb } } : {}),
    workerData: {
      pglitePath: resolvePackage('@electric-sql/pglite'),
      trgmPath: resolvePackage('@electric-sql/pglite/contrib/pg_trgm'),
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined,
    },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let gone: Error | undefined;
  let closing = false;
  let cause: Error | undefined;
  const failureListeners: ((error: Error) => void)[] = [];
  const fail = (error: Error) => {
    gone ??= error;
    for (const request of pending.values()) request.reject(gone);
    pending.clear();
  };
  // An error thrown in the worker is followed by its exit: kept, and told with it.
  worker.on('error', (error) => {
    cause ??= error;
  });
  worker.on('exit', (code) => {
    if (closing) return fail(new Error('the database is closed'));
    const error = new Error(
      `The database worker (PGlite) stopped unexpectedly (exit code ${code}${cause ? `: ${cause.message}` : ''}); every query fails until the service is started again on its data directory`,
      { cause },
    );
    fail(error);
    for (const listener of failureListeners.splice(0)) listener(error);
  });

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; failed?: string }) => {
      if (message.ready) resolve();
      else if (message.failed) reject(new Error(`the database could not open: ${message.failed}`));
      else return;
      worker.off('message', onMessage);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database worker exited (code ${code}) while opening`)));
  });
  worker.on('message', (message: Reply) => {
    const request = pending.get(message.id);
    if (!request) return;
    pending.delete(message.id);
    if (message.error !== undefined) request.reject(new Error(message.error));
    else request.resolve(message.result);
  });

  const call = <T>(request: Request, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  };

  return {
    connection: new PgliteConnection({
      ready: Promise.resolve(),
      exchange: (messages) => {
        // A copy of its own to hand over: a small Buffer is a view of Node's shared pool.
        const own = new Uint8Array(messages);
        return call<Uint8Array>({ op: 'exchange', messages: own }, [own.buffer]);
      },
    }),
    dump: async () => new Blob([await call<Uint8Array<ArrayBuffer>>({ op: 'dump' })]),
    close: async () => {
      if (gone || closing) return;
      closing = true;
      await call({ op: 'close' });
      await worker.terminate();
    },
    onFailure: (listener) => {
      if (gone && !closing) listener(gone);
      else failureListeners.push(listener);
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}
