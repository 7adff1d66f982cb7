/**
 * The front door of the compose area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its pages are routed by src/app/router.tsx.
 */
import { lazyTab, type EventTabDefinition } from '#pages/event/index.ts';

export const eventTabs: readonly EventTabDefinition[] = [
  { id: 'playlist', label: 'Playlist', order: 40, ...lazyTab(() => import('./event-playlist-card.tsx').then((m) => m.EventPlaylistCard)) },
];
