import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpMediaProbe, readMp4Head } from './media-probe.ts';
import { startMediaServer, TEST_CARD } from './test-fixtures.ts';

describe('reading the head of an MP4', () => {
  it('finds the ftyp box and the duration in moov/mvhd', () => {
    expect(readMp4Head(TEST_CARD)).toEqual({ isMp4: true, durationMs: 10_000 });
    expect(readMp4Head(TEST_CARD.subarray(0, 65_536))).toEqual({ isMp4: true, durationMs: 10_000 });
  });

  it('knows an MP4 without its index in the bytes read, and what is not an MP4', () => {
    expect(readMp4Head(TEST_CARD.subarray(0, 40))).toEqual({ isMp4: true, durationMs: null });
    expect(readMp4Head(Buffer.from('<!doctype html><html></html>'))).toEqual({ isMp4: false, durationMs: null });
    expect(readMp4Head(new Uint8Array())).toEqual({ isMp4: false, durationMs: null });
  });
});

describe('the HTTP probe', () => {
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  beforeAll(async () => {
    media = await startMediaServer(1_000);
  });
  afterAll(() => media.close());

  it('accepts a reachable MP4 and reads its duration from the first 64 KB', async () => {
    expect(await new HttpMediaProbe().probe(media.url('/clip.mp4'))).toEqual({ ok: true, durationMs: 10_000 });
  });

  it('explains what is wrong', async () => {
    const probe = new HttpMediaProbe({ timeoutMs: 200 });
    expect(await probe.probe(media.url('/missing.mp4'))).toEqual({ ok: false, reason: 'answered 404 Not Found, not the file' });
    expect(await probe.probe(media.url('/page.mp4'))).toEqual({ ok: false, reason: 'answered text/html, not an MP4 file' });
    expect(await probe.probe(media.url('/slow.mp4'))).toEqual({ ok: false, reason: 'did not answer within 0.2 s' });
    expect(await probe.probe('mailto:someone@example.com')).toEqual({ ok: false, reason: 'must be an http(s) URL' });
    expect(await probe.probe('not a url')).toEqual({ ok: false, reason: 'is not a URL' });
  });
});
