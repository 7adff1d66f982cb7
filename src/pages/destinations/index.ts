/**
 * The front door of the destinations area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its page is routed by src/app/router.tsx; it is exported for page tests that set up a destination through it.
 */
export { default as DestinationsPage } from './destinations-page.tsx';
