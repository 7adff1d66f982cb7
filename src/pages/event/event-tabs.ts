/** The event page's tab lives in the URL (`?tab=player`), so a reload or a shared link opens the same tab. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const EVENT_TABS = [
  { id: 'general', label: 'General' },
  { id: 'player', label: 'Player' },
  { id: 'playlist', label: 'Playlist' },
  { id: 'urls', label: 'Streaming URLs' },
  { id: 'properties', label: 'Custom properties' },
  { id: 'client-properties', label: 'Client properties' },
  { id: 'chapters', label: 'Chapter points' },
  { id: 'audio', label: 'Audio' },
  { id: 'webhooks', label: 'Webhooks' },
] as const;
export type EventTab = (typeof EVENT_TABS)[number]['id'];

export function parseEventTab(value: string | null): EventTab {
  return EVENT_TABS.find((t) => t.id === value)?.id ?? 'general';
}

/** The tab and a setter that pushes a history entry (Back returns to the previous tab); General is left out of the URL. */
export function useEventTab(): [EventTab, (tab: EventTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = parseEventTab(params.get('tab'));
  const setTab = useCallback(
    (next: EventTab) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === 'general') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      }),
    [setParams],
  );
  return [tab, setTab];
}
