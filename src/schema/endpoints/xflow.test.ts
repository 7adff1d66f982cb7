import { describe, expect, it } from 'vitest';
import { XflowBody, XflowConfigurationSchema } from '#schema';

const configuration = {
  taskEngine: { endpoint: 'https://tasks.example/api/' },
  streamingServer: { url: 'https://origin.example/' },
  outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example/vod/{content_id}/index.m3u8' }],
  storageUrlPublic: 'https://storage.example/public/',
};

describe('xflow configuration JSON', () => {
  it('accepts the task engine, streaming server, VOD output URLs and public storage URL', () => {
    expect(XflowConfigurationSchema.safeParse(configuration).success).toBe(true);
    expect(XflowBody.safeParse({ name: 'Default VOD', configurationJson: JSON.stringify(configuration) }).success).toBe(true);
  });

  it('requires the content id placeholder in VOD CDN URLs', () => {
    const without = { ...configuration, outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example/vod/index.m3u8' }] };
    const parsed = XflowConfigurationSchema.safeParse(without);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/\{content_id\}/);
  });

  it('leaves storageUrlPublic optional (assets of such an xflow have no URL)', () => {
    const { storageUrlPublic: _, ...rest } = configuration;
    expect(XflowConfigurationSchema.safeParse(rest).success).toBe(true);
  });
});
