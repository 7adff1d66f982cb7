/** The 11 VOD download operations and the extension records, through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadTaskSchema, endpoints, parseJsonText, type VodDownloadBody } from '#schema';
import { type ApiError, type ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { seedLiveFixture, type LiveFixture } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import { recordedEvent } from '#testing/compose.ts';

let t: TestApp;
let api: ApiClient;
let fixture: LiveFixture;
let match: { id: string; liveStart: Date; liveEnd: Date };
let interview: { id: string; liveStart: Date; liveEnd: Date };

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
  match = await recordedEvent(t, fixture, 120, 'Cup final: highlights');
  interview = await recordedEvent(t, fixture, 60, 'Post-match interview');
});
afterAll(() => t.close());

const fieldsOf = (error: ApiError) => ((error.body?.data as { fields?: { field: string }[] } | null)?.fields ?? []).map((f) => f.field);

const request = (overrides: Partial<VodDownloadBody> = {}): VodDownloadBody => ({
  emailAddress: 'editor@example.com',
  downloadClips: [{ eventId: match.id, start: '00:00:10', end: '00:00:20', isMasterClip: true }],
  ...overrides,
});

describe('requesting a download', () => {
  it('answers 201 with the download, processing, and the task in downloadTaskJson', async () => {
    const created = await api.call(endpoints.vodDownload.create, {
      body: request({
        contentId: 'task-check',
        frameAccurate: true,
        downloadClips: [
          { eventId: match.id, start: '00:00:10', end: '00:00:20', isMasterClip: true },
          { eventId: interview.id, start: new Date(interview.liveStart.getTime() + 5_000).toISOString(), end: null },
        ],
      }),
    });
    expect(created).toMatchObject({
      contentId: 'task-check',
      eventId: match.id,
      emailAddress: 'editor@example.com',
      completionDate: null,
      failureDate: null,
      downloadUrl: null,
      emailLanguage: null,
      downloadPath: expect.stringMatching(/task-check\/Cup final - highlights\.mp4$/),
    });
    expect(created.creationDate).toBe(t.clock.now().toISOString());
    const task = parseJsonText(DownloadTaskSchema, created.downloadTaskJson!);
    expect(task.success).toBe(true);
    const parsed = JSON.parse(created.downloadTaskJson!);
    expect(parsed.parameters).toMatchObject({
      content_id: 'task-check',
      frame_accurate: true,
      create_mp4: true,
      copy_ts: false,
      create_via_ffmpeg: true,
      encrypted: false,
      clips: [
        { event_id: match.id, start_ms: 10_000, end_ms: 20_000, is_master_clip: true },
        { event_id: interview.id, start_ms: 5_000, end_ms: 60_000, is_master_clip: false },
      ],
    });
    expect(parsed.client).toBe(t.clientName);
    expect(parsed.job).toEqual(expect.any(String));
    await api.call(endpoints.vodDownload.delete, { params: { id: created.id } });
  });

  it('generates the content id when it is left out, and names the file after the master clip event', async () => {
    const created = await api.call(endpoints.vodDownload.create, { body: request({ downloadClips: [{ eventId: interview.id }] }) });
    expect(created.contentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.downloadPath).toMatch(/Post-match interview\.mp4$/);
    const named = await api.call(endpoints.vodDownload.create, { body: request({ mp4Filename: 'my/../clip' }) });
    expect(named.downloadPath).toMatch(/\/my-\.\.-clip\.mp4$/);
    await api.call(endpoints.vodDownload.delete, { params: { id: created.id } });
    await api.call(endpoints.vodDownload.delete, { params: { id: named.id } });
  });

  it('refuses bad requests with a 400 naming the field, and writes nothing', async () => {
    const cases: [Partial<VodDownloadBody>, string][] = [
      [{ downloadClips: [] }, 'body.downloadClips'],
      [{ emailAddress: 'editor' }, 'body.emailAddress'],
      [
        {
          downloadClips: [
            { eventId: match.id, isMasterClip: true },
            { eventId: interview.id, isMasterClip: true },
          ],
        },
        'body.downloadClips.1.isMasterClip',
      ],
      [{ downloadClips: [{ eventId: match.id }, { eventId: interview.id }] }, 'body.downloadClips'],
      [{ downloadClips: [{ eventId: match.id, start: '00:00:30', end: '00:00:20' }] }, 'body.downloadClips.0.start'],
      [{ downloadClips: [{ eventId: match.id, start: '00:00:30', end: '00:05:00' }] }, 'body.downloadClips.0.end'],
      [{ downloadClips: [{ eventId: match.id, start: '2020-01-01T00:00:00Z' }] }, 'body.downloadClips.0.start'],
      [{ downloadClips: [{ eventId: '6f1c1a52-6bd1-4a53-9a55-8d1f4a2c9b11' }] }, 'body.downloadClips.0.eventId'],
      [{ downloadClips: [{ eventId: match.id, filter: 'systemBitrate<800000' }] }, 'body.downloadClips.0.filter'],
      [
        {
          downloadClips: [
            { eventId: match.id, filter: 'type=="audio"', isMasterClip: true },
            { eventId: interview.id },
          ],
        },
        'body.downloadClips.1.filter',
      ],
    ];
    for (const [body, field] of cases) {
      const error = await failure(api.call(endpoints.vodDownload.create, { body: request(body) })).catch((e: Error) => { throw new Error(`${field}: ${e.message}`); });
      expect(error.status, field).toBe(400);
      expect(fieldsOf(error), JSON.stringify(body)).toContain(field);
    }
    const planned = await insertEvent(t, { title: 'Not yet streamed', channelId: fixture.channelId });
    const noMedia = await failure(api.call(endpoints.vodDownload.create, { body: request({ downloadClips: [{ eventId: planned }] }) }));
    expect(fieldsOf(noMedia)).toEqual(['body.downloadClips.0.eventId']);
    expect(noMedia.message).toContain('no media to cut');
    expect(await api.call(endpoints.vodDownload.list, {})).toBeNull();
  });

  it('keeps content ids unique per client', async () => {
    const first = await api.call(endpoints.vodDownload.create, { body: request({ contentId: 'once' }) });
    const again = await failure(api.call(endpoints.vodDownload.create, { body: request({ contentId: 'once' }) }));
    expect(fieldsOf(again)).toEqual(['body.contentId']);
    await api.call(endpoints.vodDownload.delete, { params: { id: first.id } });
  });

  it('accepts a track filter kept alike by every clip', async () => {
    const created = await api.call(endpoints.vodDownload.create, {
      body: request({
        downloadClips: [
          { eventId: match.id, end: '00:00:04', filter: 'type=="video"', isMasterClip: true },
          { eventId: interview.id, end: '00:00:04', filter: '(type!="audio")' },
        ],
      }),
    });
    expect(JSON.parse(created.downloadTaskJson!).parameters.clips[1].filter).toBe('(type!="audio")');
    await api.call(endpoints.vodDownload.delete, { params: { id: created.id } });
  });
});

describe('lookups and deletions', () => {
  it('answers 204 when there is nothing, and finds a download by id, content id and event', async () => {
    expect(await api.call(endpoints.vodDownload.list, {})).toBeNull();
    expect(await api.call(endpoints.vodDownload.listForEvent, { params: { eventId: match.id } })).toBeNull();
    expect(await api.call(endpoints.vodDownload.get, { params: { id: '6f1c1a52-6bd1-4a53-9a55-8d1f4a2c9b11' } })).toBeNull();
    expect(await api.call(endpoints.vodDownload.getByContent, { query: { id: 'nope' } })).toBeNull();

    const a = await api.call(endpoints.vodDownload.create, { body: request({ contentId: 'news/a b&c' }) });
    const b = await api.call(endpoints.vodDownload.create, {
      body: request({
        contentId: 'b',
        downloadClips: [
          { eventId: interview.id, isMasterClip: true },
          { eventId: match.id, end: '00:00:05' },
        ],
      }),
    });
    expect(await api.call(endpoints.vodDownload.get, { params: { id: a.id } })).toEqual(a);
    expect(await api.call(endpoints.vodDownload.getByContent, { query: { id: 'news/a b&c' } })).toEqual(a);
    expect((await api.call(endpoints.vodDownload.list, {}))!.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    // A clip of the event counts, master or not.
    expect((await api.call(endpoints.vodDownload.listForEvent, { params: { eventId: match.id } }))!.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    expect((await api.call(endpoints.vodDownload.listForEvent, { params: { eventId: interview.id } }))!.map((d) => d.id)).toEqual([b.id]);

    const details = await api.call(endpoints.vodDownload.details, { query: { eventId: interview.id } });
    expect(details).toEqual([expect.objectContaining({ id: b.id, state: 'processing', progress: { percent: 0, etaSeconds: null }, durationMs: 65_000, mail: expect.objectContaining({ status: 'none' }) })]);

    // Deletions answer 410 Gone, whether or not there was something to delete.
    const byContent = await t.app.inject({ method: 'DELETE', url: `/api/voddownload/contentid?id=${encodeURIComponent('news/a b&c')}`, headers: t.headers() });
    expect(byContent.statusCode).toBe(410);
    expect(await api.call(endpoints.vodDownload.getByContent, { query: { id: 'news/a b&c' } })).toBeNull();
    const forEvent = await t.app.inject({ method: 'DELETE', url: `/api/voddownload/event/${match.id}`, headers: t.headers() });
    expect(forEvent.statusCode).toBe(410);
    expect(await api.call(endpoints.vodDownload.list, {})).toBeNull();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/voddownload/${b.id}`, headers: t.headers() });
    expect(again.statusCode).toBe(410);
  });

  it('keeps each client to its own downloads and events', async () => {
    const stranger = await createStrangerClient(t);
    const mine = await api.call(endpoints.vodDownload.create, { body: request({ contentId: 'mine' }) });
    expect(await stranger.api.call(endpoints.vodDownload.get, { params: { id: mine.id } })).toBeNull();
    expect(await stranger.api.call(endpoints.vodDownload.getByContent, { query: { id: 'mine' } })).toBeNull();
    expect(await stranger.api.call(endpoints.vodDownload.list, {})).toBeNull();
    expect(await stranger.api.call(endpoints.vodDownload.listForEvent, { params: { eventId: match.id } })).toBeNull();
    expect(await stranger.api.call(endpoints.vodDownload.details, { query: {} })).toEqual([]);
    const retry = await failure(stranger.api.call(endpoints.vodDownload.retry, { params: { id: mine.id } }));
    expect(retry.status).toBe(404);
    // Another client's event is as unknown as a missing one.
    const foreign = await failure(stranger.api.call(endpoints.vodDownload.create, { body: request() }));
    expect(foreign.message).toContain(`there is no event ${match.id}`);
    // Its deletions leave mine alone.
    for (const url of [`/api/voddownload/${mine.id}`, '/api/voddownload/contentid?id=mine', `/api/voddownload/event/${match.id}`, '/api/voddownload/?Buffer=0']) {
      const response = await t.app.inject({ method: 'DELETE', url, headers: t.headers(stranger.tenant) });
      expect(response.statusCode).toBe(410);
    }
    expect(await api.call(endpoints.vodDownload.get, { params: { id: mine.id } })).toEqual(mine);
    await api.call(endpoints.vodDownload.delete, { params: { id: mine.id } });
  });

  it('refuses to retry a download that is still processing, and a negative Buffer', async () => {
    const created = await api.call(endpoints.vodDownload.create, { body: request({ contentId: 'busy' }) });
    const busy = await failure(api.call(endpoints.vodDownload.retry, { params: { id: created.id } }));
    expect(fieldsOf(busy)).toEqual(['params.id']);
    const busyByContent = await failure(api.call(endpoints.vodDownload.retryByContent, { query: { id: 'busy' } }));
    expect(fieldsOf(busyByContent)).toEqual(['query.id']);
    expect((await failure(api.call(endpoints.vodDownload.retry, { params: { id: '6f1c1a52-6bd1-4a53-9a55-8d1f4a2c9b11' } }))).status).toBe(404);
    const negative = await t.app.inject({ method: 'DELETE', url: '/api/voddownload/?Buffer=-1', headers: t.headers() });
    expect(negative.statusCode).toBe(400);
    await api.call(endpoints.vodDownload.delete, { params: { id: created.id } });
  });
});

describe('the mailbox', () => {
  it('is empty at first, and answers 204 for an unknown mail', async () => {
    expect(await api.call(endpoints.vodDownload.mailbox, {})).toEqual([]);
    expect(await api.call(endpoints.vodDownload.mail, { params: { id: '6f1c1a52-6bd1-4a53-9a55-8d1f4a2c9b11' } })).toBeNull();
  });
});
