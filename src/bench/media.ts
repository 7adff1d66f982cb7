/**
 * `npm run bench -- --only media`: the time from an asset request to COMPLETED, through the real
 * service in this process (HTTP handlers, the job queue, the media dispatcher, real ffmpeg), on
 * an event created as VOD_PUBLIC through the API (its media: the test programme):
 * - an image (a JPEG frame);
 * - a 5 s GIF (10 fps, 480 wide);
 * - a 30 s video cut, key frame to key frame (copied) and frame-accurate (re-encoded);
 * - 20 image requests queued at once: until the last is COMPLETED, and each one's time (p50, max),
 *   with MEDIA_CONCURRENCY ffmpeg runs at once (default 2).
 * Times are wall-clock milliseconds; the machine's other load shows in them.
 */
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { createKey } from '../server/db/keys.ts';
import { systemClock } from '../server/jobs/clock.ts';
import { createMediaServices } from '../server/areas/media/index.ts';

export interface MediaReport {
  concurrency: number;
  imageMs: number;
  gif5sMs: number;
  video30sCopyMs: number;
  video30sFrameAccurateMs: number;
  queued20: { allMs: number; p50Ms: number; maxMs: number };
}

export async function measureMedia(options: { concurrency?: number } = {}): Promise<MediaReport> {
  const concurrency = options.concurrency ?? Number(process.env.MEDIA_CONCURRENCY ?? 2);
  const database = await openDatabase({ dataDir: 'memory://' });
  const media = createMediaServices({ concurrency });
  const app = await buildApp({ database, clock: systemClock, services: { media } });
  await app.ready();
  app.jobs.start();
  try {
    const { key } = await createKey(database.db, 'bench-media', 'bench');
    const headers = { 'API-KEY': key };
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
      const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json() as T;
    };
    const event = await call<{ id: string }>('POST', '/api/event/', {
      Title: 'Bench media',
      EventState: 'VOD_PUBLIC',
      ScheduledStart: '2026-01-10T10:00:00Z',
      ScheduledEnd: '2026-01-10T10:10:00Z',
    });
    const completed = async (id: string, started: number): Promise<number> => {
      for (;;) {
        const asset = await call<{ stateString: string }>('GET', `/api/asset/${id}/`);
        if (asset.stateString === 'COMPLETED') return Date.now() - started;
        if (asset.stateString === 'FAILED') throw new Error(`asset ${id} failed: ${JSON.stringify(asset)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const timed = async (path: string, body: object): Promise<number> => {
      const started = Date.now();
      const asset = await call<{ id: string }>('POST', path, body);
      return completed(asset.id, started);
    };
    const imageMs = await timed('/api/asset/image/', { eventId: event.id, name: 'Bench image', time: '00:00:12.000' });
    const gif5sMs = await timed('/api/asset/gif/', { clip: { eventId: event.id, start: '00:00:10.000', end: '00:00:15.000' }, name: 'Bench GIF', fps: 10, width: 480 });
    const video30sCopyMs = await timed('/api/asset/video/', { clip: { eventId: event.id, start: '00:00:30.000', end: '00:01:00.000' }, name: 'Bench cut', frameAccurate: false });
    const video30sFrameAccurateMs = await timed('/api/asset/video/', { clip: { eventId: event.id, start: '00:00:30.500', end: '00:01:00.500' }, name: 'Bench exact cut', frameAccurate: true });

    const started = Date.now();
    const requests = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call<{ id: string }>('POST', '/api/asset/image/', { eventId: event.id, name: `Queued ${i + 1}`, time: `00:00:${String(i * 2 + 1).padStart(2, '0')}.000` })),
    );
    // One poll of the list for all of them (20 pollers would starve the embedded database).
    const pending = new Set(requests.map((r) => r.id));
    const each: number[] = [];
    while (pending.size > 0) {
      const page = await call<{ id: string; stateString: string }[]>('GET', `/api/asset/?eventId=${event.id}&types=IMAGE`);
      for (const asset of page) {
        if (!pending.has(asset.id)) continue;
        if (asset.stateString === 'FAILED') throw new Error(`asset ${asset.id} failed`);
        if (asset.stateString === 'COMPLETED') {
          pending.delete(asset.id);
          each.push(Date.now() - started);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const sorted = [...each].sort((a, b) => a - b);
    return {
      concurrency,
      imageMs,
      gif5sMs,
      video30sCopyMs,
      video30sFrameAccurateMs,
      queued20: { allMs: Date.now() - started, p50Ms: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted.at(-1)! },
    };
  } finally {
    await app.close();
    await database.close();
  }
}

export function formatMedia(r: MediaReport): string {
  return [
    `  request -> COMPLETED (${r.concurrency} ffmpeg at once): image ${r.imageMs} ms, 5 s GIF ${r.gif5sMs} ms, 30 s video cut ${r.video30sCopyMs} ms (key frames) / ${r.video30sFrameAccurateMs} ms (frame-accurate)`,
    `  20 images queued at once: all done in ${r.queued20.allMs} ms (each: p50 ${r.queued20.p50Ms} ms, max ${r.queued20.maxMs} ms)`,
  ].join('\n');
}
