/**
 * The front door of the assets area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its page is routed by src/app/router.tsx.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'assets', label: 'Assets', order: 30, ...lazyTab(() => import('./event-assets-tab.tsx').then((m) => m.EventAssetsTab)) },
];
