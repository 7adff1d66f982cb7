/**
 * An operator who uses a screen reader, the keyboard or voice control, or works in dark mode,
 * can use every page: axe (WCAG 2.1 A/AA and best practices, plus the label-in-name rule voice
 * control depends on) finds nothing serious or critical on any page, in light and in dark.
 *
 * The pages come from the navigation as rendered, each event tab from the event page's tab
 * list, and the rest from e2e/pages-to-check.ts, so a page added on another branch is covered.
 * Every finding of every page is collected before the test fails, so one run lists them all.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { API_KEY, connect, expect, test, type Page } from './test.ts';
import { EXTRA_PAGES, type ExtraPage } from './pages-to-check.ts';

/** The findings of the last run, as JSON, beside the other test results. */
const reports = fileURLToPath(new URL('../test-results/axe/', import.meta.url));

/** Findings that block someone; moderate and minor ones are reported by axe but do not fail. */
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** The first offending elements' HTML, shortened. */
  html: string[];
}

async function firstId(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`/api${path}`, { headers: { 'API-KEY': API_KEY } });
  expect(response.ok(), `GET ${path}`).toBe(true);
  const text = await response.text();
  const body = (text ? JSON.parse(text) : []) as { results?: { id: string }[] } | { id: string }[];
  const list = Array.isArray(body) ? body : (body.results ?? []);
  expect(list.length, `${path} lists something to check`).toBeGreaterThan(0);
  return list[0]!.id;
}

/**
 * Waits until the page stopped loading (no skeleton, no grid loading overlay, no indeterminate
 * spinner), then a moment for transitions. Determinate progress bars (a live event's progress) stay.
 */
async function settle(page: Page) {
  const loading = page.locator('.MuiSkeleton-root:visible, .MuiDataGrid-overlay:visible .MuiCircularProgress-root, .MuiCircularProgress-indeterminate:not(.MuiChip-icon):visible, .MuiLinearProgress-indeterminate:visible');
  await expect(loading).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
}

async function check(page: Page, name: string, findings: Finding[]) {
  await settle(page);
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    // The HLS player's video element is the browser's own control.
    .exclude('video')
    .analyze();
  for (const violation of result.violations) {
    if (!BLOCKING.has(violation.impact ?? '')) continue;
    findings.push({
      page: name,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      html: violation.nodes.slice(0, 6).map((node) => node.html.slice(0, 240)),
      targets: violation.nodes.slice(0, 6).map((node) => `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n').slice(1, 2).join(' ').trim()}` : ''}`),
    });
  }
}

async function visit(page: Page, extra: ExtraPage, ids: Record<string, string>) {
  const url = extra.url.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? key);
  await page.goto(url);
  if (extra.ready) await expect(page.getByRole(extra.ready.role, { name: extra.ready.name }).first()).toBeVisible();
}

// Light and dark are the two longest tests of the suite and share nothing: one on each worker.
test.describe.configure({ mode: 'parallel' });

for (const scheme of ['light', 'dark'] as const) {
  test(`check every page with axe in ${scheme} mode: nothing serious or critical`, async ({ page }) => {
    // About forty pages, each loaded, settled and analysed: minutes on a busy machine.
    test.setTimeout(900_000);
    await connect(page);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const findings: Finding[] = [];
    // The demo tenant has no webhooks: one that calls nowhere gives the delivery log a page to show.
    const hooks = await page.request.get('/api/webhook/', { headers: { 'API-KEY': API_KEY } });
    if (hooks.status() === 204) {
      const created = await page.request.post('/api/webhook/', { headers: { 'API-KEY': API_KEY }, data: { webhookUrl: 'http://127.0.0.1:9/axe', useJsonBody: true } });
      expect(created.ok(), await created.text()).toBe(true);
    }
    const ids = { event: await firstId(page, '/event/?pageSize=1'), webhook: await firstId(page, '/webhook/') };

    await page.goto('/events');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    const areas = await nav.getByRole('link').evaluateAll((links) => links.map((a) => ({ name: a.textContent ?? '', url: a.getAttribute('href') ?? '' })));
    expect(areas.length).toBeGreaterThan(3);

    for (const area of areas) {
      await test.step(`area: ${area.name}`, async () => {
        await page.goto(area.url);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await check(page, area.name, findings);
      });
    }

    await test.step('configuration sections', async () => {
      await page.goto('/configuration');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const sections = await page
        .locator('a[href^="/configuration/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
      for (const href of sections) {
        await page.goto(href);
        await check(page, `configuration ${href}`, findings);
      }
    });

    await test.step('event page, every tab', async () => {
      await page.goto(`/events/${ids.event}`);
      const tabs = page.getByRole('tablist').first().getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      const count = await tabs.count();
      for (let i = 0; i < count; i += 1) {
        const tab = tabs.nth(i);
        const name = (await tab.innerText()).trim();
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await check(page, `event page, tab ${name}`, findings);
      }
    });

    for (const extra of EXTRA_PAGES) {
      await test.step(extra.name, async () => {
        await visit(page, extra, ids);
        await check(page, extra.name, findings);
      });
    }

    await test.step('global search, open with results', async () => {
      await page.goto('/events');
      await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.keyboard.type('a');
      await page.waitForTimeout(800);
      await check(page, 'global search', findings);
      await page.keyboard.press('Escape');
    });

    await test.step('connection dialog', async () => {
      await page.getByRole('button', { name: 'Connection settings', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Connection settings' })).toBeVisible();
      await check(page, 'connection dialog', findings);
    });

    mkdirSync(reports, { recursive: true });
    writeFileSync(`${reports}axe-${scheme}.json`, JSON.stringify(findings, null, 2));
    const report = findings.map((f) => `${f.page}: ${f.impact} ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`).join('\n');
    expect(findings, `axe findings in ${scheme} mode:\n${report}`).toEqual([]);
  });
}
