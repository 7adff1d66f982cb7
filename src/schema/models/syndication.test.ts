import { describe, expect, it } from 'vitest';
import { coerceStrings } from '../normalize.ts';
import {
  DestinationCreateBody,
  DestinationMetadataForQuery,
  DestinationMetadataQuery,
  DestinationTarget,
  DestinationTargetByName,
  destinationToBody,
  DestinationUpdateBody,
  LivePublicationCreateBody,
  MediaDestinationBody,
  PublicationListQuery,
  PublicationSchema,
} from './syndication.ts';

const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('destination targets', () => {
  it('have the documented values', () => {
    expect(DestinationTarget.values).toEqual({ SocialNetwork: 0, MicroBlog: 1, VideoSite: 2, MediaPlatform: 3, Custom: 4 });
  });

  it.each([
    [2, 2],
    ['VideoSite', 2],
    ['videosite', 2],
    [' Custom ', 4],
    ['0', 0],
  ])('by name or number: %j is %i', (target, value) => {
    expect(MediaDestinationBody.parse({ name: 'Site', target }).target).toBe(value);
    expect(DestinationUpdateBody.parse({ name: 'Site', target, active: true }).target).toBe(value);
  });

  it.each([9, 'Unknown', '', 'Video Site'])('rejects the target %j', (target) => {
    expect(MediaDestinationBody.safeParse({ name: 'Site', target }).success).toBe(false);
  });

  it('by text name only when adding a direct destination', () => {
    expect(DestinationCreateBody.parse({ name: 'Feed', target: 'SocialNetwork', configJson: '{}' }).target).toBe(0);
    expect(DestinationCreateBody.parse({ name: 'Feed', target: 'mediaplatform' }).target).toBe(3);
    expect(DestinationTargetByName.safeParse('2').success).toBe(false);
    expect(DestinationCreateBody.safeParse({ name: 'Feed', target: 2 }).success).toBe(false);
  });

  it('configuration JSON text must hold a JSON object', () => {
    expect(DestinationCreateBody.safeParse({ name: 'Feed', target: 'Custom', configJson: '{"url":"rtmp://x"}' }).success).toBe(true);
    expect(DestinationCreateBody.safeParse({ name: 'Feed', target: 'Custom', configJson: '[1]' }).success).toBe(false);
    expect(DestinationCreateBody.safeParse({ name: 'Feed', target: 'Custom', configJson: 'url=x' }).success).toBe(false);
    expect(MediaDestinationBody.parse({ name: 'Feed', target: 4 }).destinationJson).toBe('{}');
  });

  it('an edit form starts from the destination as read', () => {
    const body = destinationToBody({
      id,
      name: 'Feed',
      target: 4,
      configJson: null,
      client: 'default',
      active: false,
      link: null,
      destinationProperties: [],
    });
    expect(DestinationUpdateBody.parse(body)).toEqual({ name: 'Feed', target: 4, configJson: '{}', active: false });
  });
});

describe('destination metadata query', () => {
  it('takes a permitted metadata name and a target name', () => {
    const raw = { metadata: 'VideoSitePrivacyStatus', target: 'VideoSite', noCache: 'true' };
    expect(DestinationMetadataQuery.parse(coerceStrings(DestinationMetadataQuery, raw))).toEqual({
      metadata: 'VideoSitePrivacyStatus',
      target: 2,
      noCache: true,
    });
    expect(DestinationMetadataQuery.safeParse({ metadata: 'VideoSiteColours', target: 'VideoSite' }).success).toBe(false);
  });

  it('needs a region for video categories unless a destination id is given', () => {
    const query = { metadata: 'VideoSiteVideoCategories', target: 'VideoSite' };
    expect(DestinationMetadataQuery.safeParse(query).success).toBe(false);
    expect(DestinationMetadataQuery.safeParse({ ...query, youTubeRegions: 'NL' }).success).toBe(true);
    expect(DestinationMetadataForQuery.safeParse(query).success).toBe(true);
  });
});

describe('publications', () => {
  const publication = {
    id,
    target: 2,
    destinationId: id,
    destinationName: 'Site',
    transactionId: id,
    contentId: 'content-1',
    dateCreated: '2025-03-01T10:00:00Z',
    dateCompleted: '',
    dateStarted: null,
    publicationState: 0,
    publicationStateString: 'Processing',
    details: { isUnavailable: false, link: 'https://example.com/v/1', vs_privacyStatus: 'public' },
    callbacks: [],
  };

  it('keep target-specific details and accept empty dates', () => {
    expect(PublicationSchema.parse(publication).details).toMatchObject({ vs_privacyStatus: 'public' });
    expect(PublicationSchema.safeParse({ ...publication, details: null }).success).toBe(true);
    expect(PublicationSchema.safeParse({ ...publication, details: { link: 'x' } }).success).toBe(false);
  });

  it('the list query coerces text and applies defaults', () => {
    const raw = { orderBy: 'Started', pageSize: '50', queryTarget: '1' };
    expect(PublicationListQuery.parse(coerceStrings(PublicationListQuery, raw))).toEqual({
      orderBy: 'Started',
      pageSize: 50,
      pageNumber: 1,
      queryTarget: true,
      noCache: false,
    });
    expect(PublicationListQuery.safeParse({ orderBy: 'Modified' }).success).toBe(false);
  });

  it('publicationJson stays text and must hold a JSON object', () => {
    const body = { eventId: id, publications: [{ audioInputId: null, destinationId: id, publicationJson: '{"cstm_streamName":"live"}' }] };
    expect(LivePublicationCreateBody.parse(body).publications[0]?.publicationJson).toBe('{"cstm_streamName":"live"}');
    expect(LivePublicationCreateBody.parse(body).startInstantly).toBe(false);
    const bad = { ...body, publications: [{ destinationId: id, publicationJson: 'live' }] };
    expect(LivePublicationCreateBody.safeParse(bad).success).toBe(false);
    expect(LivePublicationCreateBody.safeParse({ ...body, publications: [] }).success).toBe(false);
  });
});
