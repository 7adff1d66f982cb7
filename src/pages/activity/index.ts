/**
 * The front door of the activity area (the trail, DESIGN.md "Trust"): the event's History tab.
 * Anything else in this folder is the area's own (lint: no-restricted-imports); its page is
 * routed by src/app/router.tsx.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'history', label: 'History', order: 140, ...lazyTab(() => import('./history-tab.tsx').then((m) => m.EventHistoryTab)) },
];
