/**
 * URLs that follow the service (service-url.ts): what is stored names no host or port; answers name
 * the service as the request reached it, or PUBLIC_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventState } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { insertEvent } from '#testing/event-row.ts';
import { seedLiveFixture, type LiveFixture } from '#testing/live.ts';
import { insertRow, selectRows } from '#testing/rows.ts';
import { answerText, answerUrl, SERVICE_ORIGIN, storedText, storedUrl } from './service-url.ts';

describe('stored and answered URLs', () => {
  it('swap the service’s origin for the placeholder and back, at an origin’s end only', () => {
    const own = ['http://localhost:8080'];
    expect(storedUrl('http://localhost:8080/api/stream/x.m3u8', own)).toBe(`${SERVICE_ORIGIN}/api/stream/x.m3u8`);
    expect(storedUrl('HTTP://LOCALHOST:8080?x', own)).toBe(`${SERVICE_ORIGIN}?x`);
    expect(storedUrl('http://localhost:80800/api', own)).toBe('http://localhost:80800/api');
    expect(storedUrl('https://cdn.example.com/api/stream/x.m3u8', own)).toBe('https://cdn.example.com/api/stream/x.m3u8');
    expect(answerUrl(`${SERVICE_ORIGIN}/api/x`, 'https://control.example.org/ops')).toBe('https://control.example.org/ops/api/x');
    expect(answerUrl('https://cdn.example.com/x', 'https://control.example.org')).toBe('https://cdn.example.com/x');
    const text = '{"a":"http://localhost:8080/api/x","b":"http://localhost:8080","c":"http://localhost:8081/y"}';
    const stored = storedText(text, own);
    expect(stored).toBe(`{"a":"${SERVICE_ORIGIN}/api/x","b":"${SERVICE_ORIGIN}","c":"http://localhost:8081/y"}`);
    expect(answerText(stored, 'http://10.0.0.5:9000')).toBe('{"a":"http://10.0.0.5:9000/api/x","b":"http://10.0.0.5:9000","c":"http://localhost:8081/y"}');
  });
});

interface Served {
  t: TestApp;
  fixture: LiveFixture;
  eventId: string;
}

async function serve(options: Parameters<typeof createTestApp>[0] = {}): Promise<Served> {
  const t = await createTestApp(options);
  const fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
  const eventId = await insertEvent(t, { title: 'Cup final', channelId: fixture.channelId, xflowId: fixture.xflowId, state: EventState.values.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
  await insertRow(t.database, 'assets', { client_id: t.clientId, event_id: eventId, name: 'Kick-off', path: `${eventId}/assets/a/kick-off.jpg`, extension: 'jpg', state: 2, type: 0 });
  return { t, fixture, eventId };
}

/** Everything a client is answered about the event: its video, its assets, its channel and xflow. */
async function answers({ t, fixture, eventId }: Served, host: string): Promise<string> {
  const get = async (url: string) => {
    const response = await t.app.inject({ url, headers: { ...t.headers(), host } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  return [
    await get(`/api/event/${eventId}?processVideo=true`),
    await get(`/api/asset/?eventId=${eventId}`),
    await get(`/api/channel/${fixture.channelId}`),
    await get(`/api/xflow/${fixture.xflowId}`),
  ].join('\n');
}

const origins = (text: string) => new Set([...text.matchAll(/https?:\/\/[^/"\\]+/g)].map((m) => m[0]).filter((o) => !o.includes('example.com')));

describe('answers to a service reached by any address', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve({ responseCache: true });
  });
  afterAll(() => served.t.close());

  it('name the service by the origin each request came to: a restart on another port, another host name', async () => {
    for (const host of ['localhost:8080', 'localhost:9123', 'control-room.lan:8080', '192.168.1.20:8080', '[::1]:8080']) {
      const text = await answers(served, host);
      expect(text).not.toContain('{service}');
      expect([...origins(text)], host).toEqual([`http://${host}`]);
      const event = JSON.parse(text.split('\n')[0]!) as { video: { currentStateUrls: { url: string }[]; playerUrl: string; publishingPointUrls: { url: string }[] } };
      expect(event.video.currentStateUrls[0]?.url).toMatch(new RegExp(`^http://${host.replace(/[.[\]]/g, '\\$&')}/api/stream/${served.eventId}/master.m3u8`));
      expect(event.video.publishingPointUrls[0]?.url).toBe(`http://${host}/api/stream/ingest/ch-main/0/primary`);
    }
  });

  it('never hand one caller’s Host to another through the response cache', async () => {
    const first = await served.t.app.inject({ url: `/api/xflow/${served.fixture.xflowId}`, headers: { ...served.t.headers(), host: 'attacker.example' } });
    const second = await served.t.app.inject({ url: `/api/xflow/${served.fixture.xflowId}`, headers: { ...served.t.headers(), host: 'localhost:8080' } });
    expect(first.body).toContain('http://attacker.example/api/storage/public/');
    expect(second.body).not.toContain('attacker.example');
    // A Host that is no host name is never put into a URL.
    const odd = await served.t.app.inject({ url: `/api/xflow/${served.fixture.xflowId}`, headers: { ...served.t.headers(), host: 'x"y' } });
    expect(odd.body).not.toContain('x\\"y');
  });

  it('store what a client writes with the service’s own address without it, and answer it on the next address', async () => {
    const { t } = served;
    const configuration = {
      encoders: [{ name: 'E1', streamingServer: { primaryPublishingPoint: 'http://localhost:8080/api/stream/ingest/new/0/primary', dvrWindowLength: 60 }, outputUrls: [{ streamProtocol: 'HLS', liveCdnUrl: 'https://cdn.example.com/{event_id}/master.m3u8', liveOriginPrimaryUrl: 'http://localhost:8080/api/stream/{event_id}/master.m3u8' }] }],
    };
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/channel/',
      headers: { ...t.headers(), host: 'localhost:8080' },
      payload: { Name: 'Edited', ReferenceId: 'CH-EDIT', ConfigurationJson: JSON.stringify(configuration) },
    });
    expect(written.statusCode, written.body).toBe(200);
    const id = (written.json() as { id: string }).id;
    const [row] = await selectRows<{ c: string }>(t.database, sql`select configuration_json as c from channels where id = ${id}`);
    expect(row!.c).not.toContain('localhost');
    expect(row!.c).toContain(`${SERVICE_ORIGIN}/api/stream/ingest/new/0/primary`);
    expect(row!.c).toContain('https://cdn.example.com/{event_id}/master.m3u8');
    const later = await t.app.inject({ url: `/api/channel/${id}`, headers: { ...t.headers(), host: 'control-room.lan:9000' } });
    expect(later.body).toContain('http://control-room.lan:9000/api/stream/ingest/new/0/primary');
  });
});

describe('a service behind a proxy (PUBLIC_URL)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve({ services: { urls: { publicUrl: 'https://control.example.org/ops' } } });
  });
  afterAll(() => served.t.close());

  it('names itself by PUBLIC_URL whatever Host the proxy forwards', async () => {
    for (const host of ['localhost:8080', '10.0.0.7:8080']) {
      const text = await answers(served, host);
      expect([...origins(text)], host).toEqual(['https://control.example.org']);
      expect(text).toContain(`https://control.example.org/ops/api/stream/${served.eventId}/master.m3u8`);
      expect(text).toContain(`https://control.example.org/ops/api/storage/public/standard/${served.eventId}/assets/a/kick-off.jpg`);
      expect(text).toContain(`https://control.example.org/ops/events/${served.eventId}/player`);
    }
  });
});
