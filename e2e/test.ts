/**
 * The `test` every spec imports: Playwright's, with `baseURL` pointing at the service of the worker
 * that runs the file. The config starts one service per worker (playwright.config.ts), so files
 * run side by side, each against a service no other file is writing to at the same time.
 */
import { test as base } from '@playwright/test';
import { serviceUrl } from './services.ts';

export const test = base.extend({
  // Replaces the config's baseURL (the first service's), which it is handed and does not need.
  baseURL: async ({ baseURL: _configured }, use, testInfo) => {
    await use(serviceUrl(testInfo.parallelIndex));
  },
});

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page, APIRequestContext, TestInfo } from '@playwright/test';
