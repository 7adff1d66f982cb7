import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatMinutes } from './billing-figures.ts';
import { billingQuery, parseBillingView, periodBuckets, resolvePeriod, writeBillingView, type BillingView } from './billing-view.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
const iso = (d: Date) => d.toISOString();

describe('the billing view in the URL', () => {
  it('reads the defaults from an empty query string and writes nothing for them', () => {
    const view = parseBillingView(new URLSearchParams());
    expect(view).toEqual({ period: 'this-month', from: null, to: null, resolution: 'HD', display: 'charts' });
    expect(writeBillingView(view).toString()).toBe('');
  });

  it('round-trips a custom period, a resolution and the table, keeping parameters it does not know', () => {
    const view: BillingView = { period: 'custom', from: '2026-03-01', to: '2026-03-15', resolution: 'UHD', display: 'table' };
    const written = writeBillingView(view, new URLSearchParams('x=1'));
    expect(written.toString()).toBe('x=1&period=custom&from=2026-03-01&to=2026-03-15&resolution=UHD&view=table');
    expect(parseBillingView(written)).toEqual(view);
  });

  it('takes days alone as a custom period, and ignores what it cannot read', () => {
    expect(parseBillingView(new URLSearchParams('from=2026-02-01&to=2026-02-28'))).toMatchObject({ period: 'custom', from: '2026-02-01', to: '2026-02-28' });
    expect(parseBillingView(new URLSearchParams('period=custom&from=2026-02-30&resolution=4k&view=pie'))).toEqual({
      period: 'custom',
      from: null,
      to: null,
      resolution: 'HD',
      display: 'charts',
    });
    expect(parseBillingView(new URLSearchParams('resolution=uhd')).resolution).toBe('UHD');
    // A preset drops the custom days.
    expect(writeBillingView({ ...parseBillingView(new URLSearchParams('from=2026-02-01&to=2026-02-28')), period: 'last-month' }).toString()).toBe('period=last-month');
  });
});

describe('billing periods (UTC days)', () => {
  it('gives this month and last month as whole UTC months, the end excluded', () => {
    const march = resolvePeriod({ period: 'this-month', from: null, to: null }, NOW);
    expect(march.ok && [iso(march.period.start), iso(march.period.end)]).toEqual(['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    const january = resolvePeriod({ period: 'last-month', from: null, to: null }, new Date('2026-02-01T00:30:00Z'));
    expect(january.ok && [iso(january.period.start), iso(january.period.end)]).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    const december = resolvePeriod({ period: 'last-month', from: null, to: null }, new Date('2026-01-15T00:00:00Z'));
    expect(december.ok && iso(december.period.start)).toBe('2025-12-01T00:00:00.000Z');
  });

  it('includes both days of a custom period, and says what is missing or backwards', () => {
    const custom = resolvePeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-10' }, NOW);
    expect(custom.ok && billingQuery(custom.period, 'SD')).toEqual({
      startPeriod: '2026-03-10T00:00:00.000Z',
      endPeriod: '2026-03-11T00:00:00.000Z',
      resolution: 'SD',
    });
    expect(resolvePeriod({ period: 'custom', from: null, to: '2026-03-10' }, NOW)).toEqual({ ok: false, field: 'from', message: 'Enter the first day of the period' });
    expect(resolvePeriod({ period: 'custom', from: '2026-03-10', to: null }, NOW)).toMatchObject({ ok: false, field: 'to' });
    expect(resolvePeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-09' }, NOW)).toEqual({
      ok: false,
      field: 'to',
      message: 'The last day must not be before the first day',
    });
  });

  it('cuts a month into days, marking those not started yet', () => {
    const march = resolvePeriod({ period: 'this-month', from: null, to: null }, NOW);
    if (!march.ok) throw new Error('expected a period');
    const { unit, buckets } = periodBuckets(march.period, NOW, 'en-GB');
    expect(unit).toBe('day');
    expect(buckets).toHaveLength(31);
    expect(buckets[0]!.label).toBe('1 Mar');
    // The 20th has started (it is noon); the 21st has not.
    expect(buckets.filter((b) => !b.future)).toHaveLength(20);
    expect(buckets.every((b, i) => i === 0 || b.start.getTime() === buckets[i - 1]!.end.getTime())).toBe(true);
  });

  it('uses weeks (from Monday, clipped to the period), months and years for longer periods', () => {
    const quarter = resolvePeriod({ period: 'custom', from: '2026-01-01', to: '2026-03-31' }, NOW);
    if (!quarter.ok) throw new Error('expected a period');
    const weeks = periodBuckets(quarter.period, NOW, 'en-GB');
    expect(weeks.unit).toBe('week');
    // Thursday 1 January to Monday 5 January, then whole weeks; the last one ends with the period.
    expect([iso(weeks.buckets[0]!.start), iso(weeks.buckets[0]!.end)]).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-05T00:00:00.000Z']);
    expect(weeks.buckets[1]!.label).toBe('w/c 5 Jan');
    expect(iso(weeks.buckets.at(-1)!.end)).toBe('2026-04-01T00:00:00.000Z');
    expect(weeks.buckets).toHaveLength(14);

    const year = resolvePeriod({ period: 'custom', from: '2025-04-15', to: '2026-03-31' }, NOW);
    if (!year.ok) throw new Error('expected a period');
    const months = periodBuckets(year.period, NOW, 'en-GB');
    expect(months.unit).toBe('month');
    expect(months.buckets.map((b) => b.label).slice(0, 2)).toEqual(['Apr 2025', 'May 2025']);
    expect(months.buckets).toHaveLength(12);

    const decade = resolvePeriod({ period: 'custom', from: '2020-01-01', to: '2026-12-31' }, NOW);
    if (!decade.ok) throw new Error('expected a period');
    expect(periodBuckets(decade.period, NOW).unit).toBe('year');
    expect(periodBuckets(decade.period, NOW).buckets).toHaveLength(7);
  });
});

describe('billing figures as text', () => {
  it('writes minutes, durations and bytes as operators read them', () => {
    expect(formatMinutes(1234.567, 'en-GB')).toBe('1,234.57');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(1234.4)).toBe('20 h 34 min');
    expect(formatBytes(0, 'en-GB')).toBe('0 B');
    expect(formatBytes(1234, 'en-GB')).toBe('1.2 KB');
    expect(formatBytes(999_960, 'en-GB')).toBe('1.0 MB');
    expect(formatBytes(38_500_000_000, 'en-GB')).toBe('38.5 GB');
  });
});
