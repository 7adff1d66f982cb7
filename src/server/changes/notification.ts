/**
 * A recorded change as a notification: what webhooks receive (their deliveries' payload,
 * fanout.ts) and what the change feed streams (feed.ts), one shape for both.
 */
import { EventState, Mp4State, ProvisionState, type WebhookNotification } from '#schema';
import type { eventChanges } from '../db/tables/changes.ts';

type ChangeRow = typeof eventChanges.$inferSelect;

/** The fields of a change that make its notification (a change row, or an event as it is now for a test). */
export interface NotificationSource extends Partial<Omit<ChangeRow, 'seq' | 'clientId' | 'createdAt'>> {
  eventId: string;
  action: WebhookNotification['action'];
  referenceId: string | null;
  externalId: string | null;
  state: number;
  mp4State: number;
  provisionState: number | null;
}

/**
 * The notification (service-interface.md "Notification payload"; public-facts.md §5) as the JSON
 * body: camelCase, enumerations by name. The form encoding derives from it (webhookNotificationToForm).
 * Every value comes from validated writes; an unknown one (impossible today) falls back to the
 * first name rather than blocking every later notification of the event.
 */
export function toNotification(c: NotificationSource): WebhookNotification {
  return {
    eventId: c.eventId,
    referenceId: c.referenceId,
    externalId: c.externalId,
    state: EventState.nameOf(c.state) ?? 'PRE_LIVE',
    stateChanged: c.stateChanged ?? false,
    metadataChanged: c.metadataChanged ?? false,
    thumbnailChanged: c.thumbnailChanged ?? false,
    isForced: c.isForced ?? false,
    audioChanged: c.audioChanged ?? false,
    mp4State: Mp4State.nameOf(c.mp4State) ?? 'NONE',
    mp4StateChanged: c.mp4StateChanged ?? false,
    chapterPointsChanged: c.chapterPointsChanged ?? false,
    assetsChanged: c.assetsChanged ?? false,
    provisionState: c.provisionState === null ? null : (ProvisionState.nameOf(c.provisionState) ?? null),
    provisionStateChanged: c.provisionStateChanged ?? false,
    capturingLive2VodFlagChanged: c.capturingLive2VodFlagChanged ?? false,
    action: c.action,
  };
}
