/**
 * The service as a Fastify instance, used alike by main.ts (which listens), the tests (which
 * call `app.inject`) and e2e (fastify/demo's `buildApp` pattern). It does not listen and does
 * not own the database: whoever opened the database closes it after `app.close()`.
 *
 * @example
 * const database = await openDatabase({ dataDir: 'memory://' });
 * const app = await buildApp({ database, clock: systemClock });
 * const response = await app.inject({ method: 'GET', url: '/api/event/', headers: { 'API-KEY': key } });
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { allEndpoints, type Endpoint } from '#schema';
import type { Database } from './db/database.ts';
import { JOBS_CHANNEL, JobWorker } from './jobs/queue.ts';
import type { AnyJobDefinition } from './jobs/define.ts';
import { systemClock, type Clock } from './jobs/clock.ts';
import { areaJobs, implementations as areaImplementations } from './areas/index.ts';
import { BODY_LIMIT, installBodyParsers } from './http/content.ts';
import { dashboardRoutes } from './http/dashboard.ts';
import { echoTransactionId, frameworkErrors, installErrorHandling } from './http/errors.ts';
import type { Implementation } from './http/implement.ts';
import { createAuthenticate } from './http/auth.ts';
import type { AppExtension } from './http/extension.ts';
import { referenceRoutes } from './http/reference.ts';
import { registerOperations } from './http/register.ts';
import { lazyRequestLogger } from './http/request-logger.ts';
import { SERVICE_ROUTES, serviceRoutes } from './http/service-routes.ts';
import { isTestRun, type LogLevel } from './config.ts';
import { liveStreamExtension } from './areas/live/stream-extension.ts';
import { changeFeed } from './changes/feed.ts';
import { webhookDelivery } from './areas/webhook/extension.ts';
import { CACHE_CHANNEL, ResponseCache } from './http/response-cache.ts';
import { closeConnectionsOnShutdown, SHUTDOWN_GRACE_MS } from './http/shutdown.ts';
import { installCompression } from './http/compression.ts';
import { listenForChanges } from './changes/listen.ts';
import { sql } from 'drizzle-orm';
import { mediaExtension } from './areas/asset/extension.ts';
import { encoderHealthSampling } from './areas/encoder-health/extension.ts';
import { vodDownloadFiles } from './areas/vod-download/files.ts';
import { archiverPlayback } from './areas/archiver/playback.ts';
import { authoriseExtension } from './areas/syndication/authorise-extension.ts';
import { closeServices, createServices, type ServiceOptions } from './services.ts';
import { eventListMaintenance } from './areas/event/extension.ts';
import { presenceFeed } from './presence/presence.ts';

export interface AppSettings {
  /**
   * Check every success body against its record's response schema; a mismatch answers 500
   * (errorType ResponseShape). Default: on when NODE_ENV is `test`.
   */
  validateResponses: boolean;
  /** The dashboard build to serve at /. Default: dist/ at the root of the repository. */
  staticDir: string;
  /** Largest request body accepted, in bytes (413 beyond). Default 5 MB. */
  bodyLimit: number;
  /**
   * Serve the GET operations that take `noCache` from the response cache (http/response-cache.ts).
   * Default on; the in-process test app turns it off unless a test asks for it, because tests
   * also write to the database directly, behind the service's back.
   */
  responseCache: boolean;
  /** Compress answers (http/compression.ts). Default on. */
  compression: boolean;
  /** How long requests in hand may finish once the app is closing, before their connections are cut. Default 10 s. */
  shutdownGraceMs: number;
}

export interface BuildAppOptions {
  database: Database;
  clock?: Clock;
  config?: Partial<AppSettings>;
  /** A pino logger (main.ts), a level, or nothing: no logging (tests). */
  logger?: FastifyBaseLogger | LogLevel;
  /** The area handlers. Default: every area's (src/server/areas/index.ts). */
  implementations?: readonly Implementation[];
  /** The operations to serve. Default: every record of the schema module; tests may add their own. */
  endpoints?: readonly Endpoint[];
  /** The demo key `GET /api/connection` hands out; unset, that route is a 404 (see service-routes.ts). */
  demoKey?: string;
  /** The services handlers and jobs receive (services.ts): what is given here, the defaults for the rest. */
  services?: ServiceOptions;
  /** Routes beyond the interface; see AppExtension (http/extension.ts). */
  extensions?: readonly AppExtension[];
  /** Background job kinds (src/server/jobs/define.ts). Default: every area's (areaJobs, src/server/areas/index.ts). */
  jobs?: readonly AnyJobDefinition[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The background job worker. main.ts starts it polling after listen; tests leave it stopped
     * and call `app.jobs.runDue()` after moving the clock.
     */
    jobs: JobWorker;
    /** The response cache (http/response-cache.ts); undefined when it is off. */
    responseCache: ResponseCache | undefined;
  }
}

/** How soon after a write the job worker looks for work it may have made due (see the onResponse hook). */
const WRITE_WAKE_MS = 50;

// Not `new URL('../../dist', import.meta.url)`: jsdom (component tests) replaces the global URL with one that breaks it.
const DEFAULT_STATIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const settings: AppSettings = {
    validateResponses: isTestRun(),
    staticDir: DEFAULT_STATIC_DIR,
    bodyLimit: BODY_LIMIT,
    responseCache: true,
    compression: true,
    shutdownGraceMs: SHUTDOWN_GRACE_MS,
    ...options.config,
  };
  const endpoints = options.endpoints ?? allEndpoints;
  const db = options.database.db;

  const logger = options.logger;
  const app = Fastify({
    ...(logger === undefined
      ? { logger: false }
      : typeof logger === 'string'
        ? { logger: { level: logger } }
        : { loggerInstance: logger }),
    bodyLimit: settings.bodyLimit,
    // Fastify's two info lines per request drown the log while a dashboard polls; requests are
    // logged at debug level instead (the onResponse hook below), errors as before.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger is made when it first logs (request-logger.ts).
    ...(logger === undefined ? {} : { childLoggerFactory: lazyRequestLogger }),
    // Requests answer quickly or not at all; a stuck client must not hold a connection for ever.
    requestTimeout: 60_000,
    routerOptions: {
      // `/x` and `/x/` are different operations of the interface.
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      // Reference ids and capture ids may be long; beyond this the answer is a 414.
      maxParamLength: 1000,
    },
    frameworkErrors,
  }) as unknown as FastifyInstance;

  app.decorateRequest('client', null);
  app.addHook('onRequest', async (request, reply) => {
    echoTransactionId(request, reply);
    const transactionId = request.headers['x-transaction-id'];
    if (typeof transactionId === 'string' && transactionId !== '') request.log = request.log.child({ transactionId });
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  installErrorHandling(app);
  closeConnectionsOnShutdown(app, settings.shutdownGraceMs);
  installBodyParsers(app);
  if (settings.compression) installCompression(app);

  const clock = options.clock ?? systemClock;
  const services = createServices(clock, options.services);

  // The response cache: dropped per client by every write, job and event change here, and by
  // other processes' through NOTIFY on CACHE_CHANNEL (PostgreSQL; PGlite has one process).
  const cache = settings.responseCache ? new ResponseCache({ now: () => clock.now().getTime() }) : undefined;
  app.decorate('responseCache', cache);
  const shared = options.database.driver === 'postgres';
  // Notifications carry the sender, so a process does not drop its entries again for its own writes.
  const sender = randomUUID().slice(0, 8);
  const cacheNotice = (clientId: string | null) => sql`pg_notify(${CACHE_CHANNEL}, ${`${sender}:${clientId ?? '*'}`})`;
  /** Drops the client's cached answers here, and tells the other processes unless the write's transaction did (`writeNotice`). */
  const dataChanged = async (clientId: string | null, toldInTransaction = false): Promise<void> => {
    if (!cache) return;
    if (clientId) cache.invalidate(clientId);
    else cache.invalidateAll();
    if (shared && !toldInTransaction) await db.execute(sql`select ${cacheNotice(clientId)}`).catch(() => undefined);
  };
  if (cache) {
    // PostgreSQL: other processes' writes, and key revocations of `npm run keys` (keys.ts); until
    // the LISTEN is in place the cache is not used. PGlite: in-process revocations only.
    if (shared) cache.setUsable(false);
    const listener = listenForChanges(db, {
      channel: CACHE_CHANNEL,
      onNotify: (payload) => {
        const [from, clientId = '*'] = payload.split(':');
        if (from === sender) return;
        if (clientId === '*' || clientId === '') cache.invalidateAll();
        else cache.invalidate(clientId);
      },
      ...(shared ? { onState: (listening: boolean) => cache.setUsable(listening) } : {}),
      log: app.log,
    });
    if (listener) {
      if (shared) cache.sync = listener.sync;
      app.addHook('onClose', () => listener.close());
    }
  }

  const jobKinds = options.jobs ?? areaJobs;
  // A job drops the answers its work may change (define.ts `changesAnswers`).
  const answersUnchangedBy = new Set(jobKinds.filter((kind) => !kind.options.changesAnswers).map((kind) => kind.name));
  const jobs = new JobWorker({
    db,
    clock,
    services,
    jobs: jobKinds,
    log: app.log,
    laneConcurrency: services.media.encoder.concurrency,
    onJobFinished: (job) => (answersUnchangedBy.has(job.type) ? undefined : dataChanged(job.clientId)),
  });
  app.decorate('jobs', jobs);
  // The worker first (its media lane gives the work in hand back), then what the services hold (a temporary storage folder).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await closeServices(services);
  });
  // Jobs due now wake the worker when they commit, whichever process queued them (queue.ts).
  const jobListener = listenForChanges(db, { channel: JOBS_CHANNEL, onNotify: () => jobs.wake(), log: app.log });
  if (jobListener) app.addHook('onClose', () => jobListener.close());
  // A write may have moved a job to "now" without a NOTIFY (an automation job whose time is past):
  // look soon rather than at the next poll. Once per WRITE_WAKE_MS, not per write: each look is
  // a claim statement, and on PGlite it waited in line with the writes (one per update at 100/s).
  let wakeSoon: NodeJS.Timeout | undefined;
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || wakeSoon || !jobs.started) return;
    wakeSoon = setTimeout(() => {
      wakeSoon = undefined;
      jobs.wake();
    }, WRITE_WAKE_MS);
    wakeSoon.unref();
  });
  app.addHook('onClose', async () => clearTimeout(wakeSoon));
  const operationAt = registerOperations(app, {
    endpoints,
    implementations: options.implementations ?? areaImplementations,
    db,
    clock,
    services,
    validateResponses: settings.validateResponses,
    ...(cache ? { cache, onWrite: dataChanged, ...(shared ? { writeNotice: cacheNotice } : {}) } : {}),
  });
  await serviceRoutes(app, { db, ...(options.demoKey ? { demoKey: options.demoKey } : {}) });
  // The simulated publishing point (areas/live/stream-extension.ts), the change feed (changes/feed.ts) and
  // webhook delivery's shutdown (areas/webhook/extension.ts) are part of every app.
  const extensions = [liveStreamExtension, changeFeed, presenceFeed, webhookDelivery, mediaExtension, vodDownloadFiles, archiverPlayback, authoriseExtension, eventListMaintenance, encoderHealthSampling, ...(options.extensions ?? [])];
  const authenticate = createAuthenticate(db, cache);
  for (const extension of extensions) await extension.register(app, { db, clock, services, authenticate, dataChanged });
  await referenceRoutes(app, { endpoints, extensionRoutes: [...SERVICE_ROUTES, ...extensions.flatMap((e) => e.routes ?? [])] });
  await dashboardRoutes(app, { staticDir: settings.staticDir, operationAt });
  return app;
}
