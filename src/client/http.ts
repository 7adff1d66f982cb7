/**
 * The one fetch path from the browser (or a test) to any service implementing the interface.
 * An operation record says how to build the request and which statuses mean success:
 * 204 and a declared 410 resolve to `null`; anything else undeclared rejects with an ApiError
 * that carries the service's error body.
 */
import {
  buildPath,
  ErrorBodySchema,
  isSuccessStatus,
  type Endpoint,
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
  type ErrorBody,
  type FieldError,
} from '#schema';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the service could not be reached at all. */
    readonly status: number,
    /** The service's error body when it sent one in the documented shape. */
    readonly body: ErrorBody | undefined,
    readonly operationId: string,
  ) {
    super(body?.exceptionMessage || (status === 0 ? 'The service could not be reached' : `HTTP ${status}`));
  }

  /** The failing fields of a 400, as `{ field: 'body.Title', message }` entries. */
  get fieldErrors(): FieldError[] {
    const data = this.body?.data as { fields?: unknown } | undefined;
    return Array.isArray(data?.fields) ? (data.fields as FieldError[]) : [];
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isUnreachable(): boolean {
    return this.status === 0;
  }

  /**
   * 412 PreconditionFailed: the record changed since the version sent in If-Match was read
   * (beyond the interface, DESIGN.md "Trust"); nothing was written.
   */
  get isVersionConflict(): boolean {
    return this.status === 412;
  }

  /** With a 412: the record's current version and the record as it is now (null when it is gone). */
  get conflict(): { version: number | null; current: unknown } | undefined {
    if (!this.isVersionConflict) return undefined;
    const data = this.body?.data as { version?: unknown; current?: unknown } | undefined;
    return { version: typeof data?.version === 'number' ? data.version : null, current: data?.current ?? null };
  }

  /** With a 403: the key's role and the role the operation needs. */
  get roleRefusal(): { role: string; required: string } | undefined {
    const data = this.body?.data as { role?: unknown; required?: unknown } | undefined;
    return this.status === 403 && typeof data?.role === 'string' && typeof data.required === 'string' ? { role: data.role, required: data.required } : undefined;
  }
}

/** A record's version as the service answers it (`version`, or an ETag): what If-Match sends back. */
export type RecordVersion = number | string | null | undefined;

/** The If-Match header of a version: a strong validator, quoted; none without a version. */
export function ifMatchOf(version: RecordVersion): string | undefined {
  if (version === null || version === undefined || version === '') return undefined;
  const text = String(version);
  return text === '*' || text.startsWith('"') ? text : `"${text}"`;
}

export interface ClientConfig {
  /** Base URL of the service's API, e.g. `http://localhost:8080/api` or `/api`. */
  baseUrl: string;
  apiKey?: string;
  /** Defaults to the global fetch; tests route it into the in-process server. */
  fetch?: typeof fetch;
  /** Extra headers on every call (X-Transaction-ID, Client). */
  headers?: Record<string, string>;
  /**
   * Check each success body against the record's schema and reject when it does not match.
   * On in tests, to catch any drift between the service and the schema module.
   */
  validateResponses?: boolean;
}

export type CallOptions = { signal?: AbortSignal; headers?: Record<string, string> };

/**
 * What a write may send beside its input: the version of the record it was based on. The call
 * then carries `If-Match` and answers 412 (an ApiError with `conflict`) when the record changed.
 */
export type Versioned = { ifMatch?: RecordVersion };

function appendQuery(url: URL, query: Record<string, unknown> | undefined): void {
  if (!query) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
}

/** The URL of a call, relative URLs resolved against the page (or localhost outside a browser). */
export function requestUrl(config: Pick<ClientConfig, 'baseUrl'>, endpoint: EndpointDef, input: { params?: unknown; query?: unknown }): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  const url = new URL(config.baseUrl.replace(/\/+$/, '') + buildPath(endpoint.path, input.params as Record<string, unknown>), origin);
  appendQuery(url, input.query as Record<string, unknown> | undefined);
  return url.toString();
}

/** A file an operation answered (`produces`: a CSV export), as the browser saves it. */
export interface DownloadedFile {
  blob: Blob;
  /** From the answer's Content-Disposition, else the operation's id. */
  filename: string;
}

export interface ApiClient {
  readonly config: ClientConfig;
  call<E extends Endpoint>(endpoint: E, input: EndpointInput<E> & Versioned, options?: CallOptions): Promise<EndpointOutput<E>>;
  /** An operation that answers a file (`produces`), read as one, with its name. */
  download<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions): Promise<DownloadedFile>;
}

/** The file name a Content-Disposition gives (`filename*=UTF-8''…` first, then `filename="…"`). */
export function dispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

export function createApiClient(config: ClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const send = async (endpoint: Endpoint, input: unknown, options: CallOptions): Promise<Response> => {
    const { body, ifMatch } = input as { body?: unknown } & Versioned;
    const headers: Record<string, string> = { Accept: endpoint.produces ?? 'application/json', ...config.headers, ...options.headers };
    const condition = ifMatchOf(ifMatch);
    if (condition) headers['If-Match'] = condition;
    if (config.apiKey) headers['API-KEY'] = config.apiKey;
    if (body !== undefined) headers['Content-Type'] = endpoint.contentType ?? 'application/json';
    try {
      return await doFetch(requestUrl(config, endpoint, input as { params?: unknown; query?: unknown }), {
        method: endpoint.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, undefined, endpoint.id);
    }
  };
  return {
    config,
    async download(endpoint, input, options = {}) {
      const response = await send(endpoint, input, options);
      if (!isSuccessStatus(response.status) || endpoint.responses[response.status] === undefined) {
        throw new ApiError(response.status, parseErrorBody(await response.text()), endpoint.id);
      }
      return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('Content-Disposition')) ?? endpoint.id };
    },
    async call(endpoint, input, options = {}) {
      const response = await send(endpoint, input, options);
      const text = await response.text();
      const declared = endpoint.responses[response.status];
      if (isSuccessStatus(response.status) && declared !== undefined) {
        if (declared === null || response.status === 204 || text === '') {
          return null as EndpointOutput<typeof endpoint>;
        }
        // A file's text is the answer (a CSV export), not JSON.
        if (endpoint.produces) return text as EndpointOutput<typeof endpoint>;
        const json: unknown = JSON.parse(text);
        if (config.validateResponses) {
          const parsed = declared.safeParse(json);
          if (!parsed.success) {
            throw new ApiError(
              response.status,
              {
                exceptionType: 'ResponseShapeError',
                exceptionMessage: `${endpoint.id}: the answer does not match the schema: ${parsed.error.message}`,
                errorType: 'ResponseShape',
                data: parsed.error.issues,
              },
              endpoint.id,
            );
          }
        }
        return json as EndpointOutput<typeof endpoint>;
      }
      throw new ApiError(response.status, parseErrorBody(text), endpoint.id);
    },
  };
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
