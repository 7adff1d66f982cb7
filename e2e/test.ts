/**
 * The `test` every spec imports: Playwright's, with `baseURL` pointing at the service of the worker
 * that runs the file. The config starts one service per worker (playwright.config.ts), so files
 * run side by side, each against a service no other file is writing to at the same time.
 * Beside it, what every spec needs of the service: its API key and `connect`.
 */
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { serviceUrl } from './services.ts';

export const test = base.extend({
  // Replaces the config's baseURL (the first service's), which it is handed and does not need.
  baseURL: async ({ baseURL: _configured }, use, testInfo) => {
    await use(serviceUrl(testInfo.parallelIndex));
  },
});

/** The key the services take: playwright.config.ts sets it and gives it to each service. */
export const API_KEY = process.env.E2E_API_KEY ?? 'e2e-test-key';

/**
 * Connects the dashboard in every page `target` opens from now on (a page, or all the pages of a
 * browser context) to the service at `/api` with `key`, as the connection dialog saves it (the
 * dialog itself is browse-the-events-list's). A connection the page saved since (a test that
 * changed it, then reloaded) is kept.
 */
export async function connect(target: Page | BrowserContext, key: string = API_KEY): Promise<void> {
  await target.addInitScript((apiKey) => {
    if (!localStorage.getItem('control-room.connection')) localStorage.setItem('control-room.connection', JSON.stringify({ baseUrl: '/api', apiKey }));
  }, key);
}

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page, APIRequestContext, TestInfo } from '@playwright/test';
