/**
 * The front door of the compose area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { checkEncoder } from './encoder.ts';
export { grantLicence } from './licences.ts';
export { insertEvent, insertPlaylist, replaceItems, saveRendition, updateEventRow, updatePlaylist } from './repo.ts';
export { LICENSED_FEATURE_LIVE_STREAM_START } from './rules.ts';
export { checkStandard, planGeneration, reasonOf } from './standard.ts';
