/**
 * The front door of the events area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its page is routed by src/app/router.tsx, which also starts its first request (prefetchEventsPage).
 */
export { dayOf, parseDay, startOfDay } from './events-view.ts';
export { prefetchEventsPage } from './events-query.ts';
export { useStableRows } from './stable-rows.ts';
