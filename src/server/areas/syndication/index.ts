/**
 * The front door of the syndication area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { scheduleWatch } from './live.ts';
export type {
  ActivationStep,
  IngestionDetail,
  LiveStatistics,
  MetadataAnswer,
  MetadataRequest,
  Outcome,
  StatisticsSample,
  TargetAdapter,
  TargetDestination,
  TargetEnv,
  TargetFailure,
  TargetRegistry,
  TargetView,
  UploadStatus,
  VodMedia,
} from './target.ts';
