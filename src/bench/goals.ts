/**
 * The goals a bench section checks, and issue 27's table: every row of the issue, its figure
 * when the issue was filed ("issue's before"), the figure of an earlier report (`--compare`), this
 * run's, the goal and whether it is met, per database. Printed at the end of `npm run bench` and
 * kept in the report, so one run per database answers "before and after, beside the floor".
 */
import type { BrowserReport } from './browser.ts';
import type { LiveReport } from './live.ts';
import type { MemoryReport } from './memory.ts';
import type { PlaylistEditorReport } from './playlist-editor.ts';
import type { ScaleReport } from './scale.ts';
import type { ServiceReport } from './service.ts';
import type { WritesReport } from './writes.ts';
import type { BundleReport } from './bundle.ts';

export interface Goal {
  value: number | null;
  target: string;
  met: boolean | null;
}

/** A goal from a measured value (null: not measured) and the test of the target. */
export function goal(value: number | null, target: string, met: (value: number) => boolean): Goal {
  return { value, target, met: value === null ? null : met(value) };
}

export function formatGoals(goals: Record<string, Goal>): string[] {
  return Object.entries(goals).map(([name, g]) => `  goal ${name}: ${g.value} (target ${g.target}) ${g.met === null ? '?' : g.met ? 'met' : 'NOT met'}`);
}

type PerDatabase<T> = { pglite: T; postgres: T | { skipped: string } };

/** The parts of a bench report issue 27's table reads (run.ts's Report). */
export interface GoalInputs {
  service?: PerDatabase<ServiceReport>;
  scale?: PerDatabase<ScaleReport> & { growth?: Record<string, Record<string, number>> };
  browser?: BrowserReport;
  playlist?: PlaylistEditorReport;
  writes?: PerDatabase<WritesReport>;
  memory?: PerDatabase<MemoryReport>;
  live?: LiveReport;
  bundle?: BundleReport;
}

export interface IssueRow {
  row: string;
  database: 'PGlite' | 'PostgreSQL' | 'browser';
  issueBefore: string;
  before: string | null;
  now: string | null;
  target: string;
  met: boolean | null;
}

const DATABASES = [
  ['pglite', 'PGlite'],
  ['postgres', 'PostgreSQL'],
] as const;

function measured<T>(section: PerDatabase<T> | undefined, driver: 'pglite' | 'postgres'): T | undefined {
  const value = section?.[driver];
  return value && !(typeof value === 'object' && 'skipped' in value) ? (value as T) : undefined;
}

/** The list queries of the scale bench (billing is a report, not a list). */
const isListQuery = (name: string) => name.startsWith('event list') || name.startsWith('search');

/**
 * One line per figure of issue 27 (database rows once per database). `pick` reads a figure from a
 * report, so the same code gives this run's value and the earlier report's.
 */
function rowsOf(): { row: string; database: IssueRow['database']; issueBefore: string; target: string; pick: (r: GoalInputs) => number | null; met: (v: number) => boolean }[] {
  const perDatabase = DATABASES.flatMap(([driver, database]) => {
    const pglite = driver === 'pglite';
    const service = (r: GoalInputs) => measured(r.service, driver);
    const growth = (r: GoalInputs) => Object.entries(r.scale?.growth?.[driver] ?? {}).filter(([name]) => isListQuery(name));
    const growthOf = (r: GoalInputs, match: (name: string) => boolean) => {
      const ratios = growth(r).filter(([name]) => match(name)).map(([, ratio]) => ratio);
      return ratios.length ? Math.max(...ratios) : null;
    };
    return [
      { row: 'uncached list, one at a time, p50 ms (10k)', issueBefore: pglite ? '34' : '20', target: 'report', pick: (r: GoalInputs) => service(r)?.oneAtATime.p50Ms ?? null, met: () => true },
      { row: 'uncached list, 10 connections, x bare', issueBefore: '0.006', target: '>= 0.1', pick: (r: GoalInputs) => service(r)?.goals.noCacheListRatio?.value ?? null, met: (v: number) => v >= 0.1 },
      { row: 'cached list, 10 connections, x bare', issueBefore: '-', target: '>= 0.5', pick: (r: GoalInputs) => service(r)?.goals.cachedListRatio?.value ?? null, met: (v: number) => v >= 0.5 },
      { row: '50 connections x 60 s, p99 ms', issueBefore: pglite ? '1700-2300' : '1700-2700', target: '<= 250', pick: (r: GoalInputs) => service(r)?.mixed.p99Ms ?? null, met: (v: number) => v <= 250 },
      { row: '50 connections x 60 s, errors + timeouts', issueBefore: '-', target: '0', pick: (r: GoalInputs) => { const m = service(r)?.mixed; return m ? m.errors + m.timeouts : null; }, met: (v: number) => v === 0 },
      { row: 'idle RSS MB', issueBefore: pglite ? '332-550' : '-', target: '<= 250', pick: (r: GoalInputs) => measured(r.memory, driver)?.idleMb ?? service(r)?.restart.idleMemoryMb ?? null, met: (v: number) => v <= 250 },
      { row: 'RSS after the load run over idle, MB', issueBefore: pglite ? '+394 (513 -> 907)' : '-', target: '<= 50', pick: (r: GoalInputs) => measured(r.memory, driver)?.goals.afterLoadOverIdleMb?.value ?? null, met: (v: number) => v <= 50 },
      { row: 'date range 100k / 10k', issueBefore: '5.4-6', target: '<= 1.5', pick: (r: GoalInputs) => growthOf(r, (n) => n.includes('week')), met: (v: number) => v <= 1.5 },
      { row: 'search 100k / 10k (worst)', issueBefore: '6.6-9.6', target: '<= 1.5', pick: (r: GoalInputs) => growthOf(r, (n) => n.startsWith('search') || n.includes('search')), met: (v: number) => v <= 1.5 },
      { row: 'list queries over 1.5 x at 100k / 10k', issueBefore: '-', target: '0', pick: (r: GoalInputs) => (growth(r).length ? growth(r).filter(([, ratio]) => ratio > 1.5).length : null), met: (v: number) => v === 0 },
      { row: 'page 50, p50 ms (100k)', issueBefore: '87-104', target: 'report', pick: (r: GoalInputs) => measured(r.scale, driver)?.requests['event list, page 50']?.['100000']?.p50Ms ?? null, met: () => true },
      { row: 'updates/s through the API', issueBefore: '100', target: '>= 500 or ratio >= 0.8', pick: (r: GoalInputs) => measured(r.writes, driver)?.updates.perSecond ?? null, met: (v: number) => v >= 500 },
      { row: 'updates, ratio to the direct transaction', issueBefore: '0.57', target: '>= 0.8', pick: (r: GoalInputs) => measured(r.writes, driver)?.ratio ?? null, met: (v: number) => v >= 0.8 },
      { row: '1,000 events imported, ms', issueBefore: '8000', target: '<= 5000', pick: (r: GoalInputs) => measured(r.writes, driver)?.bulkImport?.totalMs ?? null, met: (v: number) => v <= 5000 },
    ].map((row) => ({ ...row, database }));
  });
  const browser = [
    { row: 'events list first row, x the floor page', issueBefore: '5.7-9.5 (3.2-5.3 s / 0.37-0.56 s)', target: '<= 1.5', pick: (r: GoalInputs) => r.browser?.goals.eventsFirstRowOverFloor?.value ?? null, met: (v: number) => v <= 1.5 },
    { row: 'longest task before the first row, ms', issueBefore: '575-886', target: '<= 100', pick: (r: GoalInputs) => r.browser?.goals.eventsLongestTaskBeforeFirstRowMs?.value ?? null, met: (v: number) => v <= 100 },
    { row: 'events route JS, brotli x the bare page', issueBefore: '3.11', target: '<= 1.5', pick: (r: GoalInputs) => r.bundle?.goals.eventsRouteOverBare?.value ?? null, met: (v: number) => v <= 1.5 },
    { row: '500-item keyboard drag, longest task ms', issueBefore: '134-400', target: '<= 50', pick: (r: GoalInputs) => r.playlist?.keyboardDrag.longestTaskMs ?? null, met: (v: number) => v <= 50 },
    { row: '500-item keyboard drag, frames p95 ms', issueBefore: '33-67', target: '<= 20', pick: (r: GoalInputs) => r.playlist?.keyboardDrag.frames.p95Ms ?? null, met: (v: number) => v <= 20 },
    { row: '500-item mouse drag, longest task ms', issueBefore: '-', target: '<= 50', pick: (r: GoalInputs) => r.playlist?.mouseDrag.longestTaskMs ?? null, met: (v: number) => v <= 50 },
    { row: 'a change reaching the open events list, median ms', issueBefore: '810', target: '<= 300', pick: (r: GoalInputs) => r.live?.pages['Event (events list)']?.medianMs ?? r.browser?.change?.medianMs ?? null, met: (v: number) => v <= 300 },
  ].map((row) => ({ ...row, database: 'browser' as const }));
  return [...perDatabase, ...browser];
}

/** Issue 27's rows this run measured, with the earlier report's figure where it has one. */
export function issueRows(report: GoalInputs, before?: GoalInputs): IssueRow[] {
  const text = (value: number | null) => (value === null ? null : String(value));
  return rowsOf()
    .map(({ pick, met, ...row }) => {
      const now = pick(report);
      return { ...row, before: before ? text(pick(before)) : null, now: text(now), met: now === null || row.target === 'report' ? null : met(now) };
    })
    .filter((row) => row.now !== null);
}

export function formatIssueRows(rows: IssueRow[]): string {
  if (!rows.length) return '';
  const header = ['row', 'database', "issue's before", 'compared report', 'now', 'goal', 'met'];
  const cells = rows.map((r) => [r.row, r.database, r.issueBefore, r.before ?? '-', r.now ?? '-', r.target, r.met === null ? '' : r.met ? 'met' : 'NOT met']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return ['\nIssue 27, row by row:', line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}
