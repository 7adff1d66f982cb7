/**
 * The front door of the health area: the event page's Health tab (an event's encoder over the
 * last 30 minutes). Its words for a status are the schedule's too, through the schema's names.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'health', label: 'Health', order: 25, ...lazyTab(() => import('./event-health-tab.tsx').then((m) => m.EventHealthTab)) },
];
