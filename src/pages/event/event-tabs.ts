/** The event page's tab lives in the URL (`?tab=player`), so a reload or a shared link opens the same tab. */
import { useTabParam } from '#components/use-tab-param.ts';

export const EVENT_TABS = [
  { id: 'general', label: 'General' },
  { id: 'player', label: 'Player' },
  { id: 'assets', label: 'Assets' },
  { id: 'playlist', label: 'Playlist' },
  { id: 'urls', label: 'Streaming URLs' },
  { id: 'properties', label: 'Custom properties' },
  { id: 'client-properties', label: 'Client properties' },
  { id: 'chapters', label: 'Chapter points' },
  { id: 'audio', label: 'Audio' },
  { id: 'publications', label: 'Publications' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'downloads', label: 'Downloads' },
] as const;
export type EventTab = (typeof EVENT_TABS)[number]['id'];

const TAB_IDS = EVENT_TABS.map((t) => t.id);

/** The event page's tab, in the URL; changing it pushes a history entry (Back returns to the previous tab). */
export function useEventTab(): [EventTab, (tab: EventTab) => void] {
  return useTabParam({ tabs: TAB_IDS, fallback: 'general', history: 'push' });
}
