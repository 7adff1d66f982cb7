/**
 * Downloads made for real: clips cut with ffmpeg and stitched into a playable MP4, served with
 * byte ranges until they expire, mailed (the service's mailbox, and a real SMTP receiver on
 * loopback), retried, purged with Buffer, and finished after a worker died in the middle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { endpoints, type VodDownloadBody } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { JobWorker } from '../../jobs/queue.ts';
import { closeServices, createServices } from '../../services.ts';
import { MailboxMailer, SmtpMailer } from '../../sim/mail.ts';
import { seedLiveFixture, type LiveFixture } from '#testing/live.ts';
import { recordedEvent } from '#testing/compose.ts';
import { events } from '../../db/tables/index.ts';
import { eq } from 'drizzle-orm';

const DAY = 86_400_000;

let t: TestApp;
let api: ApiClient;
let fixture: LiveFixture;
let mailer: MailboxMailer;
let match: { id: string; liveStart: Date };
let interview: { id: string; liveStart: Date };

beforeAll(async () => {
  mailer = new MailboxMailer({ now: () => t.clock.now() });
  // A public URL, so the mail's link (made without a request) is absolute like the answer's.
  t = await createTestApp({ services: { downloads: { expiryDays: 2 }, mailer, urls: { publicUrl: 'http://control-room.test' } } });
  api = createTestClient(t);
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
  match = await recordedEvent(t, fixture, 120, 'Cup final: highlights');
  interview = await recordedEvent(t, fixture, 60, 'Post-match interview');
});
afterAll(() => t.close());

const twoClips = (overrides: Partial<VodDownloadBody> = {}): VodDownloadBody => ({
  emailAddress: 'editor@example.com',
  emailLanguage: 'de-CH',
  downloadClips: [
    { eventId: match.id, start: '00:00:04', end: '00:00:10', isMasterClip: true },
    { eventId: interview.id, start: new Date(interview.liveStart.getTime() + 2_000).toISOString(), end: '00:00:06' },
  ],
  ...overrides,
});

async function details(id: string) {
  const all = await api.call(endpoints.vodDownload.details, { query: {} });
  return all.find((d) => d.id === id)!;
}

function pathOf(url: string): string {
  return new URL(url, 'http://service.test').pathname;
}

describe('making a download', () => {
  it('stitches two clips into a playable MP4, serves it with byte ranges, and mails the link in the language asked for', async () => {
    const created = await api.call(endpoints.vodDownload.create, { body: twoClips({ contentId: 'two-clips' }) });
    expect((await details(created.id)).state).toBe('processing');
    await t.runJobs();

    const ready = await api.call(endpoints.vodDownload.get, { params: { id: created.id } });
    expect(ready!.completionDate).toBe(t.clock.now().toISOString());
    expect(ready!.failureDate).toBeNull();
    expect(ready!.downloadUrl).toMatch(/^http:\/\/control-room\.test\/api\/voddownload-files\/[\w-]{32}\/Cup_final_-_highlights\.mp4$/);
    const info = await details(created.id);
    expect(info).toMatchObject({ state: 'ready', progress: null, mail: { status: 'sent', attempts: 1 } });
    // Key-frame cuts: each clip widens to whole 2 s segments at most.
    expect(info.durationMs).toBeGreaterThanOrEqual(10_000);
    expect(info.durationMs).toBeLessThanOrEqual(14_000);

    const file = await t.app.inject({ method: 'GET', url: pathOf(ready!.downloadUrl!) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(file.rawPayload.length).toBe(info.fileBytes);
    const part = await t.app.inject({ method: 'GET', url: pathOf(ready!.downloadUrl!), headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${info.fileBytes}`);
    expect(part.rawPayload.length).toBe(100);
    const head = await t.app.inject({ method: 'HEAD', url: pathOf(ready!.downloadUrl!) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(info.fileBytes));
    const wrong = await t.app.inject({ method: 'GET', url: '/api/voddownload-files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/x.mp4' });
    expect(wrong.statusCode).toBe(404);

    const mails = await api.call(endpoints.vodDownload.mailbox, {});
    const mail = mails.find((m) => m.downloadId === created.id)!;
    expect(mail).toMatchObject({ to: 'editor@example.com', language: 'de', subject: 'Ihr Download ist bereit: Cup final - highlights.mp4' });
    expect(mail.text).toContain(ready!.downloadUrl!);
    expect(await api.call(endpoints.vodDownload.mail, { params: { id: mail.id } })).toEqual(mail);
  });

  it('cuts frame-accurately when asked, and keeps only the video with a filter', async () => {
    const created = await api.call(endpoints.vodDownload.create, {
      body: {
        emailAddress: 'editor@example.com',
        emailLanguage: 'klingon',
        frameAccurate: true,
        downloadClips: [{ eventId: match.id, start: '00:00:01.500', end: '00:00:04.700', filter: 'type=="video"' }],
      },
    });
    await t.runJobs();
    const info = await details(created.id);
    expect(info.state).toBe('ready');
    expect(Math.abs(info.durationMs - 3_200)).toBeLessThan(150);
    const mails = await api.call(endpoints.vodDownload.mailbox, {});
    expect(mails.find((m) => m.downloadId === created.id)!.language).toBe('en');
  });

  it('finishes a download whose worker died in the middle, once its lease has passed', async () => {
    const created = await api.call(endpoints.vodDownload.create, { body: twoClips({ contentId: 'crash' }) });
    // Another process claims the job and dies before it finishes.
    const services = createServices(t.clock);
    const dead = new JobWorker({ db: t.database.db, clock: t.clock, services, jobs: [] });
    expect((await dead.claim()).map((j) => j.type)).toContain('vodDownload.process');
    await closeServices(services);
    expect(await t.runJobs()).toBe(0);
    expect((await details(created.id)).state).toBe('processing');
    t.clock.advance(61_000);
    await t.runJobs();
    expect((await details(created.id)).state).toBe('ready');
  });

  it('fails with the reason when the media is gone, and is made again by a retry', async () => {
    const doomed = await recordedEvent(t, fixture, 30, 'Deleted before processing');
    const created = await api.call(endpoints.vodDownload.create, { body: { emailAddress: 'ops@example.com', downloadClips: [{ eventId: doomed.id, end: '00:00:08' }] } });
    await t.database.db.update(events).set({ dateDeleted: t.clock.now() }).where(eq(events.id, doomed.id));
    await t.runJobs();
    const failed = await api.call(endpoints.vodDownload.get, { params: { id: created.id } });
    expect(failed!.failureDate).toBe(t.clock.now().toISOString());
    expect(failed!.completionDate).toBeNull();
    expect((await details(created.id)).failureReason).toContain('no longer exists');

    await t.database.db.update(events).set({ dateDeleted: null }).where(eq(events.id, doomed.id));
    const again = await api.call(endpoints.vodDownload.retryByContent, { query: { id: created.contentId } });
    expect(again).toMatchObject({ failureDate: null, completionDate: null });
    expect(JSON.parse(again.downloadTaskJson!).job).not.toBe(JSON.parse(created.downloadTaskJson!).job);
    await t.runJobs();
    expect((await details(created.id)).state).toBe('ready');
  });
});

describe('expiry, retry and the purge', () => {
  it('serves the file until it expires, makes it again with a new link, and purges it Buffer days after', async () => {
    const created = await api.call(endpoints.vodDownload.create, { body: twoClips({ contentId: 'expiring' }) });
    await t.runJobs();
    const first = (await api.call(endpoints.vodDownload.get, { params: { id: created.id } }))!;
    const ready = await details(created.id);
    expect(Date.parse(ready.expiresAt!) - t.clock.now().getTime()).toBe(2 * DAY);

    t.clock.advance(2 * DAY + 1_000);
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.downloadUrl!) })).statusCode).toBe(410);
    expect((await details(created.id)).state).toBe('expired');
    await t.runJobs(); // the expiry job drops the bytes

    const remade = await api.call(endpoints.vodDownload.retry, { params: { id: created.id } });
    expect(remade.downloadUrl).toBeNull();
    await t.runJobs();
    const second = (await api.call(endpoints.vodDownload.get, { params: { id: created.id } }))!;
    expect(second.downloadUrl).not.toBe(first.downloadUrl);
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.downloadUrl!) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.downloadUrl!) })).statusCode).toBe(200);

    // Expired for a day: a purge with Buffer 2 keeps it, one with Buffer 0 deletes it and its file.
    t.clock.advance(3 * DAY);
    const kept = await t.app.inject({ method: 'DELETE', url: '/api/voddownload/?Buffer=2', headers: t.headers() });
    expect(kept.statusCode).toBe(410);
    expect(await api.call(endpoints.vodDownload.get, { params: { id: created.id } })).not.toBeNull();
    const purged = await t.app.inject({ method: 'DELETE', url: '/api/voddownload/?Buffer=0', headers: t.headers() });
    expect(purged.statusCode).toBe(410);
    expect(await api.call(endpoints.vodDownload.get, { params: { id: created.id } })).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.downloadUrl!) })).statusCode).toBe(404);
    // The mails stay in the mailbox, no longer linked.
    expect((await api.call(endpoints.vodDownload.mailbox, {})).filter((m) => m.subject.includes('Cup final')).length).toBeGreaterThan(0);
  });
});

describe('mail that cannot be sent', () => {
  it('is retried, and the download says so until it goes through', async () => {
    mailer.failNext = 2;
    const created = await api.call(endpoints.vodDownload.create, { body: twoClips({ contentId: 'mail-retry', emailLanguage: 'fr' }) });
    await t.runJobs();
    let info = await details(created.id);
    expect(info.state).toBe('ready');
    expect(info.mail).toMatchObject({ status: 'retrying', attempts: 1, error: expect.stringContaining('451') });
    expect(info.mail.nextAttemptAt).not.toBeNull();
    t.clock.advance(5_000);
    await t.runJobs();
    expect((await details(created.id)).mail).toMatchObject({ status: 'retrying', attempts: 2 });
    t.clock.advance(10_000);
    await t.runJobs();
    info = await details(created.id);
    expect(info.mail).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect((await api.call(endpoints.vodDownload.mailbox, {})).find((m) => m.downloadId === created.id)!.subject).toContain('Votre téléchargement est prêt');
  });

  it('is given up at once when the server refuses the address for good', async () => {
    const created = await api.call(endpoints.vodDownload.create, { body: twoClips({ contentId: 'bad-address', emailAddress: 'someone@newsroom.invalid' }) });
    await t.runJobs();
    expect((await details(created.id)).mail).toMatchObject({ status: 'failed', error: expect.stringContaining('550') });
  });
});

describe('mail through SMTP', () => {
  it('goes to a real SMTP server, retried while it refuses for a moment', async () => {
    const received: { to: string[]; data: string }[] = [];
    let refuse = 1;
    const server = new SMTPServer({
      authOptional: true,
      hideSTARTTLS: true,
      disabledCommands: ['AUTH'],
      onRcptTo(address, _session, callback) {
        if (refuse > 0) {
          refuse -= 1;
          const error = new Error('Greylisted, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        let data = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (data += chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const smtp = await createTestApp({ services: { mailer: new SmtpMailer(`smtp://127.0.0.1:${port}`), urls: { publicUrl: 'https://control.example.org' } } });
    try {
      const smtpApi = createTestClient(smtp);
      const live = await seedLiveFixture(smtp.database.db, smtp.clientId, smtp.clock.now());
      const event = await recordedEvent(smtp, live, 20, 'Press conference');
      const created = await smtpApi.call(endpoints.vodDownload.create, {
        body: { emailAddress: 'desk@example.org', emailLanguage: 'nl', downloadClips: [{ eventId: event.id, end: '00:00:06' }] },
      });
      await smtp.runJobs();
      const first = (await smtpApi.call(endpoints.vodDownload.details, { query: {} }))[0]!;
      expect(first.mail).toMatchObject({ status: 'retrying', error: expect.stringContaining('451') });
      smtp.clock.advance(5_000);
      await smtp.runJobs();
      const sent = (await smtpApi.call(endpoints.vodDownload.details, { query: {} }))[0]!;
      expect(sent.mail.status).toBe('sent');
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['desk@example.org']);
      expect(received[0]!.data).toContain('Subject: Uw download staat klaar: Press conference.mp4');
      expect(received[0]!.data.replace(/=\r?\n/g, '')).toContain(`https://control.example.org/api/voddownload-files/`);
      expect(sent.downloadUrl).toMatch(/^https:\/\/control\.example\.org\/api\/voddownload-files\//);
      expect(created.contentId).toBe(sent.contentId);
      // The service keeps no mailbox then.
      const mailbox = await smtp.app.inject({ method: 'GET', url: '/api/mailbox/', headers: smtp.headers() });
      expect(mailbox.statusCode).toBe(404);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
