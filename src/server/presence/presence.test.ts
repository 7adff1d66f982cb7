/**
 * Presence: a page announces the record it shows, the answer says who else has it open (another
 * tab of the same key counts), an announcement lapses after a minute or is withdrawn, and the
 * client's change-feed streams hear `event: presence` when someone arrives or leaves (read over a
 * real socket, as the dashboard reads it). Another client neither sees nor hears any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Presence } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { PRESENCE_LAPSE_MS } from './presence.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ services: { changeFeed: { pollIntervalMs: 100, listeningPollIntervalMs: 100, heartbeatMs: 150 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(() => t?.close());

/** The presence messages a stream of the feed hears. */
async function listen(key: string): Promise<{ messages: string[]; close: () => void; ready: Promise<void> }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/changes`, { headers: { 'API-KEY': key }, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: string[] = [];
  let text = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        if (text.includes('event: ready')) markReady();
        for (const frame of text.split('\n\n').slice(0, -1)) if (frame.startsWith('event: presence')) messages.push(frame.split('data: ')[1]!);
        text = text.split('\n\n').at(-1)!;
      }
    } catch {
      // Closed by the test.
    }
  })();
  return { messages, close: () => controller.abort(), ready };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('presence', () => {
  it('says who else has a record open, and tells the client\'s other pages through the change feed', async () => {
    const desk = await t.createKeyFor('operator', t, 'Desk 1');
    const other = await t.createKeyFor('viewer', t, 'Desk 2');
    const api = createTestClient(t, { tenant: desk });
    const watching = await listen(other.key);
    await watching.ready;

    const first = await api.call(endpoints.presence.announce, { body: { entity: 'event', id: 'e-1', session: 'tab-one-1' } });
    expect(first.others).toEqual([]);
    await until(() => watching.messages.length > 0);
    expect(watching.messages.map((m) => JSON.parse(m) as unknown)).toEqual([{ entity: 'event', id: 'e-1' }]);

    // The same key in another tab is someone else too.
    const second: Presence = await api.call(endpoints.presence.announce, { body: { entity: 'event', id: 'e-1', session: 'tab-two-2' } });
    expect(second.others).toEqual([expect.objectContaining({ session: 'tab-one-1', keyId: desk.keyId, keyLabel: 'Desk 1', role: 'operator' })]);
    await until(() => watching.messages.length > 1);
    // A heartbeat is not news: the next message heard is the one of the tab that leaves.
    await api.call(endpoints.presence.announce, { body: { entity: 'event', id: 'e-1', session: 'tab-one-1' } });

    const viewerApi = createTestClient(t, { tenant: other });
    expect((await viewerApi.call(endpoints.presence.get, { query: { entity: 'event', id: 'e-1' } })).others.map((o) => o.session)).toEqual(['tab-one-1', 'tab-two-2']);
    await api.call(endpoints.presence.announce, { body: { entity: 'event', id: 'e-1', session: 'tab-two-2', leaving: true } });
    await until(() => watching.messages.length > 2);
    expect(watching.messages).toHaveLength(3);
    expect((await viewerApi.call(endpoints.presence.get, { query: { entity: 'event', id: 'e-1' } })).others.map((o) => o.session)).toEqual(['tab-one-1']);

    t.clock.advance(PRESENCE_LAPSE_MS + 1_000);
    expect((await viewerApi.call(endpoints.presence.get, { query: { entity: 'event', id: 'e-1' } })).others).toEqual([]);
    // Announcing leaves no activity entry.
    expect((await api.call(endpoints.activity.list, { query: { operation: 'presence.' } })).totalCount).toBe(0);
    watching.close();
  });

  it('is kept to the client', async () => {
    const stranger = createTestClient(t, { tenant: await t.createTenant() });
    await createTestClient(t).call(endpoints.presence.announce, { body: { entity: 'event', id: 'e-2', session: 'tab-three-3' } });
    expect((await stranger.call(endpoints.presence.get, { query: { entity: 'event', id: 'e-2' } })).others).toEqual([]);
  });
});
