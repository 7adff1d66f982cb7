/**
 * The browser client (#client) wired into an in-process test app: every call goes through the
 * real routing, and every success body is checked against its record's schema on this side too.
 */
import { ApiError, createApiClient, type ApiClient } from '#client';
import type { TestApp, TestTenant } from './app.ts';
import { routeFetch } from './route-fetch.ts';

export interface TestClientOptions {
  /** Call as this tenant instead of the test app's main one. */
  tenant?: TestTenant;
  /** Extra headers on every call (X-Transaction-ID, Client). */
  headers?: Record<string, string>;
  /** Follow the change feed (routeFetch `streams`): for page tests of live updates. */
  feed?: boolean;
}

export function createTestClient(testApp: Pick<TestApp, 'app' | 'key'>, options: TestClientOptions = {}): ApiClient {
  return createApiClient({
    baseUrl: '/api',
    apiKey: options.tenant?.key ?? testApp.key,
    fetch: routeFetch(testApp.app, { streams: options.feed ?? false }),
    validateResponses: true,
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** A test client (createTestClient's options) that records the path and query of every request it sends, in order. */
export function recordingTestClient(testApp: Pick<TestApp, 'app' | 'key'>, options: TestClientOptions = {}): { client: ApiClient; requests: string[] } {
  const client = createTestClient(testApp, options);
  const requests: string[] = [];
  const recording = createApiClient({
    ...client.config,
    fetch: (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(`${url.pathname}${url.search}`);
      return client.config.fetch!(input, init);
    },
  });
  return { client: recording, requests };
}

/**
 * A second tenant with its own client, for isolation tests: what the test app's tenant creates,
 * the stranger must neither see (204, 404, or a list without it) nor change.
 *
 * @example
 * const stranger = await createStrangerClient(t);
 * const room = await api.call(endpoints.room.create, { body: { Name: 'Studio A' } });
 * expect(await stranger.api.call(endpoints.room.get, { params: { id: room.id } })).toBeNull();
 */
export async function createStrangerClient(testApp: Pick<TestApp, 'app' | 'key' | 'createTenant'>): Promise<{ tenant: TestTenant; api: ApiClient }> {
  const tenant = await testApp.createTenant();
  return { tenant, api: createTestClient(testApp, { tenant }) };
}

/** The error a call that must fail failed with (a test fails when it succeeds or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
