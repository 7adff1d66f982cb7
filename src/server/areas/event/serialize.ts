/**
 * The one way a stored event becomes the interface's Event (service-interface.md "Event"):
 * camelCase fields, enumeration names beside their values, names of what the event refers to,
 * durations as hh:mm:ss and dates as ISO 8601 in UTC.
 */
import { EventState, Mp4State, type Event, type Video } from '#schema';
import type { events } from '../../db/tables/events.ts';
import { formatDuration } from '../../http/time-span.ts';

export type EventRow = typeof events.$inferSelect;

export interface EventCategoryRecord {
  id: string;
  name: string;
  label: string;
  description: string | null;
}

export interface EventRecord {
  event: EventRow;
  /** Names (and the type's colour) of the rows the event refers to, joined at read time. */
  channel: string | null;
  xflow: string | null;
  remixflow: string | null;
  archiverflow: string | null;
  infrastructureProfile: string | null;
  room: string | null;
  eventType: string | null;
  eventTypeColour: string | null;
  /** In the event's order: the first is the event's `category`. */
  categories: EventCategoryRecord[];
  tags: { id: string; name: string }[];
  customProperties: { id: string; category: string; key: string; value: string }[];
}

export interface SerializeOptions {
  /**
   * Lists omit `video` altogether; a single event carries it, null unless asked for with
   * processVideo (building the video structure is the streaming issue's work, so it is null for now).
   */
  video?: Video | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function span(start: Date | null, end: Date | null): number | undefined {
  return start && end ? end.getTime() - start.getTime() : undefined;
}

/**
 * How long the event runs: the actual live span once it has one (started and ended), otherwise the
 * scheduled span; 00:00:00 when neither is known. The trimmed duration is the instant VOD window
 * when one is set, otherwise the same as the duration.
 */
export function durations(row: EventRow): { duration: string; durationTrimmed: string } {
  const ms = span(row.actualLiveStart, row.actualLiveEnd) ?? span(row.scheduledStart, row.scheduledEnd) ?? 0;
  const trimmed = span(row.instantVodStart, row.instantVodEnd) ?? ms;
  return { duration: formatDuration(ms), durationTrimmed: formatDuration(trimmed) };
}

export function serializeEvent(record: EventRecord, options: SerializeOptions = {}): Event {
  const e = record.event;
  const first = record.categories[0];
  const { duration, durationTrimmed } = durations(e);
  const body: Event = {
    id: e.id,
    channelId: e.channelId,
    channel: record.channel,
    xflowId: e.xflowId,
    xflow: record.xflow,
    remixflowId: e.remixflowId,
    remixflow: record.remixflow,
    archiverflowId: e.archiverflowId,
    archiverflow: record.archiverflow,
    liveComposePlaylistId: e.liveComposePlaylistId,
    infrastructureProfileId: e.infrastructureProfileId,
    infrastructureProfile: record.infrastructureProfile,
    state: e.state,
    stateString: EventState.nameOf(e.state) ?? String(e.state),
    mp4State: e.mp4State,
    mp4StateString: Mp4State.nameOf(e.mp4State) ?? String(e.mp4State),
    eventTypeId: e.eventTypeId,
    eventType: record.eventType,
    eventTypeColour: record.eventTypeColour,
    roomId: e.roomId,
    room: record.room,
    channelProfileId: e.channelProfileId,
    customPropertyConfigurationId: e.customPropertyConfigurationId,
    title: e.title,
    refId: e.refId,
    externalId: e.externalId,
    contentId: e.contentId,
    description: e.description,
    autoStart: e.autoStart,
    autoEnd: e.autoEnd,
    autoPublish: e.autoPublish,
    autoStartPublications: e.autoStartPublications,
    autoProvisionInfrastructure: e.autoProvisionInfrastructure,
    autoTerminateInfrastructure: e.autoTerminateInfrastructure,
    embededVodTimestamps: e.embededVodTimestamps,
    capturingLive2Vod: e.capturingLive2Vod,
    externalUpdateAllowed: e.externalUpdateAllowed,
    displayStart: iso(e.displayStart),
    displayEnd: iso(e.displayEnd),
    scheduledStart: iso(e.scheduledStart),
    scheduledEnd: iso(e.scheduledEnd),
    scheduledChannelStart: iso(e.scheduledChannelStart),
    scheduledChannelEnd: iso(e.scheduledChannelEnd),
    actualLiveStart: iso(e.actualLiveStart),
    actualLiveEnd: iso(e.actualLiveEnd),
    publishedStart: iso(e.publishedStart),
    publishedEnd: iso(e.publishedEnd),
    instantVodStart: iso(e.instantVodStart),
    instantVodEnd: iso(e.instantVodEnd),
    scheduledProvisionAt: iso(e.scheduledProvisionAt),
    scheduledTerminateAt: iso(e.scheduledTerminateAt),
    captureVodStart: iso(e.captureVodStart),
    captureVodEnd: iso(e.captureVodEnd),
    dateCreated: iso(e.dateCreated),
    dateModified: iso(e.dateModified),
    dateDeleted: iso(e.dateDeleted),
    duration,
    durationTrimmed,
    drmJson: e.drmJson,
    drmData: e.drmData ?? null,
    additionalStreamingOptions: e.additionalStreamingOptions,
    dvrLength: e.dvrLength,
    dvrLengthUrlParam: e.dvrLengthUrlParam,
    maxBitrateUrlParam: e.maxBitrateUrlParam,
    minBitrateUrlParam: e.minBitrateUrlParam,
    vodDrm: e.vodDrm,
    taskEngineJson: e.taskEngineJson,
    thumbnail: e.thumbnail,
    thumbnailUrl: e.thumbnailUrl,
    documentUrl: e.documentUrl,
    tagUrl: e.tagUrl,
    setPrivateAfterGeneration: e.setPrivateAfterGeneration,
    customProperties: record.customProperties.map((p) => ({ id: p.id, category: p.category, key: p.key, value: p.value })),
    categories: record.categories.map((c) => ({ id: c.id, name: c.name, label: c.label, description: c.description })),
    category: first ? first.label : null,
    categoryId: first ? first.id : null,
    provisionInfo: e.provisionInfo ?? null,
    remixDrmJson: e.remixDrmJson,
    remixDrmData: e.remixDrmData ?? null,
    archiverCaptureId: e.archiverCaptureId,
    archiverProfileId: e.archiverProfileId,
    archiverStart: iso(e.archiverStart),
    archiverEnd: iso(e.archiverEnd),
    remixDrm: e.remixDrm,
    tags: record.tags.map((t) => ({ id: t.id, name: t.name })),
    version: e.version,
  };
  return 'video' in options ? { video: options.video ?? null, ...body } : body;
}
