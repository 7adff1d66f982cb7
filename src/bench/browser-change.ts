/**
 * A change reaching an open events list (part of the browser bench, browser.ts): the list open in
 * Chromium on its default view with live updates on, one of its events renamed through the API
 * CHANGE_RUNS times (default 20), one at a time. Each time: the write's own time, the time from
 * its answer until the row shows the new title (the page's part: the change feed, what the page
 * asks again, the service answering it, the render), and the requests the page sent for it.
 */
import type { Browser } from '@playwright/test';

const CHANGES = Number(process.env.CHANGE_RUNS ?? 20);

/** A page script that keeps the key in this browser, as the connection dialog keeps it. */
export const storeKey = (apiKey: string) => `localStorage.setItem('control-room.connection', ${JSON.stringify(JSON.stringify({ baseUrl: '/api', apiKey }))})`;

export interface ChangeReport {
  changes: number;
  /** From the write's answer until the row shows the new title. */
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  /** The write itself (POST /api/event/), median. */
  writeMedianMs: number;
  /** The list's request for the change: sent, and answered, after the write's answer (medians). */
  listRequestSentMs: number | null;
  listAnsweredMs: number | null;
  /** Requests the page sent for one change (median), and by operation path over all changes. */
  requestsPerChange: number;
  requests: Record<string, number>;
}

/**
 * Renames the event `id` and resolves with the write's time, when its row showed the title, and
 * when the list's own request for the change went out and was answered (ms from the write's start).
 */
const renameAndWait = (id: string, title: string, apiKey: string) => `(async () => {
  const started = performance.now();
  const shown = new Promise((resolve) => {
    const check = () => {
      const row = document.querySelector('[role="row"][data-id="${id}"]');
      if (!row || !row.textContent.includes(${JSON.stringify(title)})) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const response = await fetch('/api/event/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'API-KEY': ${JSON.stringify(apiKey)} },
    body: JSON.stringify({ Id: ${JSON.stringify(id)}, Title: ${JSON.stringify(title)} }),
  });
  if (!response.ok) throw new Error('the rename answered ' + response.status + ' ' + (await response.text()));
  const answered = performance.now() - started;
  const at = await shown;
  const list = performance.getEntriesByType('resource').filter((e) => e.startTime > started && e.name.includes('/api/event/?')).at(-1);
  return { answered, shown: at, listSent: list ? list.startTime - started : null, listAnswered: list ? list.responseEnd - started : null };
})()`;

const middle = (values: number[]) => (values.length ? Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!) : null);

export async function measureChanges(options: { browser: Browser; address: string; key: string; log: (line: string) => void }): Promise<ChangeReport> {
  const { browser, address, key, log } = options;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB', timezoneId: 'UTC' });
  try {
    await context.addInitScript(storeKey(key));
    const page = await context.newPage();
    let window: string[] | null = null;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The rename is the bench's own request; the change feed is one long request.
      if (window && path.startsWith('/api/') && path !== '/api/changes' && request.method() === 'GET') window.push(path);
    });
    await page.goto(`${address}/events`);
    const firstRow = page.locator('[role="row"][data-id]').first();
    await firstRow.waitFor({ timeout: 60_000 });
    await page.locator('[data-live-state="live"]').first().waitFor({ timeout: 30_000 });
    // Let the first load's requests settle.
    await page.waitForTimeout(1_000);
    const id = (await firstRow.getAttribute('data-id'))!;

    const shown: number[] = [];
    const writes: number[] = [];
    const perChange: number[] = [];
    const sent: number[] = [];
    const answeredList: number[] = [];
    const requests: Record<string, number> = {};
    for (let i = 0; i < CHANGES; i++) {
      window = [];
      const { answered, shown: at, listSent, listAnswered } = (await page.evaluate(renameAndWait(id, `Renamed by the bench ${Date.now()}-${i}`, key))) as {
        answered: number;
        shown: number;
        listSent: number | null;
        listAnswered: number | null;
      };
      if (listSent !== null && listAnswered !== null) {
        sent.push(listSent - answered);
        answeredList.push(listAnswered - answered);
      }
      // Requests a change sets off may go on after the row shows (the counts): wait for them too.
      await page.waitForTimeout(700);
      writes.push(answered);
      shown.push(at - answered);
      perChange.push(window.length);
      for (const path of window) requests[path] = (requests[path] ?? 0) + 1;
      window = null;
    }
    const sorted = [...shown].sort((a, b) => a - b);
    const pick = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
    const report: ChangeReport = {
      changes: CHANGES,
      medianMs: pick(0.5),
      p90Ms: pick(0.9),
      maxMs: Math.round(sorted.at(-1)!),
      writeMedianMs: Math.round([...writes].sort((a, b) => a - b)[Math.floor(writes.length / 2)]!),
      requestsPerChange: [...perChange].sort((a, b) => a - b)[Math.floor(perChange.length / 2)]!,
      listRequestSentMs: middle(sent),
      listAnsweredMs: middle(answeredList),
      requests,
    };
    log(
      `  A change reaching the open events list (${CHANGES} renames): median ${report.medianMs} ms, p90 ${report.p90Ms} ms, worst ${report.maxMs} ms after the write's answer ` +
        `(the write ${report.writeMedianMs} ms; the list asked again after ${report.listRequestSentMs} ms, answered after ${report.listAnsweredMs} ms); ${report.requestsPerChange} requests per change (${Object.entries(requests).map(([p, n]) => `${p} ${n}`).join(', ')})`,
    );
    return report;
  } finally {
    await context.close();
  }
}
