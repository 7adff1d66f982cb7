/**
 * The front door of the activity area (the trail, DESIGN.md "Trust"): the event's History tab, and
 * a record's History for the pages of other records (a publication's drawer, a destination).
 * Anything else in this folder is the area's own (lint: no-restricted-imports); its page is
 * routed by src/app/router.tsx.
 */
import { lazy } from 'react';
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'history', label: 'History', order: 140, ...lazyTab(() => import('./history-tab.tsx').then((m) => m.EventHistoryTab)) },
];

/** A record's History (its code loads when it is first shown, apart from the page's: render it inside Suspense). */
export const RecordHistory = lazy(() => import('./history-tab.tsx').then((m) => ({ default: m.RecordHistory })));
