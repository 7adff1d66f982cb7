/**
 * The service in-process for tests: a fresh in-memory PGlite (or, when DATABASE_URL is set, a
 * fresh database on that PostgreSQL server, dropped on close), a ManualClock, and a tenant with
 * a key. Response bodies are checked against the records' schemas, so a handler that drifts
 * from the schema module fails its test loudly.
 *
 * @example
 * let t: TestApp;
 * beforeAll(async () => { t = await createTestApp(); });
 * afterAll(() => t.close());
 * it('lists event types', async () => {
 *   const api = createTestClient(t);
 *   expect(await api.call(endpoints.eventType.list, {})).toEqual([]);
 * });
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '#schema';
import { buildApp } from '#server/app.ts';
import type { AppExtension } from '#server/http/extension.ts';
import type { Database } from '#server/db/database.ts';
import { openTestDatabase } from '#server/db/test-database.ts';
import { clientForKey, createKey } from '#server/db/keys.ts';
import type { Role } from '#schema';
import type { Implementation } from '#server/http/implement.ts';
import type { ServiceOptions } from '#server/services.ts';
import { ManualClock } from '#server/jobs/clock.ts';

export interface TestTenant {
  clientId: string;
  clientName: string;
  /** The plain API key of this tenant. */
  key: string;
}

export interface TestApp extends TestTenant {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  /**
   * Another client (tenant) with its own key, for isolation tests: what one tenant creates, the
   * other must neither see nor change (a 204/404 where the owner gets the resource).
   */
  createTenant(name?: string): Promise<TestTenant>;
  /**
   * Runs every background job due at the clock's time (the worker is not polling in tests):
   * move `clock`, then `await runJobs()`. Returns how many jobs ran.
   */
  runJobs(): Promise<number>;
  /** Another key of the main tenant (or the given one) with a role (DESIGN.md "Trust"). */
  createKeyFor(role: Role, tenant?: TestTenant, label?: string): Promise<TestTenant & { keyId: string }>;
  /** Headers that authenticate as the main tenant (or the given one). */
  headers(tenant?: TestTenant): Record<string, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Default: every area's handlers. */
  implementations?: readonly Implementation[];
  /** Default: every record of the schema module. */
  endpoints?: readonly Endpoint[];
  /** Where the ManualClock starts (default 2026-01-15T12:00:00Z). */
  now?: Date | string;
  demoKey?: string;
  /** Services to replace (services.ts); the rest get their defaults. */
  services?: ServiceOptions;
  /** Default true. */
  validateResponses?: boolean;
  /** Serve through the response cache, as the service does. Default false: tests also write behind the service's back. */
  responseCache?: boolean;
  /** The dashboard build to serve; default: dist/ as in production. */
  staticDir?: string;
  extensions?: readonly AppExtension[];
}

/** Distinct client names, so a test can make as many tenants as it likes. */
function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new ManualClock(options.now);
  try {
    const app = await buildApp({
      database,
      clock,
      config: {
        validateResponses: options.validateResponses ?? true,
        responseCache: options.responseCache ?? false,
        // A test's clients (a rendered dashboard, a stream it stopped reading) must not hold its close.
        shutdownGraceMs: 1_000,
        ...(options.staticDir ? { staticDir: options.staticDir } : {}),
      },
      ...(options.implementations ? { implementations: options.implementations } : {}),
      ...(options.endpoints ? { endpoints: options.endpoints } : {}),
      ...(options.demoKey ? { demoKey: options.demoKey } : {}),
      // The change log's prune job runs whenever the clock passes its time and a test runs the
      // due jobs; a test that counts jobs or settles webhooks must not see it, so it is off unless
      // the test gives change-feed settings (changes/*.test.ts).
      services: { ...options.services, changeFeed: options.services?.changeFeed ?? { retentionMs: 0 } },
      ...(options.extensions ? { extensions: options.extensions } : {}),
    });
    await app.ready();

    const createTenant = async (name?: string): Promise<TestTenant> => {
      const clientName = name ?? uniqueName('tenant');
      const { key } = await createKey(database.db, clientName, 'test');
      const client = await clientForKey(database.db, key);
      return { clientId: client!.clientId, clientName, key };
    };
    const main = await createTenant(uniqueName('test'));
    const createKeyFor = async (role: Role, tenant: TestTenant = main, label = `${role} key`) => {
      const { id, key } = await createKey(database.db, tenant.clientName, label, role);
      return { ...tenant, key, keyId: id };
    };

    return {
      ...main,
      app,
      database,
      clock,
      createTenant,
      createKeyFor,
      runJobs: () => app.jobs.runDue(),
      headers: (tenant = main) => ({ 'API-KEY': tenant.key }),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
