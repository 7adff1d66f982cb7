/**
 * Every area's handlers, in one list for buildApp. An area implements operations in
 * src/server/areas/<area>/routes.ts, which exports an array of `implement(...)` results:
 *
 *   // src/server/areas/event-type/routes.ts
 *   export const eventTypeRoutes: Implementation[] = [
 *     implement(endpoints.eventType.list, async (_input, ctx) => ({ status: 200, body: await listEventTypes(ctx.db, ctx.client.clientId) })),
 *   ];
 *
 * and adds it below. Implementing an operation also removes its id from
 * src/server/http/not-implemented.ts (a test holds that list to what is really left).
 */
import type { Implementation } from '../http/implement.ts';
import { eventTypeRoutes } from './event-type/routes.ts';
import { eventRoutes } from './event/routes.ts';
import { lookupRoutes } from './lookups/routes.ts';

export const implementations: readonly Implementation[] = [...eventRoutes, ...eventTypeRoutes, ...lookupRoutes];
