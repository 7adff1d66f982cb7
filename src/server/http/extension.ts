/**
 * Routes beyond the interface that are not operation records (the change feed, the simulated
 * publishing point's HLS files, stored files...): plain Fastify routes under /api, registered by
 * a function given what handlers get. Here rather than in app.ts, so that the areas that add one
 * do not import the app that imports them.
 *
 * @example
 * // src/server/areas/thing/extension.ts
 * export const thingFiles: AppExtension = {
 *   register(app, { db, services, authenticate }) {
 *     app.get('/api/thing-files/:id', { onRequest: authenticate }, async (request, reply) => ...);
 *   },
 *   routes: [{ method: 'get', path: '/thing-files/{id}', operationId: 'thing.file', ... }],
 * };
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../jobs/clock.ts';
import type { AppServices } from '../services.ts';
import type { createAuthenticate } from './auth.ts';
import type { ExtensionRoute } from './openapi.ts';

export interface AppExtension {
  register(app: FastifyInstance, context: ExtensionContext): void | Promise<void>;
  /** How /api/openapi.json describes the routes (paths relative to /api). */
  routes?: readonly ExtensionRoute[];
}

export interface ExtensionContext {
  db: Db;
  clock: Clock;
  services: AppServices;
  /** The operations' onRequest hook, for routes that need an API key (`request.client` is the tenant afterwards). */
  authenticate: ReturnType<typeof createAuthenticate>;
  /**
   * A plain route that writes says so: the client's cached answers go (response-cache.ts), as
   * every operation's write does. Without it a read cached before the write answers the old rows.
   */
  dataChanged(clientId: string | null): Promise<void>;
}
