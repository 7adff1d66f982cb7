/**
 * Proof that the simulated publishing point plays: serves streams from a bare Fastify on
 * loopback (a live one whose window is about to wrap the loop, a finished one, a composition that
 * cuts to the MP4 test card and back, and a finished one audio only), opens them in
 * headless Chromium with hls.js in a <video> element, checks that playback advances across the
 * loop's discontinuity, and takes screenshots to look at.
 *
 *   npx tsx src/bench/play-check.ts [output folder, default the system's temp folder]
 *
 * Chromium: the one choice of src/testing/chromium.ts (DESIGN.md: Tests and measurements).
 * It takes about 25 s of real time (it plays real time), so it is a script rather than part of
 * the unit suite. Exit status 0 when both streams played.
 */
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import Fastify from 'fastify';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '#testing/chromium.ts';
import { systemClock } from '../server/jobs/clock.ts';
import { loadMediaIndex } from '../server/sim/hls.ts';
import { registerStreamRoutes, streamPaths, type Stream } from '../server/sim/stream-routes.ts';

const hlsScript = readFileSync(createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js'));

/** The page: one muted <video> playing `src` with hls.js, logging what the player does. */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>play check</title>
<style>
  body { margin: 0; background: #111; color: #ddd; font: 14px sans-serif }
  video { display: block; width: 960px; height: 540px; background: #000 }
  #info { padding: 6px 8px }
</style>
<script src="/hls.js"></script></head>
<body><video id="video" muted playsinline></video><div id="info"></div>
<script>
  const params = new URLSearchParams(location.search);
  const video = document.getElementById('video');
  const info = document.getElementById('info');
  window.report = { errors: [], fragments: [], levels: 0, playingDate: null };
  const hls = new Hls({ startPosition: params.has('start') ? Number(params.get('start')) : -1 });
  hls.on(Hls.Events.ERROR, (_e, d) => {
    window.report.errors.push({ fatal: d.fatal, details: d.details, type: d.type });
  });
  hls.on(Hls.Events.FRAG_CHANGED, (_e, d) => {
    window.report.fragments.push({ sn: d.frag.sn, cc: d.frag.cc, start: d.frag.start, pdt: d.frag.programDateTime });
  });
  hls.on(Hls.Events.MANIFEST_PARSED, (_e, d) => {
    window.report.levels = d.levels.length;
    video.play().catch((e) => window.report.errors.push({ fatal: true, details: String(e) }));
  });
  hls.loadSource(params.get('src'));
  hls.attachMedia(video);
  setInterval(() => {
    window.report.playingDate = hls.playingDate ? hls.playingDate.toISOString() : null;
    const sn = window.report.fragments.at(-1)?.sn ?? '-';
    info.textContent = params.get('src') + '  t=' + video.currentTime.toFixed(2) + '  playing date ' + window.report.playingDate + '  fragment sn ' + sn;
  }, 200);
</script></body></html>`;

interface Sample {
  currentTime: number;
  duration: number;
  videoWidth: number;
  videoHeight: number;
}

interface Report {
  errors: { fatal: boolean; details: string }[];
  fragments: { sn: number; cc: number; start: number; pdt: number | null }[];
  levels: number;
  playingDate: string | null;
}

const sample = (page: Page) =>
  page.evaluate((): Sample => {
    const v = document.querySelector('video') as HTMLVideoElement;
    return { currentTime: v.currentTime, duration: v.duration, videoWidth: v.videoWidth, videoHeight: v.videoHeight };
  });
const report = (page: Page) => page.evaluate(() => (window as unknown as { report: Report }).report);

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

export interface PlayCheckResult {
  ok: boolean;
  problems: string[];
  screenshots: string[];
}

export async function runPlayCheck(outDir = tmpdir()): Promise<PlayCheckResult> {
  const now = systemClock.now();
  const seconds = (s: number) => new Date(now.getTime() + s * 1000);
  // Live: 50 s in, so the window's end is at the loop's wrap (48 s) and playback crosses it.
  // Finished: 100 s long, two wraps; played from 44 s to cross the first.
  // Composed: 4 s of the programme, the 10 s MP4 test card, 6 s of the programme (a generated
  // composition); played from 3 s to cross into the card (fragment 2).
  const streams = new Map<string, Stream>([
    ['live-check', { liveStart: seconds(-50), liveEnd: null, dvrWindowSeconds: 30 }],
    ['vod-check', { liveStart: seconds(-300), liveEnd: seconds(-200), dvrWindowSeconds: 30 }],
    [
      'composed-check',
      {
        kind: 'composed',
        content: {
          clips: [
            { programme: 'programme', from: 10, to: 12, dateTime: seconds(-3600) },
            { programme: 'card', from: 0, to: 5 },
            { programme: 'programme', from: 30, to: 33, dateTime: seconds(-1800) },
          ],
        },
      },
    ],
  ]);
  const app = Fastify();
  await registerStreamRoutes(app, { clock: systemClock, resolveStream: async (key) => streams.get(key) ?? null });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/hls.js', async (_request, reply) => reply.type('text/javascript').send(hlsScript));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  const problems: string[] = [];
  const screenshots: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 960, height: 580 } });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${address}/hls.js`);
    const type = `video/mp4; codecs="${loadMediaIndex().codecs}"`;
    const supported = await page.evaluate((t) => typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(t), type);
    // hls.js transmuxes MPEG-TS to fragmented MP4 for Media Source Extensions.
    log(`MediaSource.isTypeSupported('${type}'): ${supported}`);
    if (!supported) problems.push(`this Chromium cannot play ${type} through Media Source Extensions`);

    const play = async (name: string, src: string, options: { start?: number; playFor: number; wrapSn: number; audioOnly?: boolean }) => {
      const query = new URLSearchParams({ src, ...(options.start !== undefined ? { start: String(options.start) } : {}) });
      await page.goto(`${address}/?${query}`);
      await page.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).currentTime > 0, null, { timeout: 20_000 });
      const first = await sample(page);
      await page.waitForTimeout(options.playFor * 1000);
      const last = await sample(page);
      const r = await report(page);
      const file = join(outDir, `control-room-play-check-${name}.png`);
      await page.screenshot({ path: file });
      screenshots.push(file);
      const advanced = last.currentTime - first.currentTime;
      const sns = [...new Set(r.fragments.map((f) => f.sn))];
      const crossed = r.fragments.some((f) => f.sn === options.wrapSn);
      log(
        `${name}: ${src} currentTime ${first.currentTime.toFixed(2)} -> ${last.currentTime.toFixed(2)} (+${advanced.toFixed(2)} s in ${options.playFor} s), ` +
          `${last.videoWidth}x${last.videoHeight}, duration ${last.duration}, fragments played ${sns.join(',')}, ` +
          `discontinuity counters ${[...new Set(r.fragments.map((f) => f.cc))].join(',')}, playing date ${r.playingDate}, errors ${JSON.stringify(r.errors)}`,
      );
      if (advanced < options.playFor * 0.6) problems.push(`${name}: currentTime advanced only ${advanced.toFixed(2)} s in ${options.playFor} s`);
      if (options.audioOnly ? last.videoWidth !== 0 : last.videoWidth !== 960 || last.videoHeight !== 540) {
        problems.push(`${name}: picture is ${last.videoWidth}x${last.videoHeight}, not ${options.audioOnly ? 'none' : '960x540'}`);
      }
      if (!crossed) problems.push(`${name}: playback did not reach fragment ${options.wrapSn}, where the loop wraps`);
      if (r.errors.some((e) => e.fatal)) problems.push(`${name}: fatal player errors ${JSON.stringify(r.errors)}`);
      return { last, r };
    };

    const live = await play('live', streamPaths('live-check').master, { playFor: 8, wrapSn: 24 });
    const liveStart = seconds(-50).getTime();
    const playingDate = live.r.playingDate ? Date.parse(live.r.playingDate) : NaN;
    if (!(playingDate > liveStart && playingDate < Date.now())) {
      problems.push(`live: playing date ${live.r.playingDate} is not within the stream`);
    }

    const vod = await play('vod', streamPaths('vod-check').media, { start: 44, playFor: 8, wrapSn: 24 });
    if (Math.abs(vod.last.duration - 100) > 2) problems.push(`vod: duration ${vod.last.duration}, expected 100 s within a segment`);

    const composed = await play('composed', streamPaths('composed-check').master, { start: 3, playFor: 6, wrapSn: 2 });
    if (Math.abs(composed.last.duration - 20) > 1) problems.push(`composed: duration ${composed.last.duration}, expected 20 s`);

    await play('audio-only', `${streamPaths('vod-check').master}?audioOnly=true`, { start: 44, playFor: 6, wrapSn: 24, audioOnly: true });
  } finally {
    await browser.close();
    await app.close();
  }
  return { ok: problems.length === 0, problems, screenshots };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPlayCheck(process.argv[2]);
  log(`screenshots: ${result.screenshots.join(' ')}`);
  log(result.ok ? 'PLAYS' : `FAILED:\n  ${result.problems.join('\n  ')}`);
  process.exitCode = result.ok ? 0 : 1;
}
