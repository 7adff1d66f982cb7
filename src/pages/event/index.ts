/**
 * The front door of the event area: what other page areas and the app may use of it. Anything
 * else in this folder is the area's own (lint: no-restricted-imports, "another page area's
 * internals"). The router loads the area's pages (deleted events, the player page) by their files.
 */
import { EventForm } from './event-form.tsx';
import { lazyTab, type EventTabDefinition } from './event-tabs.ts';

export { EventActions } from './event-actions.tsx';
export { EventPage } from './event-page.tsx';
export { eventDetailOptions } from './event-query.ts';
export { lazyTab, sortEventTabs, type EventTabDefinition, type EventTabProps } from './event-tabs.ts';
export { isLive, isTransitional } from './event-transitions.ts';
export { absoluteUrl, playableHlsUrl } from './stream-urls.ts';
export { useEventLookups, type EventLookups } from './use-lookups.ts';

/** The event's own tabs; the other areas add theirs (Assets 30, Playlist 40, Publications 100, Webhooks 110, Downloads 120). */
export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'general', label: 'General', order: 10, component: EventForm, keepMounted: true },
  { id: 'player', label: 'Player', order: 20, ...lazyTab(() => import('./player-tab.tsx').then((m) => m.PlayerTab)) },
  { id: 'urls', label: 'Streaming URLs', order: 50, ...lazyTab(() => import('./streaming-urls-tab.tsx').then((m) => m.StreamingUrlsTab)) },
  { id: 'properties', label: 'Custom properties', order: 60, ...lazyTab(() => import('./custom-properties-tab.tsx').then((m) => m.CustomPropertiesTab)) },
  { id: 'client-properties', label: 'Client properties', order: 70, ...lazyTab(() => import('./client-properties-tab.tsx').then((m) => m.ClientPropertiesTab)) },
  { id: 'chapters', label: 'Chapter points', order: 80, ...lazyTab(() => import('./chapter-points-tab.tsx').then((m) => m.ChapterPointsTab)) },
  { id: 'audio', label: 'Audio', order: 90, ...lazyTab(() => import('./audio-tab.tsx').then((m) => m.AudioTab)) },
];
