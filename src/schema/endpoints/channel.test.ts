import { describe, expect, it } from 'vitest';
import { ChannelBody, ChannelConfigurationSchema, endpoints } from '#schema';

const encoder = {
  name: 'Encoder A',
  streamingServer: {
    primaryPublishingPoint: 'rtmp://ingest-a.example/live/ch1',
    secondaryPublishingPoint: 'rtmp://ingest-b.example/live/ch1',
    dvrWindowLength: 7200,
  },
  outputUrls: [
    {
      streamProtocol: 'HLS',
      liveCdnUrl: 'https://cdn.example/live/ch1/index.m3u8',
      vodCdnUrl: 'https://cdn.example/vod/ch1/index.m3u8',
      liveOriginPrimaryUrl: 'https://origin-a.example/live/ch1/index.m3u8',
    },
    { streamProtocol: 'DASH', liveCdnUrl: 'https://cdn.example/live/ch1.mpd', liveOriginPrimaryUrl: 'https://origin-a.example/live/ch1.mpd' },
  ],
};

describe('channel configuration JSON', () => {
  it('accepts encoders with a streaming server and output URLs per protocol', () => {
    const parsed = ChannelConfigurationSchema.parse({ encoders: [encoder] });
    expect(parsed.encoders[0]?.supportsComposition).toBe(false);
    expect(ChannelBody.safeParse({ name: 'Channel 1', configurationJson: JSON.stringify({ encoders: [encoder] }) }).success).toBe(true);
  });

  it('rejects a configuration without encoders, unknown protocols and a protocol given twice', () => {
    expect(ChannelConfigurationSchema.safeParse({ encoders: [] }).success).toBe(false);
    const unknown = { ...encoder, outputUrls: [{ ...encoder.outputUrls[0], streamProtocol: 'RTMP' }] };
    expect(ChannelConfigurationSchema.safeParse({ encoders: [unknown] }).success).toBe(false);
    const twice = { ...encoder, outputUrls: [encoder.outputUrls[0], encoder.outputUrls[0]] };
    expect(ChannelConfigurationSchema.safeParse({ encoders: [twice] }).success).toBe(false);
  });

  it('requires publishing points and origin URLs to be URLs', () => {
    const bad = { ...encoder, streamingServer: { primaryPublishingPoint: 'ingest-a' } };
    expect(ChannelConfigurationSchema.safeParse({ encoders: [bad] }).success).toBe(false);
  });

  it('keeps configurationJson a string in the answer', () => {
    expect(endpoints.channel.get.responses[200].shape.configurationJson.safeParse('not json').success).toBe(true);
    expect(ChannelBody.safeParse({ name: 'Channel 1', configurationJson: 'not json' }).success).toBe(false);
  });
});
