/**
 * Routes of this service beyond the interface, answered without an API key:
 * - `GET /api/health`: liveness and the database's answer, for load balancers and `npm start`.
 * - `GET /api/connection`: `{ apiKey }`, the demo key, so the dashboard served by a local demo
 *   connects without the user copying a key. The app exposes it only when it is given
 *   `demoKey` (main.ts does so only with DEMO_DATA on, and only for the key it made for the demo,
 *   never one given in API_KEY). Without a demo key it is a 404.
 *   The key stays on this machine: it is answered only to a request whose Host is a loopback name
 *   or address (localhost, 127.0.0.0/8, [::1]) or this machine's own name. A page of another site
 *   that points its own name at this machine (DNS rebinding) sends its own name as Host, and gets
 *   a 403, as does another machine reaching a HOST=0.0.0.0 demo by an address.
 */
import { hostname } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ping, type Db } from '../db/database.ts';
import { HttpError, sendError } from './errors.ts';
import type { ExtensionRoute } from './openapi.ts';

const errorResponse = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };

/** How the OpenAPI document describes these routes. */
export const SERVICE_ROUTES: readonly ExtensionRoute[] = [
  {
    method: 'get',
    path: '/health',
    operationId: 'service.health',
    summary: 'Health of the service and its database',
    description: 'answers 200 while the service and its database answer, 503 otherwise. No API key needed.',
    authenticated: false,
    responses: {
      200: {
        description: 'Healthy',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { status: { const: 'ok' }, database: { const: 'ok' } },
              required: ['status', 'database'],
            },
          },
        },
      },
      503: { description: 'The database does not answer', ...errorResponse },
    },
  },
  {
    method: 'get',
    path: '/connection',
    operationId: 'service.connection',
    summary: 'The demo API key of a local demo',
    description:
      'a local demo (DEMO_DATA on) hands its demo key to the dashboard it serves, so that the dashboard connects at once. Any other service answers 404: ask its operator for a key.',
    authenticated: false,
    responses: {
      200: {
        description: 'The demo key',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { apiKey: { type: 'string' } }, required: ['apiKey'] },
          },
        },
      },
      403: { description: 'The request did not come through this machine\'s own name or a loopback address (its Host header)', ...errorResponse },
      404: { description: 'This service exposes no key', ...errorResponse },
    },
  },
];

export interface ServiceRoutesOptions {
  db: Db;
  demoKey?: string;
  /** This machine's own names, besides the loopback ones. Default: os.hostname(). */
  machineNames?: readonly string[];
}

/** The host name of a Host header, lower case, without its port (and brackets of an IPv6 address). */
function hostOf(request: FastifyRequest): string | undefined {
  const header = request.headers.host;
  if (typeof header !== 'string') return undefined;
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::\d+)?$/i.exec(header.trim());
  return (match?.[1] ?? match?.[2])?.toLowerCase().replace(/\.$/, '');
}

/** A loopback name or address, or one of this machine's own names. */
export function isOwnHost(host: string | undefined, machineNames: readonly string[]): boolean {
  if (!host) return false;
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return machineNames.some((name) => name.toLowerCase() === host);
}

export async function serviceRoutes(app: FastifyInstance, options: ServiceRoutesOptions): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    if (await ping(options.db)) return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok' });
    return sendError(request, reply, new HttpError(503, 'Unavailable', 'The database does not answer', { database: 'unreachable' }));
  });

  app.get('/api/connection', async (request, reply) => {
    if (!options.demoKey) {
      return sendError(
        request,
        reply,
        new HttpError(404, 'NotFound', 'This service exposes no API key: ask its operator for one (or create one with `npm run keys -- create <client>`)'),
      );
    }
    if (!isOwnHost(hostOf(request), options.machineNames ?? [hostname()])) {
      return sendError(
        request,
        reply,
        new HttpError(403, 'Forbidden', 'The demo key is handed out only to the dashboard opened on this machine (http://localhost:<port>): elsewhere, enter an API key in the connection settings'),
      );
    }
    return reply.header('Cache-Control', 'no-store').send({ apiKey: options.demoKey });
  });
}
