/**
 * The front door of the vod-download area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { requestDownload } from './request.ts';
export { MailError, type Mailer, type OutgoingMail } from './mailer.ts';
export { type DownloadSettings } from './settings.ts';
