/**
 * The in-process service of one page-test file: started once before the file's tests (with the
 * data they share), closed after them, and the rendered page unmounted after each test. Every
 * page test (Vitest project `dom`) that talks to the service starts it through this, never with
 * its own beforeAll/afterAll.
 *
 * It lives here rather than beside renderWithApp because the dashboard's code (src/app included)
 * may not import the service; it is the one module of src/testing that knows the DOM (cleanup).
 *
 * @example
 * const fixture = servicePerFile({
 *   now: new Date(),
 *   seed: async (t, service) => ({ event: await service.call(endpoints.event.upsert, { body: { Title: 'Match' } }) }),
 * });
 * it('shows the event', async () => {
 *   renderWithApp(<EventPage />, { client: createTestClient(fixture.t), path: `/events/${fixture.seeded.event.id}` });
 * });
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { createTestClient } from './client.ts';

export interface ServicePerFileOptions<Seeded> extends TestAppOptions {
  /** Makes what the file's tests share, once, after the service has started; tests read it as `seeded`. */
  seed?: (t: TestApp, service: ApiClient) => Promise<Seeded>;
  /** Runs after each test, once the rendered page is unmounted: resets what one test leaves for the next. */
  afterEach?: (t: TestApp, service: ApiClient) => unknown;
  /** How long starting and seeding may take. Default 120 s (a busy 2-core machine). */
  timeout?: number;
}

export interface PageService<Seeded> {
  /** The test app (database, clock, tenant, runJobs). */
  readonly t: TestApp;
  /** A client of the test app's tenant, for setting up and checking data (render with a client of its own). */
  readonly service: ApiClient;
  /** What `seed` returned. */
  readonly seeded: Seeded;
}

export function servicePerFile<Seeded = undefined>(options: ServicePerFileOptions<Seeded> = {}): PageService<Seeded> {
  const { seed, afterEach: resetAfterEach, timeout = 120_000, ...appOptions } = options;
  let started: TestApp | undefined;
  let ready: { t: TestApp; service: ApiClient; seeded: Seeded } | undefined;
  const read = () => {
    if (!ready) throw new Error('servicePerFile: the service starts in beforeAll; read t, service and seeded inside a test or a hook, not when the file loads (or the start or seed failed: see the first error)');
    return ready;
  };

  beforeAll(async () => {
    started = await createTestApp(appOptions);
    const service = createTestClient(started);
    const seeded = seed ? await seed(started, service) : (undefined as Seeded);
    ready = { t: started, service, seeded };
  }, timeout);
  // Closed even when the seed failed.
  afterAll(() => started?.close());
  afterEach(async () => {
    cleanup();
    if (resetAfterEach && ready) await resetAfterEach(ready.t, ready.service);
  });

  return {
    get t() {
      return read().t;
    },
    get service() {
      return read().service;
    },
    get seeded() {
      return read().seeded;
    },
  };
}
