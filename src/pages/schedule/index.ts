/**
 * The front door of the schedule area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Nothing of it is used elsewhere yet; its page is routed by src/app/router.tsx.
 */
export {};
