/**
 * Bench section `downloads`: the time to make a 60 s VOD download from three clips (20 s each, of
 * two events), from the request until it is ready (file stored, mail queued), in process on a
 * throwaway PGlite with the real job handlers and the real ffmpeg. Measured for key-frame cuts
 * (packets copied) and frame-accurate cuts (re-encoded), `--download-runs N` times each (default
 * 3); reports the median and the slowest, the file size and its duration.
 */
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { createKey } from '../server/db/keys.ts';
import { systemClock } from '../server/jobs/clock.ts';

export interface DownloadRun {
  medianMs: number;
  maxMs: number;
  fileBytes: number;
  durationMs: number;
}

export interface DownloadsReport {
  clips: number;
  totalSeconds: number;
  runs: number;
  keyFrame: DownloadRun;
  frameAccurate: DownloadRun;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureDownloads(runs = 3): Promise<DownloadsReport> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const { key } = await createKey(database.db, 'bench', 'downloads bench');
  const app = await buildApp({ database, clock: systemClock });
  const headers = { 'API-KEY': key, 'content-type': 'application/json' };
  try {
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const response = await app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body) as Record<string, unknown>;
    };
    // Events created in a VOD state play the test programme (10 minutes): media to cut.
    const first = (await call('POST', '/event/', { Title: 'Bench final', EventState: 11 })).id as string;
    const second = (await call('POST', '/event/', { Title: 'Bench interviews', EventState: 11 })).id as string;
    const clips = [
      { eventId: first, start: '00:00:10', end: '00:00:30', isMasterClip: true },
      { eventId: second, start: '00:01:00', end: '00:01:20' },
      { eventId: first, start: '00:05:00', end: '00:05:20' },
    ];

    const measure = async (frameAccurate: boolean): Promise<DownloadRun> => {
      const times: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        const created = await call('POST', '/voddownload/', { emailAddress: 'bench@example.com', frameAccurate, downloadClips: clips });
        await app.jobs.runDue();
        const details = (await call('GET', '/voddownload/details/')) as unknown as Record<string, unknown>[];
        last = details.find((d) => d.id === created.id)!;
        if (last.state !== 'ready') throw new Error(`the download is ${String(last.state)}: ${String(last.failureReason)}`);
        times.push(performance.now() - started);
      }
      return { medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)), fileBytes: Number(last.fileBytes), durationMs: Number(last.durationMs) };
    };
    const keyFrame = await measure(false);
    const frameAccurate = await measure(true);
    return { clips: clips.length, totalSeconds: 60, runs, keyFrame, frameAccurate };
  } finally {
    await app.close();
    await database.close();
  }
}

export function formatDownloads(report: DownloadsReport): string {
  const line = (name: string, run: DownloadRun) =>
    `  ${name}: median ${run.medianMs} ms, slowest ${run.maxMs} ms (${(run.fileBytes / 1024 / 1024).toFixed(2)} MB, ${(run.durationMs / 1000).toFixed(1)} s)`;
  return [`A ${report.totalSeconds} s download from ${report.clips} clips, request to ready (${report.runs} runs):`, line('key-frame cuts', report.keyFrame), line('frame-accurate', report.frameAccurate)].join('\n');
}
