/** GET /api/thumbnails/event/{id}: an event's picture for the lists, cached by the browser. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetState } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { insertEvent } from '#testing/event-row.ts';
import { assets } from '#server/db/tables/index.ts';
import { createMediaServices, type MediaServices } from '../media/index.ts';

let t: TestApp;
let media: MediaServices;

beforeAll(async () => {
  media = createMediaServices();
  t = await createTestApp({ services: { media } });
});
afterAll(() => t.close());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const get = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/thumbnails/event/${id}`, headers });

describe('GET /api/thumbnails/event/{id}', () => {
  it('serves the event’s own data-URI picture with caching headers, and 304 for a copy still current', async () => {
    const id = await insertEvent(t, { thumbnail: `data:image/png;base64,${PNG}` });
    const first = await get(id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(first.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const again = await get(id, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the browser to an http(s) picture, without fetching it', async () => {
    const id = await insertEvent(t, { thumbnail: 'https://images.example.com/match.jpg' });
    const answer = await get(id);
    expect([answer.statusCode, answer.headers.location]).toEqual([302, 'https://images.example.com/match.jpg']);
  });

  it('else serves the frame taken of the event’s MP4, by file', async () => {
    const id = await insertEvent(t);
    const path = `${id}/vod/frame_thumbnail.jpg`;
    mkdirSync(dirname(media.storage.pathOf(path)), { recursive: true });
    writeFileSync(media.storage.pathOf(path), Buffer.from('jpeg bytes'));
    const now = t.clock.now();
    await t.database.db.insert(assets).values({ clientId: t.clientId, eventId: id, name: 'Thumbnail', path, extension: 'jpg', state: AssetState.values.COMPLETED, type: 0, role: 'thumbnail', priority: 0, dateCreated: now, dateModified: now });
    const answer = await get(id);
    expect([answer.statusCode, answer.headers['content-type'], answer.body]).toEqual([200, 'image/jpeg', 'jpeg bytes']);
    expect((await get(id, { 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
  });

  it('answers 404, kept a minute, for an event without a picture, an unknown id or not an id', async () => {
    for (const id of [await insertEvent(t), '9f0c2a4e-1b2c-4d5e-8f90-123456789abc', 'not-an-id']) {
      const answer = await get(id);
      expect([answer.statusCode, answer.headers['cache-control']]).toEqual([404, 'public, max-age=60']);
    }
  });
});
