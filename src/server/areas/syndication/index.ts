/**
 * The front door of the syndication area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { scheduleWatch } from './live.ts';
/** The target adapter's interface, all of it: the simulated platforms (sim/targets.ts) implement it. */
export type * from './target.ts';
