/**
 * Routes of this service beyond the interface, answered without an API key:
 * - `GET /api/health`: liveness and the database's answer, for load balancers and `npm start`.
 * - `GET /api/connection`: `{ apiKey }`, the demo key, so the dashboard served by a local demo
 *   connects without the user copying a key. The app exposes it only when it is given
 *   `demoKey` (main.ts does so only with DEMO_DATA on): anyone who can reach the port then has
 *   the key of the demo tenant, which is acceptable for a sandbox of demo data on one's own
 *   machine and for nothing else. Without a demo key it is a 404.
 */
import type { FastifyInstance } from 'fastify';
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
      404: { description: 'This service exposes no key', ...errorResponse },
    },
  },
];

export interface ServiceRoutesOptions {
  db: Db;
  demoKey?: string;
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
    return reply.header('Cache-Control', 'no-store').send({ apiKey: options.demoKey });
  });
}
