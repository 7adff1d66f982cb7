/**
 * The front door of the webhook area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts. The change recorder (changes/record.ts) creates a change's deliveries in
 * its own statement (changes/fanout.ts); this area delivers them.
 */
export {};
