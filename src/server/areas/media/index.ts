/**
 * The front door of the media area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { type EventMedia, eventMediaOf, formatMediaTime, mediaInputOf, parseMediaTime } from './event-media.ts';
export { createMediaServices, type FileStorage, type MediaServices, type StoredFile } from './services.ts';
export { mediaProgress, progressWriter, type ProgressWriter } from './progress.ts';
