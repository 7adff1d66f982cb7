/**
 * Browser tests: real Chromium against the real service (throwaway in-memory database with demo
 * data), serving the built dashboard. `npm run test:e2e` (= `playwright test -c e2e`).
 *
 * Chromium: the one choice of src/testing/chromium.ts (PLAYWRIGHT_CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else Playwright's own browser).
 * The service serves dist/, so the web server command builds the dashboard first; set
 * E2E_SKIP_BUILD=1 to reuse an existing build.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../src/testing/chromium.ts';
import { FIRST_PORT, serviceUrl, WORKERS } from './services.ts';

/** The service wants keys of 8 characters at least. Specs read it from E2E_API_KEY. */
export const E2E_API_KEY = 'e2e-test-key';
process.env.E2E_API_KEY ??= E2E_API_KEY;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const build = process.env.E2E_SKIP_BUILD ? '' : 'npx vite build --logLevel warn && ';

export default defineConfig({
  testDir: '.',
  // Not test-results/ itself: Playwright empties its outputDir, and Vitest's report lives there.
  outputDir: '../test-results/playwright',
  // Files run side by side, one worker per service (e2e/services.ts, e2e/test.ts); the tests of a
  // file run in order, on one service.
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds .ci/summary.mjs (one closing line for CI).
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // Each worker's own service replaces it (e2e/test.ts).
    baseURL: serviceUrl(0),
    screenshot: 'on',
    trace: 'retain-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: CHROMIUM_EXECUTABLE,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  // One service per worker. Playwright starts them in order, each once the one before answers, so
  // only the first builds the dashboard and the others serve that build.
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `${index === 0 ? build : ''}npx tsx src/server/main.ts`,
    cwd: repoRoot,
    url: `${serviceUrl(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // Webhook specs run their receiver on this machine, a private address the service refuses by default.
    // The archiver records 2 s segments, so the archiver spec sees its capture grow within seconds;
    // encoders report their health every 2 s, so the health chart has a story within seconds.
    env: { PORT: String(FIRST_PORT + index), DATA_DIR: 'memory://', DEMO_DATA: 'true', API_KEY: E2E_API_KEY, WEBHOOKS_ALLOW_PRIVATE: 'true', ARCHIVER_SEGMENT_SECONDS: '2', ENCODER_HEALTH_SECONDS: '2' },
  })),
});
