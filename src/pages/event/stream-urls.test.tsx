import { describe, expect, it } from 'vitest';
import type { StreamUrl, Video } from '#schema';
import { absoluteUrl, describeSource, embedCodes, playableHlsUrl, streamUrlGroups } from './stream-urls.ts';

function url(protocol: [number, string], source: [number, string], href: string): StreamUrl {
  return { streamProtocol: protocol[0], streamProtocolString: protocol[1], streamSource: source[0], streamSourceString: source[1], url: href, absoluteUrlWithPathNoQuery: href };
}
const HLS: [number, string] = [0, 'HLS'];
const DASH: [number, string] = [3, 'DASH'];
const CDN0: [number, string] = [0, 'CDN_PRIMARY_INDEX_0'];
const ORIGIN0: [number, string] = [2, 'ORIGIN_PRIMARY_INDEX_0'];

function video(parts: Partial<Video>): Video {
  return {
    webPageUrl: '',
    playerUrl: '',
    embedCode: '',
    scriptablePlayerUrl: '',
    scriptableEmbedCode: '',
    requestedStreamTime: {
      inPointOriginalString: null,
      outPointOriginalString: null,
      inPointDateTime: null,
      outPointDateTime: null,
      inPointTimeSpan: '00:00:00',
      outPointTimeSpan: '00:00:00',
      inPointHasValue: false,
      outPointHasValue: false,
      inPointIsAbsoluteDateTime: false,
      outPointIsAbsoluteDateTime: false,
    },
    requestedAudioOnly: false,
    requestedAutoStart: false,
    liveUrls: [],
    currentStateUrls: [],
    livePlayoutProfileUrls: {},
    vodUrls: [],
    archiverCapturePublishingPointUrls: [],
    remixUrls: [],
    archiverUrls: [],
    privateMp4Url: '',
    publicMp4Url: '',
    websiteplayerUrl: '',
    websiteEmbedCode: '',
    scriptableWebsitePlayerUrl: '',
    scriptableWebsiteEmbedCode: '',
    publishingPointUrls: [],
    rampServers: [],
    ...parts,
  };
}

describe('the video structure for people', () => {
  const live = [url(DASH, CDN0, 'https://cdn/x.mpd'), url(HLS, ORIGIN0, 'https://origin/x.m3u8'), url(HLS, CDN0, 'https://cdn/x.m3u8')];

  it('plays the current state’s HLS URL from the first source, and nothing without one', () => {
    expect(playableHlsUrl(video({ currentStateUrls: live }))).toBe('https://cdn/x.m3u8');
    expect(playableHlsUrl(video({ currentStateUrls: [url(DASH, CDN0, 'https://cdn/x.mpd')] }))).toBeNull();
    expect(playableHlsUrl(video({ liveUrls: live }))).toBeNull();
    expect(playableHlsUrl(null)).toBeNull();
  });

  it('groups the non-empty lists, sorted by protocol then source, and says when one repeats another', () => {
    const groups = streamUrlGroups(video({ currentStateUrls: live, liveUrls: [...live].reverse(), vodUrls: [url(HLS, CDN0, 'https://cdn/vod.m3u8')] }));
    expect(groups.map((g) => [g.id, g.sameAs])).toEqual([
      ['current', undefined],
      ['live', 'current'],
      ['vod', undefined],
    ]);
    expect(groups[0]!.urls.map((u) => u.url)).toEqual(['https://cdn/x.m3u8', 'https://origin/x.m3u8', 'https://cdn/x.mpd']);
  });

  it('names sources in words', () => {
    expect(describeSource({ streamSource: 0, streamSourceString: 'CDN_PRIMARY_INDEX_0' })).toBe('CDN primary, encoder 1');
    expect(describeSource({ streamSource: 5, streamSourceString: 'ORIGIN_SECONDARY_INDEX_1' })).toBe('Origin secondary, encoder 2');
    expect(describeSource({ streamSource: 42, streamSourceString: 'SOMETHING_NEW' })).toBe('SOMETHING_NEW');
  });

  it('resolves URLs the service gives relative to the dashboard', () => {
    expect(absoluteUrl('/api/stream/a/master.m3u8', 'http://svc:8080/api')).toBe('http://svc:8080/api/stream/a/master.m3u8');
    expect(absoluteUrl('https://cdn/x.m3u8', 'http://svc:8080/api')).toBe('https://cdn/x.m3u8');
    const codes = embedCodes(video({ embedCode: '<iframe src="/events/1/player?embed=true"></iframe>' }), 'https://dash.example');
    expect(codes).toEqual([{ label: 'Embed code', value: '<iframe src="https://dash.example/events/1/player?embed=true"></iframe>' }]);
  });
});
