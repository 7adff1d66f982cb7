/**
 * What global search finds besides events and chapter points: configuration items (channels,
 * rooms, categories, infrastructure profiles, webhooks), matched in the browser on their names
 * from the lists the configuration pages read (cached, so typing asks nothing new), and commands
 * ("Go to Schedule", "New event") from the navigation, so an area added there is found too.
 *
 * A word matches from the start of any word of the name, as the service's search does.
 */
import { useQueries } from '@tanstack/react-query';
import { api } from '../api.ts';
import { navigationAreas } from '../navigation.ts';

/** Enough to choose from; the configuration page lists the rest. */
export const CONFIG_RESULTS = 6;
const FRESH_MS = 60_000;

export interface ConfigResult {
  kind: 'Channel' | 'Room' | 'Category' | 'Infrastructure profile' | 'Webhook';
  id: string;
  name: string;
  /** A second line: reference, description, what a webhook calls. */
  detail?: string;
  href: string;
}

export interface Command {
  id: string;
  label: string;
  /** Other words it is found by. */
  keywords?: string;
  href: string;
}

export const COMMANDS: readonly Command[] = [
  { id: 'new-event', label: 'New event', keywords: 'create add live vod', href: '/events/new' },
  { id: 'new-playlist', label: 'New playlist', keywords: 'create add compose composition', href: '/compose/new?type=standard' },
  { id: 'new-encoder-playlist', label: 'New encoder playlist', keywords: 'create add compose composition live', href: '/compose/new?type=encoder' },
  ...navigationAreas.map((area) => ({ id: `go-${area.path}`, label: `Go to ${area.label}`, keywords: `open show ${area.path.slice(1)}`, href: area.path })),
  { id: 'deleted-events', label: 'Go to Deleted events', keywords: 'open show restore bin trash', href: '/events/deleted' },
  { id: 'today', label: 'Go to today’s schedule', keywords: 'open show day calendar', href: '/schedule?view=day' },
];

/** The words of a text, lower case. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every typed word starts a word of the haystack. */
export function matchesWords(haystack: string, typed: string): boolean {
  const words = wordsOf(typed);
  if (words.length === 0) return false;
  const targets = wordsOf(haystack);
  return words.every((w) => targets.some((t) => t.startsWith(w)));
}

export function matchCommands(typed: string): Command[] {
  return COMMANDS.filter((c) => matchesWords(`${c.label} ${c.keywords ?? ''}`, typed));
}

interface Named {
  id: string;
  name: string;
  referenceId?: string | null;
  description?: string | null;
  label?: string | null;
}

export function useConfigResults(text: string, enabled: boolean): { results: ConfigResult[]; total: number } {
  const options = { staleTime: FRESH_MS, retry: false, enabled } as const;
  const [channels, rooms, categories, profiles, webhooks] = useQueries({
    queries: [
      { ...api.channel.list.queryOptions({ query: {} }), ...options },
      { ...api.room.list.queryOptions({ query: {} }), ...options },
      { ...api.category.list.queryOptions({ query: {} }), ...options },
      { ...api.infrastructureProfile.list.queryOptions({ query: {} }), ...options },
      { ...api.webhook.list.queryOptions({}), ...options },
    ],
  });
  if (!enabled || text.trim() === '') return { results: [], total: 0 };
  const named = (kind: ConfigResult['kind'], section: string, list: readonly Named[] | undefined): ConfigResult[] =>
    (list ?? [])
      .filter((item) => matchesWords(`${item.name} ${item.label ?? ''} ${item.referenceId ?? ''}`, text))
      .map((item) => ({
        kind,
        id: item.id,
        name: item.label || item.name,
        detail: item.referenceId ? `Ref ${item.referenceId}` : (item.description ?? undefined),
        href: `/configuration/${section}?id=${encodeURIComponent(item.id)}`,
      }));
  const hooks = (Array.isArray(webhooks.data) ? webhooks.data : [])
    .filter((w) => matchesWords(w.webhookUrl, text))
    .map((w): ConfigResult => ({ kind: 'Webhook', id: w.id, name: w.webhookUrl, detail: 'System-wide webhook', href: `/webhooks/${w.id}` }));
  const all = [
    ...named('Channel', 'channels', channels.data as Named[] | undefined),
    ...named('Room', 'rooms', rooms.data as Named[] | undefined),
    ...named('Category', 'categories', categories.data as Named[] | undefined),
    ...named('Infrastructure profile', 'infrastructure-profiles', profiles.data as Named[] | undefined),
    ...hooks,
  ];
  return { results: all.slice(0, CONFIG_RESULTS), total: all.length };
}
