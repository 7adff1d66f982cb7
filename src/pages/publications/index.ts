/**
 * The front door of the publications area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its page is routed by src/app/router.tsx.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export { TargetIcon, TargetLabel, targetName } from './targets.tsx';
/** The alert centre's fix of a failed publication. */
export { retryPublication } from './publication-actions.tsx';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'publications', label: 'Publications', order: 100, ...lazyTab(() => import('./event-publications-tab.tsx').then((m) => m.EventPublicationsTab)) },
];
