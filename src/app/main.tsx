/**
 * The dashboard's entry: it evaluates the startup code a part at a time, with the browser free
 * between parts (input, the downloads' callbacks). Evaluated in one go, it was the longest task
 * before a page's first row: ~200 ms on the bench's machine, where issue 27 asks for none over
 * 100 ms. Over half of it was zod building the schema module's ~3,100 schemas, so that module is
 * evaluated in three parts of about a thousand schemas each (a model module evaluates what it
 * imports first), then the libraries, the dashboard's modules, and its start (start.tsx). Every part's
 * chunk is preloaded by index.html (vite.config.ts), so the parts cost no round trip.
 * `npm run bench -- --only browser` reports the longest task.
 *
 * Each import is written `import(...).then(() => undefined)`: a part is imported for its
 * evaluation alone, and a namespace nothing reads lets the bundler leave out the exports no module
 * uses (a namespace kept keeps every export: ~80 KB more of startup code).
 */
const parts: (() => Promise<unknown>)[] = [
  () => Promise.all([import('#schema/models/lookups.ts').then(() => undefined), import('#schema/models/changes.ts').then(() => undefined)]),
  () =>
    Promise.all([
      import('#schema/models/syndication.ts').then(() => undefined),
      import('#schema/models/compose.ts').then(() => undefined),
      import('#schema/models/archiver.ts').then(() => undefined),
      import('#schema/models/webhook.ts').then(() => undefined),
    ]),
  () => import('#schema').then(() => undefined),
  () =>
    Promise.all([
      import('react-dom/client').then(() => undefined),
      import('react-router/dom').then(() => undefined),
      import('@tanstack/react-query').then(() => undefined),
      import('@mui/material/styles').then(() => undefined),
    ]),
  // The dashboard's own modules (the router imports the shell and every area's front door), then its start.
  () => import('./router.tsx').then(() => undefined),
  () => import('./start.tsx').then(() => undefined),
];

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  for (const part of parts) {
    await yieldToBrowser();
    await part();
  }
})();
