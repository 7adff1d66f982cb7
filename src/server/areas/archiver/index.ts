/**
 * The front door of the archiver area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export type { ArchiveAttempt, ArchiveStorage } from './archive-storage.ts';
export { eventArchiverUrls } from './event-urls.ts';
export { createMissingStreams } from './capture-streams.ts';
export { scheduleTick } from './recorder.ts';
export { segmentAt } from './segments.ts';
export { DEFAULT_SEGMENT_MS, resolveArchiverSettings } from './settings.ts';
export { nextContentAfter, sourceAt, sourcesOf, type SourceStream } from './sources.ts';
