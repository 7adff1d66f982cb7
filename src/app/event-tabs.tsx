/**
 * The event page's tabs, collected from the page areas that own them, in ONE place: each area
 * exports `eventTabs` from its front door, and a new area adds its tab by adding one line here,
 * without touching the page (docs/README.md "Event page tabs"). The router loads this module for
 * /events/:id, so the page and its tabs stay one lazy route.
 */
import { EventPage, eventTabs as event, sortEventTabs } from '#pages/event/index.ts';
import { eventTabs as activity } from '#pages/activity/index.ts';
import { eventTabs as assets } from '#pages/assets/index.ts';
import { eventTabs as compose } from '#pages/compose/index.ts';
import { eventTabs as downloads } from '#pages/downloads/index.ts';
import { eventTabs as publications } from '#pages/publications/index.ts';
import { eventTabs as webhooks } from '#pages/webhooks/index.ts';
import { eventTabs as health } from '#pages/health/index.ts';

export const EVENT_TABS = sortEventTabs([...event, ...health, ...assets, ...compose, ...publications, ...webhooks, ...downloads, ...activity]);

/** /events/:id and /events/new. */
export default function EventPageWithTabs() {
  return <EventPage tabs={EVENT_TABS} />;
}
