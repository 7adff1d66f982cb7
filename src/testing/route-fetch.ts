/**
 * A `fetch` that goes into the in-process service through `app.inject` instead of the network:
 * the browser client and the dashboard's component tests talk to the real routing, parsing and
 * handlers with no port and no hand-written mock of the API. With `streams`, an answer asked for
 * as an event stream (the change feed) comes as it is written, until the caller aborts, so a page
 * test follows the feed as the browser does; without, the feed never answers and the page polls
 * (its fallback), as most page tests want: a page that also refetches on every change of the
 * service's own work is slower to settle.
 *
 * @example
 * const client = createApiClient({ baseUrl: '/api', apiKey: key, fetch: routeFetch(app) });
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Statuses whose responses cannot carry a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function routeFetch(app: Pick<FastifyInstance, 'inject'>, options: { streams?: boolean } = {}): typeof fetch {
  return async function fetchIntoApp(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request =
      input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), 'http://localhost'), init);
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const url = new URL(request.url);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
    // The Host a browser would send: the service makes its own URLs from it (http/service-url.ts).
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });

    if (options.streams && request.headers.get('accept') === 'text/event-stream') return streamFromApp(app, request, url, headers);

    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(payload && payload.length > 0 ? { payload } : {}),
    });
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const body = NULL_BODY.has(response.statusCode) || request.method === 'HEAD' ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, statusText: response.statusMessage, headers: responseHeaders });
  };
}

/** An event stream from the app, chunk by chunk as the handler writes it; aborting the request closes it on the service's side too. */
async function streamFromApp(app: Pick<FastifyInstance, 'inject'>, request: Request, url: URL, headers: Record<string, string>): Promise<Response> {
  const response = await app.inject({ method: 'GET', url: url.pathname + url.search, headers, payloadAsStream: true });
  const raw = response.raw.res;
  const stream = response.stream();
  const close = () => {
    stream.destroy();
    // The handler's 'close': the feed lets go of the connection.
    raw.destroy();
  };
  if (request.signal.aborted) close();
  else request.signal.addEventListener('abort', close, { once: true });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) responseHeaders.set(name, String(value));
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, { status: response.statusCode, headers: responseHeaders });
}
