/**
 * The service process: read the configuration, open the database, make sure the API keys exist,
 * seed the demo tenant when asked, listen, and shut down gracefully on SIGTERM/SIGINT (stop
 * accepting, let in-flight requests and jobs finish, close the database, exit 0).
 *
 * Which key to use: API_KEY when given. Without it, the client `default` gets a generated key
 * on first start, printed in the log; with PGlite it is kept beside the data
 * (`<DATA_DIR>/control-room-api-key`) so it stays the same across restarts and goes away with the
 * data. With PostgreSQL only its hash is stored: it is printed once, when created.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { buildApp } from './app.ts';
import { createMediaServices } from './areas/media/services.ts';
import { DEFAULT_CLIENT, describeStorage, KEY_FILE, loadConfig, type ServiceConfig } from './config.ts';
import { openDatabase, pgliteHostOf, type Database } from './db/database.ts';
import { clientForKey, createKey, ensureClient, ensureKey, listKeys } from './db/keys.ts';
import type { ServiceUrls } from './http/service-url.ts';
import { systemClock } from './jobs/clock.ts';
import { claimDataDir, heldMessage } from './pid-file.ts';
import { createMailer } from './sim/mail.ts';
import { SimulatedArchiveStorage } from './sim/archive-storage.ts';
// Loaded only when DEMO_DATA is on (the import below); the type import costs nothing at run time.
import type * as SeedModule from './demo/seed.ts';


function isPglite(config: ServiceConfig): boolean {
  return !config.databaseUrl;
}

function isPersistentPglite(config: ServiceConfig): boolean {
  return isPglite(config) && !config.dataDir.startsWith('memory://');
}

interface KeyChoice {
  client: string;
  /** The plain key, when this process knows it. */
  key?: string;
  /** How the key came about, for the start-up message. */
  origin: 'API_KEY' | 'created' | 'kept';
}

/** Makes sure a usable key exists and says which one to use. */
async function prepareKeys(database: Database, config: ServiceConfig, log: Logger): Promise<KeyChoice> {
  const { db } = database;
  if (config.apiKeys.length > 0) {
    for (const { client, key, role } of config.apiKeys) await ensureKey(db, client, key, role);
    const chosen = config.apiKeys.find((k) => k.client === DEFAULT_CLIENT) ?? config.apiKeys[0]!;
    return { client: chosen.client, key: chosen.key, origin: 'API_KEY' };
  }

  if (isPersistentPglite(config)) {
    const file = join(config.dataDir, KEY_FILE);
    if (existsSync(file)) {
      const stored = readFileSync(file, 'utf8').trim();
      const owner = stored ? await clientForKey(db, stored) : undefined;
      if (owner?.clientName === DEFAULT_CLIENT) return { client: DEFAULT_CLIENT, key: stored, origin: 'kept' };
      log.warn({ file }, 'The stored API key is no longer valid (revoked?); creating a new one');
    }
    const { key } = await createKey(db, DEFAULT_CLIENT, 'generated on first start');
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return { client: DEFAULT_CLIENT, key, origin: 'created' };
  }

  if (isPglite(config)) {
    const { key } = await createKey(db, DEFAULT_CLIENT, 'throwaway database');
    return { client: DEFAULT_CLIENT, key, origin: 'created' };
  }

  // PostgreSQL: only hashes are stored, so a key is shown when it is created and never again.
  const active = (await listKeys(db)).filter((k) => k.client === DEFAULT_CLIENT && !k.revokedAt);
  if (active.length === 0) {
    const { key } = await createKey(db, DEFAULT_CLIENT, 'generated on first start');
    return { client: DEFAULT_CLIENT, key, origin: 'created' };
  }
  return { client: DEFAULT_CLIENT, origin: 'kept' };
}

async function seedDemo(database: Database, client: string, log: Logger): Promise<void> {
  let seed: typeof SeedModule;
  try {
    seed = await import('./demo/seed.ts');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      log.info('DEMO_DATA is on, but this build has no demo data module yet; starting without demo data');
      return;
    }
    throw error;
  }
  const clientId = await ensureClient(database.db, client);
  const { events } = await seed.seedDemoData(database.db, clientId, systemClock);
  if (events > 0) log.info({ client, events }, `Seeded the demo tenant "${client}" with ${events} events`);
  else log.info({ client }, `The tenant "${client}" already has data; no demo data added`);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { service: 'control-room' } });

  // One service per embedded database folder (pid-file.ts), claimed before the database opens; the
  // claim goes with this process, however it ends.
  if (isPersistentPglite(config)) {
    const claim = claimDataDir(config.dataDir);
    if (!claim.claimed) fail(heldMessage(config.dataDir, claim.heldBy));
    process.on('exit', claim.release);
  }

  let database: Database;
  try {
    database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, log } : { dataDir: config.dataDir });
  } catch (error) {
    fail(`Could not open the database (${describeStorage(config)}): ${(error as Error).message}`);
  }
  // PGlite's worker thread gone (pglite-host.ts): every query fails from then on. Said loudly, and
  // the process ends with a non-zero code, so that a supervisor starts it again on its data.
  pgliteHostOf(database.db)?.onFailure((error) => {
    log.fatal({ err: error }, 'The database worker stopped; exiting so that the service can be started again on its data directory');
    process.exit(1);
  });

  let keys: KeyChoice;
  try {
    keys = await prepareKeys(database, config, log);
  } catch (error) {
    await database.close();
    fail(`Could not set up the API keys: ${(error as Error).message}`);
  }

  // How this service is reached from this machine, for the start-up message. Links in answers are
  // made from each request's origin, or PUBLIC_URL (http/service-url.ts); nothing stored names it.
  const shownHost = config.host === '0.0.0.0' || config.host === '::' || isLoopback(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const urls: ServiceUrls = config.publicUrl ? { publicUrl: config.publicUrl } : {};
  if (config.demoData) {
    try {
      await seedDemo(database, keys.client, log);
    } catch (error) {
      log.error({ err: error }, 'Seeding the demo data failed; the service starts without it');
    }
  }

  // The dashboard served by a local demo connects with the demo key (see http/service-routes.ts):
  // the key made for the demo, never one an operator gave in API_KEY.
  const demoKey = config.demoData && keys.origin !== 'API_KEY' ? keys.key : undefined;
  const app = await buildApp({ database, clock: systemClock, logger: log, services: {
      urls,
      mailer: createMailer({ smtpUrl: config.smtpUrl, clock: systemClock }),
      downloads: { expiryDays: config.downloadsExpiryDays, mailFrom: config.mailFrom },
      outbound: { allowPrivate: config.outboundAllowPrivate },
      webhooks: { allowPrivate: config.outboundAllowPrivate, retentionMs: config.webhooksRetentionDays * 24 * 60 * 60_000 },
      media: createMediaServices({
        ...(config.storageDir ? { storageDir: config.storageDir } : {}),
        concurrency: config.mediaConcurrency,
        ...(config.ffmpegPath ? { ffmpegPath: config.ffmpegPath } : {}),
        faultRate: config.mediaFaultRate,
      }),
      archiver: config.archiverSegmentSeconds !== undefined ? { segmentMs: config.archiverSegmentSeconds * 1000 } : {},
      archiveStorage: new SimulatedArchiveStorage(config.archiverFaultRate !== undefined ? { faultRate: config.archiverFaultRate } : {}),
      encoderHealth: {
        ...(config.encoderHealthSeconds !== undefined ? { sampleMs: config.encoderHealthSeconds * 1000 } : {}),
        ...(config.encoderFaultRate !== undefined ? { faultRate: config.encoderFaultRate } : {}),
      },
    }, ...(demoKey ? { demoKey } : {}) });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use: stop what uses it, or start with another PORT.`);
    fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  // Background work (automation, encoder, webhook delivery) runs in every service process; with
  // PostgreSQL several processes share the queue safely (jobs/queue.ts). app.close() stops it.
  app.jobs.start();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${shownHost}:${port}`;
  // Links made without a request (a download's mail) when PUBLIC_URL is not set.
  urls.listenUrl = url;

  const keyLine =
    keys.key && keys.origin !== 'API_KEY'
      ? `API key (client "${keys.client}"): ${keys.key}${keys.origin === 'created' && isPersistentPglite(config) ? `  (kept in ${join(config.dataDir, KEY_FILE)})` : ''}`
      : keys.origin === 'API_KEY'
        ? `API key: the one given in API_KEY (client "${keys.client}")`
        : `API key: use the key printed when the client "${keys.client}" was created, or make one with \`npm run keys -- create ${keys.client}\``;
  log.info({ url, storage: describeStorage(config), demoData: config.demoData }, `Control Room is running at ${url}`);
  if (demoKey && !isLoopback(config.host)) {
    log.warn(
      `Demo mode listens on ${config.host}: GET /api/connection hands the demo key to any request that names this machine (localhost, a loopback address or "${hostname()}"), so the dashboard opened by that name connects by itself; opened by any other name or address, it asks for a key.`,
    );
  }
  process.stdout.write(
    [
      '',
      `  Control Room is running at ${url}`,
      `  API reference:  ${url}/api/docs`,
      `  Data:           ${describeStorage(config)}`,
      `  ${keyLine}`,
      '',
    ].join('\n') + '\n',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: no new requests; finishing the ones in flight`);
    const timer = setTimeout(() => {
      log.error('In-flight requests did not finish within 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      log.info('Stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The service could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
