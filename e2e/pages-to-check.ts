/**
 * Every page of the dashboard, for the checks that visit them all (accessibility).
 *
 * The areas come from the navigation drawer as the dashboard renders it (src/app/navigation.ts),
 * so an area added there is checked without touching this file. The event page's tabs are read
 * from its tab list as rendered (collected in src/app/event-tabs.tsx). What the navigation does not
 * link to directly is listed here: a page outside the drawer adds its URL to EXTRA_PAGES.
 *
 * `{event}` and `{webhook}` in a URL are replaced by the id of a demo event / webhook.
 */
export interface ExtraPage {
  /** Names the page in the report. */
  name: string;
  url: string;
  /** What must be visible before the page is checked (a role and name, as getByRole takes them). */
  ready?: { role: 'heading' | 'grid' | 'dialog' | 'tablist' | 'list' | 'region' | 'toolbar'; name: string | RegExp };
}

export const EXTRA_PAGES: readonly ExtraPage[] = [
  { name: 'schedule, day', url: '/schedule?view=day', ready: { role: 'heading', name: 'Schedule' } },
  { name: 'schedule, week', url: '/schedule?view=week', ready: { role: 'heading', name: 'Schedule' } },
  { name: 'schedule, month', url: '/schedule?view=month', ready: { role: 'heading', name: 'Schedule' } },
  { name: 'schedule, timeline', url: '/schedule?mode=timeline', ready: { role: 'heading', name: 'Schedule' } },
  { name: 'new event', url: '/events/new', ready: { role: 'heading', name: /New event/i } },
  { name: 'deleted events', url: '/events/deleted', ready: { role: 'heading', name: /Deleted events/i } },
  { name: 'new playlist (editor)', url: '/compose/new?type=standard', ready: { role: 'list', name: 'Available events' } },
  { name: 'webhook delivery log', url: '/webhooks/{webhook}' },
  { name: 'player page', url: '/events/{event}/player?embed=true' },
  { name: 'billing as a table', url: '/billing?view=table', ready: { role: 'heading', name: 'Billing' } },
  { name: 'not found', url: '/no-such-page', ready: { role: 'heading', name: /not found/i } },
  { name: 'publish directly (guided form)', url: '/events/{event}?tab=publications&publish=direct', ready: { role: 'dialog', name: 'Publish directly' } },
  { name: 'add a destination', url: '/destinations?new=1', ready: { role: 'dialog', name: 'Add a destination' } },
];
