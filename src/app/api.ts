/**
 * The one `api` object pages use: `api.event.list.queryOptions({ query })`. Every call goes
 * through the active ApiClient, which the connection store replaces when the user points the
 * dashboard at another service or key. A test calls `setApiClient` with a client whose fetch is
 * routed into the in-process server; pages never build their own client.
 */
import { createApi, createApiClient, type ApiClient } from '#client';

/** Same-origin: the service that served the dashboard answers under /api. */
export const DEFAULT_BASE_URL = '/api';

let activeClient: ApiClient = createApiClient({ baseUrl: DEFAULT_BASE_URL });

export function getApiClient(): ApiClient {
  return activeClient;
}

/** Points every `api` call at `client` from the next call on. */
export function setApiClient(client: ApiClient): void {
  activeClient = client;
}

export const api = createApi(getApiClient);
