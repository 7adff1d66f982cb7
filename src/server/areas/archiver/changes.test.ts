/** The archiver on the change feed: every write and each tick that changes segments, as `event: change`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EntityChange } from '#schema';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { captureBody, elapse, goLive, seedArchiverFixture, type ArchiverFixture, archiverServices } from '#testing/archiver.ts';

let t: TestApp;
let fixture: ArchiverFixture;
let api: ReturnType<typeof createTestClient>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ services: archiverServices(4_000) });
  fixture = await seedArchiverFixture(t);
  api = createTestClient(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

/** The replay of the feed after `since` up to its `ready`: the archiver's changes and the other messages' count. */
async function replay(headers: Record<string, string>, query = 'since=0'): Promise<{ archiver: (EntityChange & { seq: number })[]; others: number }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/changes?${query}`, { headers, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  controller.abort();
  const blocks = text.split('\n\n').filter((b) => b.includes('data: ') && !b.includes('event: ready'));
  const archiver = blocks
    .filter((b) => b.includes('event: change'))
    .map((b) => ({ ...(JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as EntityChange), seq: Number(/^id: (\d+)$/m.exec(b)![1]) }));
  return { archiver, others: blocks.length - archiver.length };
}

describe('the archiver on the change feed', () => {
  it('carries every write of captures, profiles, streams and flows, and the segments a tick changed, in seq order', async () => {
    await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'feed_capture' }) });
    await elapse(t, 20_000);
    await api.call(endpoints.archiverPlayoutProfile.create, {
      body: { id: 'feed_profile', expiresIn: null, key: null, issKeyIv: null, issLicenseUrl: null, widevineDrmData: null, widevineLicenseUrl: null, aesKey: null, aesKeyIv: null, aesLicenseUrl: null, captures: [{ captureId: 'feed_capture', liveRedirectUrl: null }] },
    });
    const [stream] = await api.call(endpoints.archiverStream.list, {});
    await api.call(endpoints.archiverStream.delete, { params: { id: stream!.id } });
    const flow = await api.call(endpoints.archiverflow.create, { body: { name: 'Flow', configurationJson: '{"archiverflows":[]}' } });
    await api.call(endpoints.archiverflow.delete, { params: { id: flow.id } });
    await api.call(endpoints.archiverCapture.delete, { params: { id: 'feed_capture' } });

    const { archiver } = await replay(t.headers());
    const said = archiver.map((c) => `${c.kind} ${c.id} ${c.action}`);
    expect(said[0]).toBe('capture feed_capture Added');
    expect(said).toContain('segments feed_capture Updated');
    expect(said.filter((s) => s === 'segments feed_capture Updated').length).toBeGreaterThan(3);
    expect(said).toContain('profile feed_profile Added');
    expect(said).toContain(`stream ${stream!.id} Deleted`);
    expect(said).toContain(`flow ${flow.id} Added`);
    expect(said).toContain(`flow ${flow.id} Deleted`);
    expect(said.at(-1)).toBe('capture feed_capture Deleted');
    const seqs = archiver.map((c) => c.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('is the client’s own, and not part of a stream limited to one event', async () => {
    const stranger = await createStrangerClient(t);
    expect((await replay(t.headers(stranger.tenant))).archiver).toEqual([]);
    expect((await replay(t.headers(), 'since=0&eventId=00000000-0000-4000-8000-000000000000')).archiver).toEqual([]);
  });
});
