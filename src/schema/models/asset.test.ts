import { describe, expect, it } from 'vitest';
import { coerceStrings } from '../normalize.ts';
import { AssetDeleteQuery, AssetListQuery, GifAssetBody, ImageAssetBody, VideoAssetBody } from './asset.ts';
import { TEXT_MAX } from '../common.ts';

const eventId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('asset queries', () => {
  it('take comma-separated states and types, by name or number', () => {
    const raw = { states: 'COMPLETED,2', types: 'gif, IMAGE', pageIndex: '3' };
    expect(AssetListQuery.parse(coerceStrings(AssetListQuery, raw))).toMatchObject({ states: 'COMPLETED,2', types: 'gif, IMAGE', pageIndex: 3 });
    expect(AssetListQuery.safeParse({ states: 'DONE' }).success).toBe(false);
    expect(AssetListQuery.safeParse({ types: '0,7' }).success).toBe(false);
    expect(AssetListQuery.safeParse({ pageIndex: -1 }).success).toBe(false);
  });

  it('bulk deletion needs at least one filter', () => {
    expect(AssetDeleteQuery.safeParse({}).success).toBe(false);
    expect(AssetDeleteQuery.safeParse({ name: '' }).success).toBe(false);
    expect(AssetDeleteQuery.safeParse({ eventId }).success).toBe(true);
  });
});

describe('asset requests', () => {
  it('a GIF clip is timed from the stream start; priority defaults to 5', () => {
    const body = { clip: { eventId, start: '00:00:01.000', end: '00:00:04.500' }, name: 'Goal' };
    expect(GifAssetBody.parse(body).priority).toBe(5);
    expect(GifAssetBody.safeParse({ ...body, clip: { ...body.clip, start: '2025-01-01T10:00:00Z' } }).success).toBe(false);
    expect(GifAssetBody.safeParse({ ...body, priority: 11 }).success).toBe(false);
  });

  it('a video clip takes ISO 8601 or a time; numeric flags read as booleans', () => {
    const body = { clip: { eventId, start: '2025-01-01T10:00:00Z', end: '00:10:00.000' }, name: 'Clip', mezzanine: 1.0, frameAccurate: 0 };
    expect(VideoAssetBody.parse(body)).toMatchObject({ mezzanine: true, frameAccurate: false });
    expect(VideoAssetBody.parse({ ...body, mezzanine: false }).mezzanine).toBe(false);
  });
});

describe('asset text fields', () => {
  it('are bounded by TEXT_MAX: at the bound accepted, beyond it refused on the field', () => {
    const image = (name: string, filename?: string) => ({ eventId, name, time: '00:00:01.000', ...(filename ? { filename } : {}) });
    expect(ImageAssetBody.safeParse(image('n'.repeat(TEXT_MAX.name))).success).toBe(true);
    expect(ImageAssetBody.safeParse(image('n'.repeat(TEXT_MAX.name + 1))).error?.issues[0]?.path).toEqual(['name']);
    expect(ImageAssetBody.safeParse(image('n', 'f'.repeat(TEXT_MAX.name + 1))).error?.issues[0]?.path).toEqual(['filename']);
    expect(AssetListQuery.safeParse({ contentId: 'c'.repeat(TEXT_MAX.reference + 1) }).error?.issues[0]?.path).toEqual(['contentId']);
  });
});
