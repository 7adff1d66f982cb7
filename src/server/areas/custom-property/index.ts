/**
 * The front door of the custom-property area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { EventChanges, findEvent } from './event-changes.ts';
export { foreignIds, type PlanOptions, planPropertyWrites, type PropertyItem } from './plan.ts';
export { deletePairs, eventProperties, ownIdsAmong, slices, writeEventProperties, type WriteResult } from './repo.ts';
