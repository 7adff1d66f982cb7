import { describe, expect, it } from 'vitest';
import { formatIssueRows, issueRows, type GoalInputs } from './goals.ts';

/** A service section as run.ts keeps it, with only the figures issue 27's table reads. */
function serviceReport(p99Ms: number, idleMb: number): NonNullable<GoalInputs['service']>['pglite'] {
  return {
    oneAtATime: { requests: 100, p50Ms: 7, p99Ms: 70 },
    mixed: { p99Ms, errors: 0, timeouts: 0 },
    restart: { startMs: 2000, idleMemoryMb: idleMb },
    goals: { noCacheListRatio: { value: 0.02, target: '>= 0.1 x bare', met: false }, cachedListRatio: { value: 0.6, target: '>= 0.5 x bare', met: true } },
  } as unknown as NonNullable<GoalInputs['service']>['pglite'];
}

describe("issue 27's table", () => {
  it('lists each measured row with the compared report beside it, and whether it meets its goal', () => {
    const before: GoalInputs = { service: { pglite: serviceReport(565, 335), postgres: { skipped: 'no database' } } };
    const now: GoalInputs = {
      service: { pglite: serviceReport(240, 260), postgres: { skipped: 'no database' } },
      scale: { pglite: { requests: {} } as never, postgres: { skipped: 'no database' }, growth: { pglite: { 'event list, one week': 1.2, 'event list, tag': 3.1, 'search, common word': 1.4, 'billing, this month': 9 } } },
    };
    const rows = issueRows(now, before);
    const row = (name: string) => rows.find((r) => r.row === name && r.database === 'PGlite');

    expect(row('50 connections x 60 s, p99 ms')).toMatchObject({ before: '565', now: '240', met: true });
    expect(row('idle RSS MB')).toMatchObject({ before: '335', now: '260', met: false });
    expect(row('uncached list, 10 connections, x bare')).toMatchObject({ now: '0.02', met: false });
    expect(row('date range 100k / 10k')).toMatchObject({ now: '1.2', met: true });
    // Billing is a report, not a list: only the tag filter is over 1.5 x.
    expect(row('list queries over 1.5 x at 100k / 10k')).toMatchObject({ now: '1', met: false });
    // A figure kept for the record has no goal of its own to meet.
    expect(row('uncached list, one at a time, p50 ms (10k)')).toMatchObject({ now: '7', met: null });
    // What this run did not measure is left out, not shown as missing.
    expect(rows.some((r) => r.database === 'PostgreSQL' || r.database === 'browser')).toBe(false);
    expect(formatIssueRows(rows)).toContain('NOT met');
  });
});
