import { describe, expect, it } from 'vitest';
import { coerceStrings } from '../normalize.ts';
import { DownloadTaskSchema, VodDownloadBody, VodDownloadPurgeQuery } from './vod-download.ts';
import { TEXT_MAX } from '../common.ts';
import { parseJsonText } from './json-text.ts';

const eventId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('VOD download requests', () => {
  const body = { emailAddress: 'editor@example.com', downloadClips: [{ eventId, isMasterClip: true }] };

  it('a clip without start and end is the whole event', () => {
    expect(VodDownloadBody.parse(body).downloadClips[0]).toEqual({ eventId, start: null, end: null, isMasterClip: true });
  });

  it('take one master clip at most', () => {
    const two = { ...body, downloadClips: [...body.downloadClips, { eventId, start: '00:00:00', end: '00:01:00', isMasterClip: true }] };
    expect(VodDownloadBody.safeParse(two).error?.issues[0]?.path).toEqual(['downloadClips', 1, 'isMasterClip']);
  });

  it('need an e-mail address and a clip', () => {
    expect(VodDownloadBody.safeParse({ ...body, emailAddress: 'editor' }).success).toBe(false);
    expect(VodDownloadBody.safeParse({ ...body, downloadClips: [] }).success).toBe(false);
  });

  it('the purge query is spelled Buffer and coerced from text', () => {
    expect(VodDownloadPurgeQuery.parse(coerceStrings(VodDownloadPurgeQuery, { buffer: '7' }))).toEqual({ Buffer: 7 });
    expect(VodDownloadPurgeQuery.parse({})).toEqual({ Buffer: 0 });
  });

  it('the processing task is read from downloadTaskJson', () => {
    const task = {
      parameters: {
        content_id: 'c1',
        output_folder: '/out',
        clips: [],
        rest_endpoints: [],
        encrypted: false,
        frame_accurate: true,
        create_mp4: true,
        copy_ts: false,
        create_via_ffmpeg: false,
      },
      client: 'default',
      job: 'j1',
    };
    expect(parseJsonText(DownloadTaskSchema, JSON.stringify(task)).success).toBe(true);
  });
});

describe('VOD download text fields', () => {
  it('are bounded by TEXT_MAX: at the bound accepted, beyond it refused on the field', () => {
    const body = { emailAddress: 'editor@example.com', downloadClips: [{ eventId, isMasterClip: true }] };
    expect(VodDownloadBody.safeParse({ ...body, mp4Filename: 'f'.repeat(TEXT_MAX.name) }).success).toBe(true);
    expect(VodDownloadBody.safeParse({ ...body, mp4Filename: 'f'.repeat(TEXT_MAX.name + 1) }).error?.issues[0]?.path).toEqual(['mp4Filename']);
    expect(VodDownloadBody.safeParse({ ...body, contentId: 'c'.repeat(TEXT_MAX.reference + 1) }).error?.issues[0]?.path).toEqual(['contentId']);
    expect(VodDownloadBody.safeParse({ ...body, emailLanguage: 'l'.repeat(TEXT_MAX.code + 1) }).error?.issues[0]?.path).toEqual(['emailLanguage']);
  });
});
