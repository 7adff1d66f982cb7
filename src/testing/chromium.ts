/**
 * The Chromium every browser run of this repo drives (page tests, benches, the player check), and
 * how: PLAYWRIGHT_CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser
 * (`npx playwright install chromium`, where downloads are possible); headless, with no sandbox (CI
 * runs as root) and none of Chromium's own network traffic (the machine's network is closed).
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_EXECUTABLE: string | undefined =
  process.env.PLAYWRIGHT_CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const CHROMIUM_ARGS: readonly string[] = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
