/**
 * The billing view lives in the URL (`?period=custom&from=2026-03-01&to=2026-03-15&resolution=UHD`),
 * so a reload or a shared link shows the same figures. Parameters at their default are left out.
 *
 * Periods are whole days in UTC, as the service bills them: its default period is the calendar
 * month (UTC) of now, and GET /stats/billing takes `startPeriod` (inclusive) and `endPeriod`
 * (exclusive). A custom period names its first and last day, both included.
 *
 * Charts split the period into buckets (days, weeks, months or years, so there are never more
 * than a few dozen), one GET /stats/billing each: the service answers totals only.
 */
import { useCallback, useMemo } from 'react';
import { BillingResolution } from '#schema';
import { useUrlParams } from '#components/use-url-params.ts';

export const PERIOD_PRESETS = ['this-month', 'last-month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_LABELS: Record<PeriodPreset, string> = { 'this-month': 'This month', 'last-month': 'Last month', custom: 'Custom' };

export const RESOLUTIONS = BillingResolution.options;
/** What the service reports in usageForResolution when none is asked for. */
export const DEFAULT_RESOLUTION: BillingResolution = 'HD';

export const BILLING_DISPLAYS = ['charts', 'table'] as const;
export type BillingDisplay = (typeof BILLING_DISPLAYS)[number];

export interface BillingView {
  period: PeriodPreset;
  /** UTC days `YYYY-MM-DD`, both included; only for `custom` (null when not given or not a day). */
  from: string | null;
  to: string | null;
  resolution: BillingResolution;
  display: BillingDisplay;
}

export const DEFAULT_BILLING_VIEW: BillingView = { period: 'this-month', from: null, to: null, resolution: DEFAULT_RESOLUTION, display: 'charts' };

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A UTC day `YYYY-MM-DD` that exists in the calendar, else null. */
export function parseUtcDay(value: string | null | undefined): string | null {
  const match = value ? DAY_PATTERN.exec(value) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value! : null;
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC at the start of a day. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function parseBillingView(params: URLSearchParams): BillingView {
  const from = parseUtcDay(params.get('from'));
  const to = parseUtcDay(params.get('to'));
  const named = params.get('period');
  const period: PeriodPreset = (PERIOD_PRESETS as readonly string[]).includes(named ?? '')
    ? (named as PeriodPreset)
    : params.has('from') || params.has('to')
      ? 'custom'
      : 'this-month';
  const resolution = params.get('resolution')?.toUpperCase();
  return {
    period,
    from: period === 'custom' ? from : null,
    to: period === 'custom' ? to : null,
    resolution: RESOLUTIONS.find((r) => r === resolution) ?? DEFAULT_RESOLUTION,
    display: params.get('view') === 'table' ? 'table' : 'charts',
  };
}

/** Writes the view into a copy of `current`, leaving out defaults and keeping unknown parameters. */
export function writeBillingView(view: BillingView, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  set('period', view.period === 'this-month' ? null : view.period);
  set('from', view.period === 'custom' ? view.from : null);
  set('to', view.period === 'custom' ? view.to : null);
  set('resolution', view.resolution === DEFAULT_RESOLUTION ? null : view.resolution);
  set('view', view.display === 'charts' ? null : view.display);
  return next;
}

/** The view in the URL and a setter that pushes a history entry (Back undoes a change). */
export function useBillingView(): [BillingView, (patch: Partial<BillingView>) => void] {
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => parseBillingView(params), [params]);
  const update = useCallback(
    (patch: Partial<BillingView>) => setParams((current) => writeBillingView({ ...parseBillingView(current), ...patch }, current)),
    [setParams],
  );
  return [view, update];
}

export interface Period {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

function month(now: Date, offset: number): Period {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 1)),
  };
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; field: 'from' | 'to'; message: string };

/** The period a view asks for, or what is wrong with its custom days. */
export function resolvePeriod(view: Pick<BillingView, 'period' | 'from' | 'to'>, now: Date = new Date()): PeriodResult {
  if (view.period === 'this-month') return { ok: true, period: month(now, 0) };
  if (view.period === 'last-month') return { ok: true, period: month(now, -1) };
  if (!view.from) return { ok: false, field: 'from', message: 'Enter the first day of the period' };
  if (!view.to) return { ok: false, field: 'to', message: 'Enter the last day of the period' };
  if (view.to < view.from) return { ok: false, field: 'to', message: 'The last day must not be before the first day' };
  return { ok: true, period: { start: dayStart(view.from), end: new Date(dayStart(view.to).getTime() + DAY_MS) } };
}

/** The days a period covers, for a custom period that starts where another ends: first and last (inclusive). */
export function periodDays(period: Period): { from: string; to: string } {
  return { from: utcDay(period.start), to: utcDay(new Date(period.end.getTime() - DAY_MS)) };
}

/** The query of GET /stats/billing for a period and resolution. */
export function billingQuery(period: Period, resolution: BillingResolution) {
  return { startPeriod: period.start.toISOString(), endPeriod: period.end.toISOString(), resolution };
}

export type BucketUnit = 'day' | 'week' | 'month' | 'year';

export interface Bucket extends Period {
  /** Short axis label: "3 Mar", "w/c 2 Mar", "Mar 2026", "2026". */
  label: string;
  /** Not started yet (after now): shown on the axis, not asked for. */
  future: boolean;
}

/** Days up to which a period is drawn day by day; weeks, months and years beyond. */
const DAILY_UP_TO = 45;
const WEEKLY_UP_TO = 26 * 7;
const MONTHLY_UP_TO = 4 * 366;

export function bucketUnit(period: Period): BucketUnit {
  const days = (period.end.getTime() - period.start.getTime()) / DAY_MS;
  if (days <= DAILY_UP_TO) return 'day';
  if (days <= WEEKLY_UP_TO) return 'week';
  if (days <= MONTHLY_UP_TO) return 'month';
  return 'year';
}

const UNIT_NAMES: Record<BucketUnit, string> = { day: 'day', week: 'week', month: 'month', year: 'year' };
export const unitName = (unit: BucketUnit) => UNIT_NAMES[unit];

function nextBoundary(at: Date, unit: BucketUnit): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  switch (unit) {
    case 'day':
      return new Date(Date.UTC(y, m, d + 1));
    case 'week': {
      // Weeks start on Monday.
      const untilMonday = ((8 - at.getUTCDay()) % 7) || 7;
      return new Date(Date.UTC(y, m, d + untilMonday));
    }
    case 'month':
      return new Date(Date.UTC(y, m + 1, 1));
    case 'year':
      return new Date(Date.UTC(y + 1, 0, 1));
  }
}

const labelFormats: Record<BucketUnit, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  week: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  year: { year: 'numeric', timeZone: 'UTC' },
};

export function bucketLabel(start: Date, unit: BucketUnit, locale?: string): string {
  const text = new Intl.DateTimeFormat(locale, labelFormats[unit]).format(start);
  return unit === 'week' ? `w/c ${text}` : text;
}

/** The period cut into buckets of one unit (the first and last clipped to the period). */
export function periodBuckets(period: Period, now: Date = new Date(), locale?: string): { unit: BucketUnit; buckets: Bucket[] } {
  const unit = bucketUnit(period);
  const buckets: Bucket[] = [];
  let start = period.start;
  while (start < period.end) {
    const boundary = nextBoundary(start, unit);
    const end = boundary < period.end ? boundary : period.end;
    buckets.push({ start, end, label: bucketLabel(start, unit, locale), future: start >= now });
    start = end;
  }
  return { unit, buckets };
}

/** "1–31 Mar 2026" (en-GB), "Mar 1 – 31, 2026" (en-US): UTC days, both included, in the user's locale. */
export function describePeriod(period: Period, locale?: string): string {
  const { from, to } = periodDays(period);
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return from === to ? format.format(dayStart(from)) : format.formatRange(dayStart(from), dayStart(to));
}
