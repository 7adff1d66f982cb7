/**
 * What `npm start` and `npm run serve` run (build-server.ts): the service bundled into JavaScript
 * and started by plain `node` with the start's flags, no TypeScript loader in the process, and
 * behaving as the sources do: the migrations, the demo data (a module loaded on demand) and the
 * API reference's files are found from the bundle as from src/.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#testing/ports.ts';
import { startNode, stopProcess, waitForAnswer } from '#testing/processes.ts';
import { buildServer, SERVER_BUNDLE, SERVICE_NODE_FLAGS } from './build-server.ts';

const KEY = 'start-test-key-0123456789';

describe('the start runs the compiled service', () => {
  let child: ChildProcess | undefined;
  let base: string;

  beforeAll(async () => {
    const bundle = await buildServer();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = startNode(
      bundle,
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', DEMO_DATA: 'true', API_KEY: KEY, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      { nodeArgs: [...SERVICE_NODE_FLAGS] },
    );
    await waitForAnswer(`${base}/api/health`, { child, intervalMs: 200 });
  }, 240_000);

  afterAll(async () => {
    await stopProcess(child);
  }, 60_000);

  it('npm start and npm run serve both run the bundle with the same Node flags, not tsx', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    const run = `node ${SERVICE_NODE_FLAGS.join(' ')} dist-server/main.js`;
    expect(scripts.serve).toBe(`tsx src/server/build-server.ts && ${run}`);
    expect(scripts.start).toMatch(/ npm run serve$/);
    expect(SERVER_BUNDLE).toMatch(/dist-server\/main\.js$/);
  });

  it('runs without a TypeScript loader and answers as the sources do', async () => {
    const commandLine = readFileSync(`/proc/${child!.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).not.toContain('tsx');
    expect(commandLine.at(-2)).toBe(SERVER_BUNDLE);
    // The migrations ran (read beside database.ts) and the demo data was seeded (seed.ts, imported on demand).
    const list = await waitForDemo(base);
    expect(list.results.length).toBeGreaterThan(0);
    // The API reference's files are resolved from the package, as in reference.ts.
    const docs = await fetch(`${base}/api/docs/assets/swagger-ui.css`);
    expect(docs.status).toBe(200);
  }, 120_000);
});

async function waitForDemo(base: string): Promise<{ results: unknown[] }> {
  for (let i = 0; i < 200; i++) {
    const list = (await (await fetch(`${base}/api/event/?pageSize=5&noCache=true`, { headers: { 'API-KEY': KEY } })).json()) as { results: unknown[] };
    if (list.results.length > 0) return list;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { results: [] };
}
