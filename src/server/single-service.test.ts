/**
 * One service per embedded database folder (pid-file.ts), with real service processes as an
 * operator starts them: a second `npm start` on the same DATA_DIR stops with a clear message and
 * leaves the first one's files alone; a restart (on another port) takes the folder over, also
 * after a crash left a stale pid file; and the demo key is the demo's own, never an API_KEY.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#testing/ports.ts';
import { startNode, stopProcess, waitForAnswer } from '#testing/processes.ts';
import { KEY_FILE, PID_FILE } from './config.ts';

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('one service per embedded database folder', () => {
  let dataDir: string;
  let first: ChildProcess | undefined;
  let later: ChildProcess | undefined;
  let firstPort: number;

  const start = (port: number, env: Record<string, string> = {}, output?: string[]) =>
    startNode(
      'src/server/main.ts',
      // DATABASE_URL empty: the embedded database, whatever the test run uses.
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true', API_KEY: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
      output ? { output } : {},
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'control-room-single-'));
    firstPort = await freePort();
    first = start(firstPort);
    await waitForAnswer(`http://127.0.0.1:${firstPort}/api/health`, { child: first, intervalMs: 200 });
  }, 240_000);

  afterAll(async () => {
    await stopProcess(first);
    await stopProcess(later);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses a second service on the same folder, and leaves the first one’s files alone', async () => {
    const pidFile = join(dataDir, PID_FILE);
    const keyFile = join(dataDir, KEY_FILE);
    expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(first!.pid));
    const key = readFileSync(keyFile, 'utf8');
    const keyChanged = statSync(keyFile).mtimeMs;

    const output: string[] = [];
    const second = start(await freePort(), {}, output);
    expect(await exitOf(second)).toBe(1);
    const said = output.join('');
    expect(said).toContain(`Another Control Room service (process ${first!.pid}) is running on the embedded database in ${dataDir}.`);
    expect(said).toContain('use PostgreSQL (DATABASE_URL)');

    expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(first!.pid));
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
    expect(statSync(keyFile).mtimeMs).toBe(keyChanged);
    // The first one goes on, and still hands its demo key to its own dashboard.
    const connection = await fetch(`http://127.0.0.1:${firstPort}/api/connection`);
    expect(await connection.json()).toEqual({ apiKey: key.trim() });
  }, 120_000);

  it('lets a restart on another port take the folder over, also from a crashed one; never hands out an API_KEY', async () => {
    await stopProcess(first);
    expect(existsSync(join(dataDir, PID_FILE))).toBe(false);
    // A crash (kill -9) leaves its pid file behind, naming a process that is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dataDir, PID_FILE), String(gone));

    const port = await freePort();
    const apiKey = 'operator-key-0123456789';
    later = start(port, { API_KEY: `default:${apiKey}` });
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(`${base}/api/health`, { child: later, intervalMs: 200 });
    expect(readFileSync(join(dataDir, PID_FILE), 'utf8').trim()).toBe(String(later.pid));
    // An operator's key is never handed out, even with the demo data on.
    expect((await fetch(`${base}/api/connection`)).status).toBe(404);

    // The demo seeded by the first start plays on this port: nothing stored named the old one.
    const headers = { 'API-KEY': apiKey };
    const live = (await (await fetch(`${base}/api/event/?pageSize=100&eventState=LIVE_PUBLISHED`, { headers })).json()) as { results: { id: string }[] };
    expect(live.results.length).toBeGreaterThan(0);
    const event = (await (await fetch(`${base}/api/event/${live.results[0]!.id}?processVideo=true`, { headers })).json()) as { video: { currentStateUrls: { url: string }[] } };
    const url = event.video.currentStateUrls[0]!.url;
    expect(url.startsWith(`${base}/api/stream/`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
  }, 240_000);
});
