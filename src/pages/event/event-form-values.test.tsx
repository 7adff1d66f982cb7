import { describe, expect, it } from 'vitest';
import { EVENT_BODY_FIELDS, EventBody, EventState, type Event } from '#schema';
import {
  channelLocked,
  eventToFormValues,
  FIELD_LABELS,
  FORM_SECTIONS,
  formToBody,
  humanizeMessage,
  mapServerErrors,
  newEventFormValues,
  sectionOf,
} from './event-form-values.ts';

/** An Event as the service answers it, every field set. */
function sampleEvent(): Event {
  return {
    video: null,
    id: '6f1c2a52-2b1e-4c55-9f3e-0d1d2c3b4a59',
    channelId: '11111111-1111-4111-8111-111111111111',
    channel: 'Main Stage HD',
    xflowId: '22222222-2222-4222-8222-222222222222',
    xflow: 'Standard VOD',
    remixflowId: null,
    remixflow: null,
    archiverflowId: null,
    archiverflow: null,
    liveComposePlaylistId: null,
    infrastructureProfileId: '33333333-3333-4333-8333-333333333333',
    infrastructureProfile: 'Cloud pool',
    state: 0,
    stateString: 'PRE_LIVE',
    mp4State: 0,
    mp4StateString: 'NONE',
    eventTypeId: '44444444-4444-4444-8444-444444444444',
    eventType: 'Concert',
    eventTypeColour: '#aa3300',
    roomId: '55555555-5555-4555-8555-555555555555',
    room: 'Hall A',
    channelProfileId: null,
    customPropertyConfigurationId: null,
    title: 'Evening concert',
    refId: 'REF-1',
    externalId: null,
    contentId: null,
    description: null,
    autoStart: true,
    autoEnd: false,
    autoPublish: true,
    autoStartPublications: false,
    autoProvisionInfrastructure: true,
    autoTerminateInfrastructure: false,
    embededVodTimestamps: false,
    capturingLive2Vod: false,
    externalUpdateAllowed: true,
    displayStart: '2026-03-12T19:00:00.000Z',
    displayEnd: '2026-03-12T21:00:00.000Z',
    scheduledStart: '2026-03-12T19:00:00.000Z',
    scheduledEnd: '2026-03-12T21:00:00.000Z',
    scheduledChannelStart: null,
    scheduledChannelEnd: null,
    actualLiveStart: null,
    actualLiveEnd: null,
    publishedStart: '2026-03-12T19:05:00.000Z',
    publishedEnd: null,
    instantVodStart: null,
    instantVodEnd: null,
    scheduledProvisionAt: '2026-03-12T18:30:00.000Z',
    scheduledTerminateAt: null,
    captureVodStart: null,
    captureVodEnd: null,
    dateCreated: '2026-03-01T10:00:00.000Z',
    dateModified: '2026-03-01T10:00:00.000Z',
    dateDeleted: null,
    duration: '02:00:00',
    durationTrimmed: '02:00:00',
    drmJson: '{"drm_provider":"NONE"}',
    drmData: null,
    additionalStreamingOptions: null,
    dvrLength: 7200,
    dvrLengthUrlParam: null,
    maxBitrateUrlParam: 6000,
    minBitrateUrlParam: null,
    vodDrm: true,
    taskEngineJson: null,
    thumbnail: 'https://example.org/poster.jpg',
    thumbnailUrl: 'https://example.org/poster.jpg',
    documentUrl: null,
    tagUrl: null,
    setPrivateAfterGeneration: false,
    customProperties: [],
    categories: [{ id: '66666666-6666-4666-8666-666666666666', name: 'music', label: 'Music', description: null }],
    category: 'Music',
    categoryId: '66666666-6666-4666-8666-666666666666',
    provisionInfo: null,
    remixDrmJson: null,
    remixDrmData: null,
    archiverCaptureId: null,
    archiverProfileId: null,
    archiverStart: null,
    archiverEnd: null,
    remixDrm: false,
    tags: [{ id: '77777777-7777-4777-8777-777777777777', name: 'keynote' }],
  };
}

describe('Event -> EventBody (the form’s values)', () => {
  it('fills every field of the body, and the result is a valid body', () => {
    const values = eventToFormValues(sampleEvent());
    const missing = EVENT_BODY_FIELDS.filter((field) => !(field in values) && field !== 'EventState');
    expect(missing).toEqual([]);
    expect(EventBody.safeParse(values).success).toBe(true);
  });

  it('maps each field from its counterpart in the event', () => {
    const values = eventToFormValues(sampleEvent());
    expect(values).toMatchObject({
      Id: '6f1c2a52-2b1e-4c55-9f3e-0d1d2c3b4a59',
      Title: 'Evening concert',
      RefId: 'REF-1',
      ExternalId: '',
      Description: '',
      ScheduledStart: '2026-03-12T19:00:00.000Z',
      PublishedStart: '2026-03-12T19:05:00.000Z',
      ScheduledProvisionAt: '2026-03-12T18:30:00.000Z',
      ChannelId: '11111111-1111-4111-8111-111111111111',
      CategoryId: '66666666-6666-4666-8666-666666666666',
      AutoStart: true,
      AutoPublish: true,
      AutoProvisionInfrastructure: true,
      VodEnableDrm: true,
      Tags: [{ id: '77777777-7777-4777-8777-777777777777', name: 'keynote' }],
      DrmJson: '{"drm_provider":"NONE"}',
      DvrLength: 7200,
      MaxBitrate: 6000,
      MinBitrate: null,
      Thumbnail: 'https://example.org/poster.jpg',
      AutoExpirePublishingPoints: false,
      RefreshIndex: false,
    });
    // State changes go through the live controls, never through a save.
    expect(values).not.toHaveProperty('EventState');
  });

  it('sends empty optional text as null, so a round trip keeps nulls null', () => {
    const body = formToBody(EventBody.parse(eventToFormValues(sampleEvent())));
    expect(body).toMatchObject({ ExternalId: null, Description: null, AdditionalStreamingOptions: null, TaskEngineJson: null, RefId: 'REF-1' });
  });

  it('starts a new event as a valid, pre-live body on the next full hour', () => {
    const values = newEventFormValues(new Date('2026-03-12T10:20:00Z'));
    expect(values).toMatchObject({ EventState: 'PRE_LIVE', ScheduledStart: '2026-03-12T11:00:00.000Z', ScheduledEnd: '2026-03-12T12:00:00.000Z' });
    // Only the title is missing.
    const result = EventBody.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['Title']);
    expect(EventBody.parse({ ...values, Title: 'x' }).EventState).toBe(EventState.values.PRE_LIVE);
  });
});

describe('the form’s groups', () => {
  it('put every body field in exactly one group, with a label', () => {
    const placed = FORM_SECTIONS.flatMap((s) => [...s.fields]);
    expect([...placed].sort()).toEqual([...EVENT_BODY_FIELDS].sort());
    expect(new Set(placed).size).toBe(placed.length);
    for (const field of EVENT_BODY_FIELDS) expect(FIELD_LABELS[field]).toBeTruthy();
    expect(sectionOf('DrmJson')).toBe('drm');
    expect(sectionOf('ChannelId')).toBe('channel');
  });
});

describe('service errors on the form', () => {
  it('puts `body.X` errors on field X, whatever the case, and keeps the rest for the save bar', () => {
    const mapped = mapServerErrors([
      { field: 'body.Title', message: 'required' },
      { field: 'body.dvrlength', message: 'must be at most 86400 seconds (24 hours)' },
      { field: 'body.Tags.1.id', message: 'there is no tag 42' },
      { field: 'query.noCache', message: 'expected true or false' },
    ]);
    expect(mapped.fields).toEqual([
      { name: 'Title', message: 'Required' },
      { name: 'DvrLength', message: 'Must be at most 86400 seconds (24 hours)' },
      { name: 'Tags', message: '1.id: there is no tag 42' },
    ]);
    expect(mapped.other).toEqual(['query.noCache: expected true or false']);
  });

  it('names fields in the form’s words', () => {
    expect(humanizeMessage('ScheduledEnd must not be before ScheduledStart')).toBe('Scheduled end must not be before scheduled start');
    expect(humanizeMessage('MinBitrate (9) must not exceed MaxBitrate (3)')).toBe('Minimum bitrate (9) must not exceed maximum bitrate (3)');
  });

  it('locks the channel while the event streams', () => {
    expect(channelLocked(EventState.values.PRE_LIVE)).toBe(false);
    expect(channelLocked(EventState.values.LIVE_STARTING)).toBe(true);
    expect(channelLocked(EventState.values.LIVE_PUBLISHED)).toBe(true);
    expect(channelLocked(EventState.values.INSTANT_VOD)).toBe(false);
  });
});
