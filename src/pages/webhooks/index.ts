/**
 * The front door of the webhooks area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its pages are routed by src/app/router.tsx.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'webhooks', label: 'Webhooks', order: 110, ...lazyTab(() => import('./event-webhooks-tab.tsx').then((m) => m.EventWebhooksTab)) },
];
