/**
 * react-query factories derived from the operation records, oRPC-style:
 * `api.event.list.queryOptions({ query: { pageSize: 20 } })`, `api.event.list.key()`,
 * `api.eventType.create.mutationOptions()`.
 *
 * Keys are resource-first, `[area, operationId, input]`, so `[area]` invalidates a whole family.
 * Mutations carry the areas they make stale in `meta.invalidates`; one MutationCache callback
 * (see `createQueryClient`) runs the invalidation, so no component has to remember it.
 */
import { MutationCache, QueryClient, queryOptions, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { allEndpoints, endpoints, type Endpoint, type EndpointInput, type EndpointOutput } from '#schema';
import { ApiError, type ApiClient, type DownloadedFile, type Versioned } from './http.ts';

export type OperationUtils<E extends Endpoint> = {
  readonly endpoint: E;
  /** `[area, id, input]`; without input, the prefix of every call of this operation. */
  key(input?: Partial<EndpointInput<E>>): QueryKey;
  queryOptions(input: EndpointInput<E>): ReturnType<typeof queryOptions<EndpointOutput<E>, ApiError, EndpointOutput<E>, QueryKey>>;
  /** A write's variables may carry `ifMatch`: the version of the record it is based on (412 when it changed). */
  mutationOptions(): UseMutationOptions<EndpointOutput<E>, ApiError, EndpointInput<E> & Versioned>;
  call(input: EndpointInput<E> & Versioned, signal?: AbortSignal): Promise<EndpointOutput<E>>;
  /** An operation that answers a file (`produces`: a CSV export), with its name. */
  download(input: EndpointInput<E>, signal?: AbortSignal): Promise<DownloadedFile>;
};

type Endpoints = typeof endpoints;
export type Api = {
  [A in keyof Endpoints]: { [K in keyof Endpoints[A]]: Endpoints[A][K] extends Endpoint ? OperationUtils<Endpoints[A][K]> : never };
};

export function operationKey(endpoint: Endpoint, input?: unknown): QueryKey {
  return input === undefined ? [endpoint.area, endpoint.id] : [endpoint.area, endpoint.id, input];
}

function operationUtils<E extends Endpoint>(endpoint: E, getClient: () => ApiClient): OperationUtils<E> {
  const call = (input: EndpointInput<E> & Versioned, signal?: AbortSignal) => getClient().call(endpoint, input, { signal });
  return {
    endpoint,
    key: (input) => operationKey(endpoint, input),
    queryOptions: (input) =>
      // The generic output type is too deep for react-query's helper to check; the cast is sound.
      queryOptions({
        queryKey: operationKey(endpoint, input),
        queryFn: ({ signal }) => call(input, signal),
      }) as unknown as ReturnType<OperationUtils<E>['queryOptions']>,
    mutationOptions: () => ({
      mutationKey: [endpoint.area, endpoint.id],
      mutationFn: (input) => call(input),
      meta: { invalidates: endpoint.invalidates },
    }),
    call,
    download: (input, signal) => getClient().download(endpoint, input, { signal }),
  };
}

/**
 * What a run of several operations makes stale, from their records' `invalidates` (for one
 * mutation that calls several operations, e.g. a bulk action): never a hand-kept list of areas.
 */
export function invalidatesOf(...operations: readonly { endpoint: Endpoint }[]): readonly string[] {
  return [...new Set(operations.flatMap((operation) => operation.endpoint.invalidates ?? []))];
}

/** The operations whose reads gather from every kind of record (`feed: 'everyChange'`: the alert centre). */
const EVERY_CHANGE = new Set(allEndpoints.filter((endpoint) => endpoint.feed === 'everyChange').map((endpoint) => endpoint.id));

/**
 * Whether a query reads every kind of record: any change on the change feed makes it stale (the
 * feed's mapping asks this), and so does any write of the dashboard's own (the MutationCache below).
 */
export function readsEveryChange(key: QueryKey): boolean {
  return typeof key[1] === 'string' && EVERY_CHANGE.has(key[1]);
}

/** Invalidates what an operation called outside a mutation (`.call`) made stale, from its record. */
export async function invalidateAfter(queryClient: QueryClient, ...operations: readonly { endpoint: Endpoint }[]): Promise<void> {
  await Promise.all(invalidatesOf(...operations).map((area) => queryClient.invalidateQueries({ queryKey: [area] })));
}

/** Builds the typed `api` object over every operation; `getClient` is read on each call. */
export function createApi(getClient: () => ApiClient): Api {
  const api: Record<string, Record<string, OperationUtils<Endpoint>>> = {};
  for (const [area, operations] of Object.entries(endpoints)) {
    api[area] = {};
    for (const [action, endpoint] of Object.entries(operations as Record<string, Endpoint>)) {
      api[area][action] = operationUtils(endpoint, getClient);
    }
  }
  return api as unknown as Api;
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    mutationMeta: { invalidates?: readonly string[] };
  }
}

/** The query client every surface uses: invalidation from mutation meta, sane retries. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: async (_data, _variables, _context, mutation) => {
        const areas = mutation.meta?.invalidates ?? [];
        await Promise.all([
          ...areas.map((area) => queryClient.invalidateQueries({ queryKey: [area] })),
          // What a write changed may be what such a read gathers (a retry clears an alert).
          queryClient.invalidateQueries({ predicate: (query) => readsEveryChange(query.queryKey) }),
        ]);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // A 4xx will not get better by asking again; an unreachable service might.
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  });
  return queryClient;
}
