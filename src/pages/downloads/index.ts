/**
 * The front door of the downloads area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its pages are routed by src/app/router.tsx.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'downloads', label: 'Downloads', order: 120, ...lazyTab(() => import('./event-downloads-tab.tsx').then((m) => m.EventDownloadsTab)) },
];
