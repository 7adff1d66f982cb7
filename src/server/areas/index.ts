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
import type { AnyJobDefinition } from '../jobs/define.ts';
import { eventTypeRoutes } from './event-type/routes.ts';
import { eventRoutes } from './event/routes.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { statsRoutes } from './stats/routes.ts';
import { customPropertyRoutes } from './custom-property/routes.ts';
import { chapterPointRoutes } from './chapter-point/routes.ts';
import { clientPropertyRoutes } from './client-property/routes.ts';
import { channelProfileRoutes } from './channel-profile/routes.ts';
import { webhookRoutes } from './webhook/routes.ts';
import { composeRoutes } from './compose/routes.ts';
import { assetRoutes } from './asset/routes.ts';
import { vodDownloadRoutes } from './vod-download/routes.ts';
import { archiverRoutes } from './archiver/routes.ts';
import { syndicationRoutes } from './syndication/routes.ts';
import { encoderHealthRoutes } from './encoder-health/routes.ts';
import { alertRoutes } from './alert/routes.ts';
import { activityRoutes } from '../activity/routes.ts';
import { presenceRoutes } from '../presence/presence.ts';
import { changeJobs } from '../changes/jobs.ts';
import { liveJobs } from './live/jobs.ts';
import { webhookJobs } from './webhook/jobs.ts';
import { composeJobs } from './compose/jobs.ts';
import { assetJobs } from './asset/jobs.ts';
import { vodDownloadJobs } from './vod-download/jobs.ts';
import { archiverJobs } from './archiver/jobs.ts';
import { syndicationJobs } from './syndication/jobs.ts';
import { encoderHealthJobs } from './encoder-health/jobs.ts';

export const implementations: readonly Implementation[] = [
  ...eventRoutes,
  ...eventTypeRoutes,
  ...lookupRoutes,
  ...liveRoutes,
  ...searchRoutes,
  ...statsRoutes,
  ...customPropertyRoutes,
  ...chapterPointRoutes,
  ...clientPropertyRoutes,
  ...channelProfileRoutes,
  ...webhookRoutes,
  ...composeRoutes,
  ...assetRoutes,
  ...vodDownloadRoutes,
  ...archiverRoutes,
  ...syndicationRoutes,
  ...encoderHealthRoutes,
  ...alertRoutes,
  // Trust (DESIGN.md): the activity trail, the caller's key, presence.
  ...activityRoutes,
  ...presenceRoutes,
];

/**
 * Every area's background jobs, for the worker. An area with background work defines each kind
 * with `jobKind` and `defineJob` (src/server/jobs/define.ts), its handlers in src/server/areas/<area>/jobs.ts, exports them as
 * `<area>Jobs`, and adds that list below (the change log's, src/server/changes/jobs.ts, too). Job
 * types are namespaced `area.action`.
 */
export const areaJobs: readonly AnyJobDefinition[] = [
  ...changeJobs,
  ...liveJobs,
  ...webhookJobs,
  ...composeJobs,
  ...assetJobs,
  ...vodDownloadJobs,
  ...archiverJobs,
  ...syndicationJobs,
  ...encoderHealthJobs,
];
