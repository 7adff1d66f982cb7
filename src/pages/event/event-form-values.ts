// Over ~250 lines on purpose: the two directions of one mapping (Event -> form values, form values -> request), kept side by side so a field added to one is seen in the other.
/**
 * The event form's values are the POST /event/ body itself (EventBody, PascalCase), so the same
 * schema validates the form and the service. This module maps an Event (what the service answers)
 * onto that body for the form's defaultValues, and the form's result back into a request.
 */
import type { z } from 'zod';
import { EVENT_BODY_FIELDS, EventState, type EventBody, type Event, type FieldError } from '#schema';
import { STREAMING_STATES } from '#schema/models/event-states.ts';

export type EventFormValues = z.input<typeof EventBody>;
export type EventFormOutput = z.output<typeof EventBody>;
export type EventField = (typeof EVENT_BODY_FIELDS)[number];

/**
 * The form values of an existing event: every body field from its counterpart in the Event.
 * Text the service has as null shows as empty text (and goes back as null, see `formToBody`).
 *
 * Fields with no counterpart in an Event: RefreshIndex (a request flag) starts off;
 * AutoExpirePublishingPoints is not part of the Event the service answers, so it starts at its
 * documented default (false) and is sent only as the user sets it. EventState is left out: an
 * existing event changes state through the live controls, never through a save.
 */
export function eventToFormValues(event: Event): EventFormValues {
  return {
    Id: event.id,
    Title: event.title,
    RefId: event.refId ?? '',
    ExternalId: event.externalId ?? '',
    Description: event.description ?? '',
    ScheduledStart: event.scheduledStart,
    ScheduledEnd: event.scheduledEnd,
    PublishedStart: event.publishedStart,
    PublishedEnd: event.publishedEnd,
    InstantVodStart: event.instantVodStart,
    InstantVodEnd: event.instantVodEnd,
    ScheduledProvisionAt: event.scheduledProvisionAt,
    ScheduledTerminateAt: event.scheduledTerminateAt,
    ArchiverStart: event.archiverStart,
    ArchiverEnd: event.archiverEnd,
    RoomId: event.roomId,
    EventTypeId: event.eventTypeId,
    CategoryId: event.categoryId,
    ChannelId: event.channelId,
    XflowId: event.xflowId,
    RemixflowId: event.remixflowId,
    InfrastructureProfileId: event.infrastructureProfileId,
    ArchiverflowId: event.archiverflowId,
    AutoStart: event.autoStart,
    AutoEnd: event.autoEnd,
    AutoProvisionInfrastructure: event.autoProvisionInfrastructure,
    AutoTerminateInfrastructure: event.autoTerminateInfrastructure,
    AutoPublish: event.autoPublish,
    AutoStartPublications: event.autoStartPublications,
    VodEnableDrm: event.vodDrm,
    SetPrivateAfterGeneration: event.setPrivateAfterGeneration,
    RefreshIndex: false,
    Tags: (event.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name })),
    DrmJson: event.drmJson ?? '',
    AdditionalStreamingOptions: event.additionalStreamingOptions ?? '',
    TaskEngineJson: event.taskEngineJson ?? '',
    Thumbnail: event.thumbnail ?? '',
    DvrLength: event.dvrLength,
    MaxBitrate: event.maxBitrateUrlParam,
    MinBitrate: event.minBitrateUrlParam,
    AutoExpirePublishingPoints: false,
  };
}

const HOUR = 3_600_000;

/** A new live event: pre-live, scheduled for the next full hour, one hour long, nothing automatic. */
export function newEventFormValues(now: Date = new Date()): EventFormValues {
  const start = new Date(Math.ceil((now.getTime() + 1) / HOUR) * HOUR);
  return {
    Title: '',
    RefId: '',
    ExternalId: '',
    Description: '',
    EventState: 'PRE_LIVE',
    ScheduledStart: start.toISOString(),
    ScheduledEnd: new Date(start.getTime() + HOUR).toISOString(),
    PublishedStart: null,
    PublishedEnd: null,
    InstantVodStart: null,
    InstantVodEnd: null,
    ScheduledProvisionAt: null,
    ScheduledTerminateAt: null,
    ArchiverStart: null,
    ArchiverEnd: null,
    RoomId: null,
    EventTypeId: null,
    CategoryId: null,
    ChannelId: null,
    XflowId: null,
    RemixflowId: null,
    InfrastructureProfileId: null,
    ArchiverflowId: null,
    AutoStart: false,
    AutoEnd: false,
    AutoProvisionInfrastructure: false,
    AutoTerminateInfrastructure: false,
    AutoPublish: false,
    AutoStartPublications: false,
    VodEnableDrm: false,
    SetPrivateAfterGeneration: false,
    RefreshIndex: false,
    Tags: [],
    DrmJson: '',
    AdditionalStreamingOptions: '',
    TaskEngineJson: '',
    Thumbnail: '',
    DvrLength: null,
    MaxBitrate: null,
    MinBitrate: null,
    AutoExpirePublishingPoints: false,
  };
}

/** Optional text the form holds as '' and the service stores as null. */
const NULLABLE_TEXT = ['RefId', 'ExternalId', 'Description', 'AdditionalStreamingOptions', 'Thumbnail', 'DrmJson', 'TaskEngineJson'] as const;

/** The validated form as a POST /event/ body: empty optional text as null. */
export function formToBody(values: EventFormOutput): EventBody {
  const body: EventBody = { ...values };
  for (const field of NULLABLE_TEXT) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() === '') body[field] = null;
  }
  return body;
}

/** Words for each field, used by the form's labels and to rewrite messages that name fields. */
export const FIELD_LABELS: Record<EventField, string> = {
  Id: 'ID',
  Title: 'Title',
  RefId: 'Reference ID',
  ExternalId: 'External ID',
  Description: 'Description',
  ScheduledStart: 'Scheduled start',
  ScheduledEnd: 'Scheduled end',
  PublishedStart: 'Published from',
  PublishedEnd: 'Published until',
  InstantVodStart: 'Instant VOD from',
  InstantVodEnd: 'Instant VOD until',
  ScheduledProvisionAt: 'Provision infrastructure at',
  ScheduledTerminateAt: 'Terminate infrastructure at',
  ArchiverStart: 'Archive from',
  ArchiverEnd: 'Archive until',
  RoomId: 'Room',
  EventTypeId: 'Event type',
  CategoryId: 'Category',
  ChannelId: 'Channel',
  XflowId: 'Workflow (xflow)',
  RemixflowId: 'Remix workflow',
  InfrastructureProfileId: 'Infrastructure profile',
  ArchiverflowId: 'Archiver flow',
  AutoStart: 'Start automatically',
  AutoEnd: 'Stop automatically',
  AutoProvisionInfrastructure: 'Provision infrastructure automatically',
  AutoTerminateInfrastructure: 'Terminate infrastructure automatically',
  AutoPublish: 'Publish automatically',
  AutoStartPublications: 'Start publications automatically',
  VodEnableDrm: 'DRM on the VOD',
  SetPrivateAfterGeneration: 'Private after generation',
  RefreshIndex: 'Refresh the search index',
  Tags: 'Tags',
  DrmJson: 'DRM',
  AdditionalStreamingOptions: 'Additional streaming options',
  TaskEngineJson: 'Task engine JSON',
  Thumbnail: 'Thumbnail',
  EventState: 'Kind of event',
  DvrLength: 'DVR window',
  MaxBitrate: 'Maximum bitrate',
  MinBitrate: 'Minimum bitrate',
  AutoExpirePublishingPoints: 'Restart when all publishing points fail',
};

/** The form's groups, in order; every body field belongs to exactly one. */
export const FORM_SECTIONS = [
  { id: 'identity', title: 'Identity', fields: ['Title', 'EventState', 'RefId', 'ExternalId', 'Description', 'EventTypeId', 'CategoryId', 'Tags'] },
  {
    id: 'schedule',
    title: 'Schedule',
    fields: [
      'ScheduledStart',
      'ScheduledEnd',
      'PublishedStart',
      'PublishedEnd',
      'InstantVodStart',
      'InstantVodEnd',
      'ScheduledProvisionAt',
      'ScheduledTerminateAt',
      'ArchiverStart',
      'ArchiverEnd',
    ],
  },
  {
    id: 'automation',
    title: 'Automation',
    fields: [
      'AutoStart',
      'AutoPublish',
      'AutoEnd',
      'AutoStartPublications',
      'AutoProvisionInfrastructure',
      'AutoTerminateInfrastructure',
      'AutoExpirePublishingPoints',
      'SetPrivateAfterGeneration',
    ],
  },
  { id: 'channel', title: 'Channel & workflow', fields: ['ChannelId', 'XflowId', 'RemixflowId', 'ArchiverflowId', 'InfrastructureProfileId', 'RoomId'] },
  { id: 'drm', title: 'DRM', fields: ['DrmJson', 'VodEnableDrm'] },
  { id: 'streaming', title: 'Streaming options', fields: ['DvrLength', 'MinBitrate', 'MaxBitrate', 'AdditionalStreamingOptions', 'Thumbnail'] },
  { id: 'advanced', title: 'Advanced', fields: ['TaskEngineJson', 'RefreshIndex', 'Id'] },
] as const satisfies readonly { id: string; title: string; fields: readonly EventField[] }[];

export type FormSectionId = (typeof FORM_SECTIONS)[number]['id'];

export function sectionOf(field: EventField): FormSectionId {
  return FORM_SECTIONS.find((s) => (s.fields as readonly string[]).includes(field))?.id ?? 'advanced';
}

const FIELD_NAME_PATTERN = new RegExp(`\\b(${EVENT_BODY_FIELDS.join('|')})\\b`, 'g');

/**
 * A message that names body fields ("ScheduledEnd must not be before ScheduledStart") in the
 * form's words ("Scheduled end must not be before scheduled start"), first letter capitalised.
 */
export function humanizeMessage(message: string): string {
  const text = message.replace(FIELD_NAME_PATTERN, (name, _group, offset: number) => {
    const label = FIELD_LABELS[name as EventField];
    return offset === 0 ? label : label.charAt(0).toLowerCase() + label.slice(1);
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const fieldsByLowerName = new Map(EVENT_BODY_FIELDS.map((f) => [f.toLowerCase(), f]));

export interface MappedServerErrors {
  /** Errors on a field of the form: shown under it. */
  fields: { name: EventField; message: string }[];
  /** Errors the form has no field for: shown in the save bar. */
  other: string[];
}

/**
 * A 400's failing fields (`{ field: 'body.Title', message }`) onto the form's fields. The service
 * matches body fields case-insensitively, so does this; a nested path (`body.Tags.0.name`) lands
 * on its top-level field with the rest of the path in the message.
 */
export function mapServerErrors(errors: readonly FieldError[]): MappedServerErrors {
  const fields: MappedServerErrors['fields'] = [];
  const other: string[] = [];
  for (const error of errors) {
    const [part, top, ...rest] = error.field.split('.');
    const name = part === 'body' && top ? fieldsByLowerName.get(top.toLowerCase()) : undefined;
    if (name) {
      const message = humanizeMessage(rest.length > 0 ? `${rest.join('.')}: ${error.message}` : error.message);
      const existing = fields.find((f) => f.name === name);
      if (existing) existing.message = `${existing.message}; ${message}`;
      else fields.push({ name, message });
    } else {
      other.push(`${error.field}: ${error.message}`);
    }
  }
  return { fields, other };
}

/**
 * The service may ignore a new channel or infrastructure profile while the event is streaming,
 * starting or provisioning (service-interface.md, POST /event/), so the form does not offer to
 * change them then.
 */
export function channelLocked(state: number | undefined): boolean {
  const name = state === undefined ? undefined : EventState.nameOf(state);
  return name !== undefined && STREAMING_STATES.includes(name);
}
