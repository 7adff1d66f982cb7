import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { SERVICE_ORIGIN } from '../../http/service-url.ts';
import { HttpMediaProbe, readMp4Head } from './media-probe.ts';
import { UNIFORM_FAILURE } from '../../outbound/request.ts';

import { startMediaServer, TEST_CARD } from '#testing/compose.ts';
import { freePort } from '#testing/ports.ts'; // a port nothing listens on

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
    expect(await new HttpMediaProbe({ policy: { allowPrivate: true } }).probe(media.url('/clip.mp4'))).toEqual({ ok: true, durationMs: 10_000 });
  });

  it('answers every failure in the same words after the same time: refused address, closed port, open port, redirect, time-out', async () => {
    const timeoutMs = 300;
    const allowed = new HttpMediaProbe({ timeoutMs, policy: { allowPrivate: true } });
    const strict = new HttpMediaProbe({ timeoutMs, policy: { allowPrivate: false } });
    const closed = await freePort();
    const cases: [HttpMediaProbe, string][] = [
      [allowed, media.url('/missing.mp4')],
      [allowed, media.url('/page.mp4')],
      [allowed, media.url('/slow.mp4')],
      [allowed, media.url('/redirect.mp4')],
      [allowed, `http://127.0.0.1:${closed}/a.mp4`],
      [strict, media.url('/clip.mp4')],
      [strict, `http://127.0.0.1:${closed}/a.mp4`],
      [strict, 'http://10.1.2.3/a.mp4'],
      [strict, 'http://localhost/a.mp4'],
      [allowed, 'http://169.254.169.254/latest/meta-data/'],
      [allowed, 'http://[::ffff:169.254.169.254]/'],
    ];
    const before = media.requests.length;
    for (const [probe, url] of cases) {
      const started = performance.now();
      expect(await probe.probe(url), url).toEqual({ ok: false, reason: UNIFORM_FAILURE });
      const elapsed = performance.now() - started;
      expect(elapsed, url).toBeGreaterThanOrEqual(timeoutMs - 5);
      expect(elapsed, url).toBeLessThan(timeoutMs + 250);
    }
    // The redirect was not followed; the refused addresses were never asked.
    expect(media.requests.slice(before).filter((r) => r.startsWith('GET /clip.mp4'))).toEqual([]);
    expect(await strict.probe('mailto:someone@example.com')).toEqual({ ok: false, reason: 'must be an http(s) URL' });
    expect(await strict.probe('not a url')).toEqual({ ok: false, reason: 'is not a URL' });
  });

  it('reads the service\'s own media from storage, not over HTTP', async () => {
    // A URL on the service is stored (and probed) with the placeholder origin, which no fetch could reach.
    const probe = new HttpMediaProbe({ timeoutMs: 200, policy: { allowPrivate: false } });
    expect(await probe.probe(`${SERVICE_ORIGIN}/api/stream/files/test-card.mp4`)).toEqual({ ok: true, durationMs: 10_000 });
    expect(await probe.probe(`${SERVICE_ORIGIN}/api/stream/files/other.mp4`)).toMatchObject({ ok: false });
  });
});
