import { describe, expect, it } from 'vitest';
import { EventSchema } from '#schema';
import { formatDuration } from '../../http/time-span.ts';
import { durations, serializeEvent, type EventRecord, type EventRow } from './serialize.ts';

const t = (iso: string) => new Date(iso);

function row(overrides: Partial<EventRow> = {}): EventRow {
  return {
    id: '7b0d5a4e-2c1f-4f8e-9a57-3f7f0e0b1c11',
    clientId: '0f6c8e2a-1111-4c1b-8a9e-2b7c6d5e4f30',
    version: 7,
    channelId: null,
    xflowId: null,
    remixflowId: null,
    archiverflowId: null,
    liveComposePlaylistId: null,
    infrastructureProfileId: null,
    eventTypeId: null,
    roomId: null,
    channelProfileId: null,
    customPropertyConfigurationId: null,
    state: 2,
    mp4State: 1,
    provisionState: null,
    title: 'A title',
    refId: null,
    externalId: null,
    contentId: null,
    description: null,
    autoStart: false,
    autoEnd: false,
    autoPublish: false,
    autoStartPublications: false,
    autoProvisionInfrastructure: false,
    autoTerminateInfrastructure: false,
    autoExpirePublishingPoints: false,
    embededVodTimestamps: false,
    capturingLive2Vod: false,
    externalUpdateAllowed: false,
    isClip: false,
    displayStart: null,
    displayEnd: null,
    scheduledStart: t('2026-01-15T18:00:00Z'),
    scheduledEnd: t('2026-01-15T19:30:00Z'),
    scheduledChannelStart: null,
    scheduledChannelEnd: null,
    actualLiveStart: null,
    actualLiveEnd: null,
    publishedStart: null,
    publishedEnd: null,
    instantVodStart: null,
    instantVodEnd: null,
    scheduledProvisionAt: null,
    scheduledTerminateAt: null,
    captureVodStart: null,
    captureVodEnd: null,
    archiverStart: null,
    archiverEnd: null,
    dateCreated: t('2026-01-01T00:00:00Z'),
    dateModified: t('2026-01-02T00:00:00Z'),
    dateDeleted: null,
    drmJson: null,
    drmData: null,
    vodDrm: false,
    remixDrm: false,
    remixDrmJson: null,
    remixDrmData: null,
    additionalStreamingOptions: null,
    dvrLength: null,
    dvrLengthUrlParam: null,
    maxBitrateUrlParam: null,
    minBitrateUrlParam: null,
    taskEngineJson: null,
    thumbnail: null,
    thumbnailUrl: null,
    documentUrl: null,
    tagUrl: null,
    setPrivateAfterGeneration: false,
    provisionInfo: null,
    archiverCaptureId: null,
    archiverProfileId: null,
    searchVector: null,
    ...overrides,
  };
}

function record(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    event: row(),
    channel: null,
    xflow: null,
    remixflow: null,
    archiverflow: null,
    infrastructureProfile: null,
    room: null,
    eventType: null,
    eventTypeColour: null,
    categories: [],
    tags: [],
    customProperties: [],
    ...overrides,
  };
}

describe('durations', () => {
  it('formats hh:mm:ss, with days the way .NET writes a TimeSpan', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3_723_000)).toBe('01:02:03');
    expect(formatDuration(26 * 3_600_000 + 5_000)).toBe('1.02:00:05');
    expect(formatDuration(-5_000)).toBe('00:00:00');
  });

  it('prefers the actual live span, then the scheduled one; trimmed is the instant VOD window', () => {
    expect(durations(row())).toEqual({ duration: '01:30:00', durationTrimmed: '01:30:00' });
    const live = row({ actualLiveStart: t('2026-01-15T17:58:00Z'), actualLiveEnd: t('2026-01-15T19:41:30Z') });
    expect(durations(live).duration).toBe('01:43:30');
    const trimmed = row({ ...live, instantVodStart: t('2026-01-15T18:15:00Z'), instantVodEnd: t('2026-01-15T19:40:00Z') });
    expect(durations(trimmed)).toEqual({ duration: '01:43:30', durationTrimmed: '01:25:00' });
    // Started but not ended: the scheduled span stands in.
    expect(durations(row({ actualLiveStart: t('2026-01-15T18:01:00Z') })).duration).toBe('01:30:00');
    expect(durations(row({ scheduledEnd: null })).duration).toBe('00:00:00');
  });
});

describe('serializeEvent', () => {
  it('names states, joins names, takes the first category, and writes dates in UTC', () => {
    const event = serializeEvent(
      record({
        channel: 'Main Stage HD',
        eventType: 'Concert',
        eventTypeColour: '#8e24aa',
        categories: [
          { id: '11111111-1111-4111-8111-111111111111', name: 'music', label: 'Music', description: null },
          { id: '22222222-2222-4222-8222-222222222222', name: 'news', label: 'News', description: 'Bulletins' },
        ],
        tags: [{ id: '33333333-3333-4333-8333-333333333333', name: 'uhd' }],
        customProperties: [{ id: '44444444-4444-4444-8444-444444444444', category: 'rights', key: 'holder', value: 'X' }],
      }),
    );
    expect(EventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      state: 2,
      stateString: 'LIVE_PUBLISHED',
      mp4StateString: 'AVAILABLE',
      channel: 'Main Stage HD',
      eventType: 'Concert',
      eventTypeColour: '#8e24aa',
      category: 'Music',
      categoryId: '11111111-1111-4111-8111-111111111111',
      scheduledStart: '2026-01-15T18:00:00.000Z',
      duration: '01:30:00',
      tags: [{ id: '33333333-3333-4333-8333-333333333333', name: 'uhd' }],
    });
    expect('video' in event).toBe(false);
  });

  it('has no category without categories, and video null when asked for a single event', () => {
    const event = serializeEvent(record(), { video: null });
    expect(event).toMatchObject({ category: null, categoryId: null, categories: [], video: null });
    expect(EventSchema.parse(event)).toEqual(event);
  });
});
