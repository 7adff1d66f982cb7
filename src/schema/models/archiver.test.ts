import { describe, expect, it } from 'vitest';
import { coerceStrings } from '../normalize.ts';
import {
  ArchiverflowBody,
  ArchiverflowConfigurationSchema,
  ArchiverId,
  ArchiverStreamIdParams,
  CaptureBody,
  CaptureSegmentsQuery,
  KidCek,
  PlayoutProfileBody,
  playoutProfileToBody,
  type PlayoutProfile,
} from './archiver.ts';

const outputUrl = {
  streamProtocol: 'HLS',
  cdnPrimaryUrl: 'https://cdn.example.com/{capture_id}/{profile_id}.m3u8?start={starttime}&end={endtime}',
  originPrimaryUrl: 'https://origin.example.com/{capture_id}.m3u8',
};

const configuration = (item: Record<string, unknown>) => ({ archiverflows: [{ name: 'main', type: 'ArchiverFlow', outputUrls: [item] }] });
const accepts = (value: unknown) => ArchiverflowConfigurationSchema.safeParse(value).success;

describe('archiverflow configuration', () => {
  it('accepts the reference shape, with the optional URLs and every protocol name', () => {
    expect(accepts(configuration(outputUrl))).toBe(true);
    expect(
      accepts(configuration({ ...outputUrl, cdnSecondaryUrl: 'https://b/x', privateUrl: 'https://p/x', originSecondaryUrl: 'https://o2/x' })),
    ).toBe(true);
    for (const streamProtocol of ['HLS', 'HLSe', 'HSS', 'DASH', 'HDS']) expect(accepts(configuration({ ...outputUrl, streamProtocol }))).toBe(true);
    expect(accepts({ archiverflows: [] })).toBe(true);
  });

  it.each([
    ['a missing archiverflows', {}],
    ['an item without outputUrls', { archiverflows: [{ name: 'x' }] }],
    ['an unknown protocol', configuration({ ...outputUrl, streamProtocol: 'SMOOTH' })],
    ['a protocol given by number', configuration({ ...outputUrl, streamProtocol: 0 })],
    ['a protocol in other casing', configuration({ ...outputUrl, streamProtocol: 'hls' })],
    ['a missing cdnPrimaryUrl', configuration({ streamProtocol: 'HLS', originPrimaryUrl: 'x' })],
    ['a missing originPrimaryUrl', configuration({ streamProtocol: 'HLS', cdnPrimaryUrl: 'x' })],
    ['another property on an output URL', configuration({ ...outputUrl, liveCdnUrl: 'x' })],
    ['a non-string URL', configuration({ ...outputUrl, privateUrl: null })],
  ])('rejects %s', (_, value) => {
    expect(accepts(value)).toBe(false);
  });

  it('is checked inside configurationJson, which stays text', () => {
    const text = JSON.stringify(configuration(outputUrl));
    expect(ArchiverflowBody.parse({ name: 'Catch-up', configurationJson: text }).configurationJson).toBe(text);
    const bad = ArchiverflowBody.safeParse({ name: 'Catch-up', configurationJson: JSON.stringify(configuration({ ...outputUrl, extra: 1 })) });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['configurationJson']);
    expect(ArchiverflowBody.safeParse({ name: 'x', configurationJson: 'not json' }).success).toBe(false);
  });
});

describe('archiver ids and keys', () => {
  it.each(['capture_1', 'ABC', '0', 'a_b_C_9'])('accepts the id %s', (id) => {
    expect(ArchiverId.safeParse(id).success).toBe(true);
  });

  it.each(['', 'with-dash', 'with space', 'dot.ted', 'slash/ed', 'ü'])('rejects the id %j', (id) => {
    expect(ArchiverId.safeParse(id).success).toBe(false);
  });

  const kid = '0123456789abcdef0123456789ABCDEF';
  const cek = 'fedcba9876543210fedcba9876543210';

  it('accepts a key of the form KID:CEK', () => {
    expect(KidCek.safeParse(`${kid}:${cek}`).success).toBe(true);
  });

  it.each([
    ['no colon', `${kid}${cek}`],
    ['the KID only', kid],
    ['a short CEK', `${kid}:${cek.slice(1)}`],
    ['a non-hex digit', `${kid}:${cek.slice(1)}g`],
    ['three parts', `${kid}:${cek}:${cek}`],
    ['spaces', `${kid} : ${cek}`],
  ])('rejects a key with %s', (_, key) => {
    expect(KidCek.safeParse(key).success).toBe(false);
  });
});

describe('captures', () => {
  const capture = {
    id: 'main_capture',
    startTime: null,
    endTime: null,
    active: true,
    decryptKey: null,
    expiresIn: 86400,
    publishingPoints: ['https://origin.example.com/live/main.isml'],
  };

  it('takes every property, null where nullable', () => {
    expect(CaptureBody.safeParse(capture).success).toBe(true);
    const { decryptKey: _, ...withoutKey } = capture;
    expect(CaptureBody.safeParse(withoutKey).success).toBe(false);
    expect(CaptureBody.safeParse({ ...capture, decryptKey: 'secret' }).success).toBe(false);
    expect(CaptureBody.safeParse({ ...capture, startTime: '2025-01-01T10:00:00Z' }).success).toBe(true);
  });

  it('segments take start and end together, or neither', () => {
    expect(CaptureSegmentsQuery.safeParse({}).success).toBe(true);
    expect(CaptureSegmentsQuery.safeParse({ start: '2025-01-01T10:00:00Z', end: '2025-01-01T11:00:00Z' }).success).toBe(true);
    expect(CaptureSegmentsQuery.safeParse({ start: '2025-01-01T10:00:00Z' }).success).toBe(false);
    expect(CaptureSegmentsQuery.safeParse({ end: '2025-01-01T10:00:00Z' }).success).toBe(false);
  });
});

describe('playout profiles and streams', () => {
  const profile: PlayoutProfile = {
    id: 'profile_1',
    expiresIn: null,
    key: null,
    issKeyIv: null,
    issLicenseUrl: null,
    widevineDrmData: null,
    widevineLicenseUrl: null,
    aesKey: null,
    aesKeyIv: null,
    aesLicenseUrl: null,
    captures: [{ captureId: 'main_capture', liveRedirectUrl: null }],
    streamingFormats: ['HLS', 'DASH'],
  };

  it('an edit form sends the profile without the derived streamingFormats', () => {
    const body = playoutProfileToBody(profile);
    expect(body).not.toHaveProperty('streamingFormats');
    expect(PlayoutProfileBody.safeParse(body).success).toBe(true);
  });

  it('streamingFormats sent on POST or PUT are accepted and ignored', () => {
    expect(PlayoutProfileBody.safeParse({ ...profile, streamingFormats: ['anything'] }).success).toBe(true);
  });

  it('stream ids are ints, coerced from the path', () => {
    expect(ArchiverStreamIdParams.parse(coerceStrings(ArchiverStreamIdParams, { id: '42' }))).toEqual({ id: 42 });
    expect(ArchiverStreamIdParams.safeParse(coerceStrings(ArchiverStreamIdParams, { id: '4.2' })).success).toBe(false);
    expect(ArchiverStreamIdParams.safeParse(coerceStrings(ArchiverStreamIdParams, { id: 'abc' })).success).toBe(false);
  });
});
