/**
 * The dashboard's entry: it evaluates the startup code a part at a time, with the browser free
 * between parts (input, the downloads' callbacks). Evaluated in one go, it was the longest task
 * before a page's first row: ~200 ms on the bench's machine, where issue 27 asks for none over
 * 100 ms. Over half of it was zod building the schema module's ~3,100 schemas, so that module is
 * evaluated in three parts of about a thousand schemas each (a model module evaluates what it
 * imports first), then the rest of the dashboard (start.tsx). Every part's chunk is preloaded by
 * index.html (vite.config.ts), so the parts cost no round trip. `npm run bench -- --only browser`
 * reports the longest task.
 */
const parts: (() => Promise<unknown>)[] = [
  () => Promise.all([import('#schema/models/lookups.ts'), import('#schema/models/changes.ts')]),
  () =>
    Promise.all([
      import('#schema/models/syndication.ts'),
      import('#schema/models/compose.ts'),
      import('#schema/models/archiver.ts'),
      import('#schema/models/webhook.ts'),
    ]),
  () => import('#schema'),
  // The libraries the dashboard renders with, then its own modules.
  () => Promise.all([import('react-dom/client'), import('react-router/dom'), import('@tanstack/react-query'), import('@mui/material/styles')]),
  () => import('./start.tsx'),
];

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  for (const part of parts) {
    await yieldToBrowser();
    await part();
  }
})();
