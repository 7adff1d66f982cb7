/**
 * Billing: what the tenant used in a period, as GET /stats/billing computes it. The period
 * (this month, last month, or custom days, in UTC), the resolution shown in detail and the
 * chart/table choice are in the URL (billing-view.ts).
 *
 * The totals are the service's own answer for the whole period (one request per resolution, so
 * live minutes can be split by resolution); the charts ask the same operation for each day,
 * week or month of the period. A period that includes now refreshes every minute while the tab
 * is visible.
 */
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { Tooltip } from '#components/tooltip.tsx';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { BillingResolution, BillingStatistics } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useNow } from '#components/use-now.ts';
import { BillingCharts, BillingTable, type BucketFigures } from './billing-over-time.tsx';
import { BillingTotals } from './billing-totals.tsx';
import { billingQuery, describePeriod, periodBuckets, resolvePeriod, RESOLUTIONS, useBillingView, type Period, unitName } from './billing-view.ts';
import { HowItIsComputed } from './how-it-is-computed.tsx';
import { OverTime } from './over-time-section.tsx';
import { PeriodControls } from './period-controls.tsx';

/** A period that includes now changes while events are live; past periods do not. */
const LIVE_REFRESH_MS = 60_000;
const PAST_FRESH_MS = 5 * 60_000;

function freshness(period: Period, now: Date) {
  const current = period.start <= now && now < period.end;
  return current ? { refetchInterval: LIVE_REFRESH_MS, refetchIntervalInBackground: false } : { staleTime: PAST_FRESH_MS };
}

export default function BillingPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Billing');
  const [view, setView] = useBillingView();
  const now = useNow();
  const resolved = resolvePeriod(view, now);
  const period = resolved.ok ? resolved.period : null;
  const connectionDialog = useConnectionDialog();

  // The whole period, once per resolution: usageForResolution of each gives the split.
  const totals = useQueries({
    queries: RESOLUTIONS.map((resolution) => ({
      ...api.stats.billing.queryOptions({ query: period ? billingQuery(period, resolution) : { resolution } }),
      enabled: period !== null,
      ...(period ? freshness(period, now) : {}),
    })),
  });
  const byResolution = (r: BillingResolution) => totals[RESOLUTIONS.indexOf(r)]!;
  const main = byResolution(view.resolution);

  const { unit, buckets } = period ? periodBuckets(period, now) : { unit: 'day' as const, buckets: [] };
  const asked = buckets.filter((b) => !b.future);
  const perBucket = useQueries({
    queries: asked.map((bucket) => ({
      ...api.stats.billing.queryOptions({ query: billingQuery(bucket, view.resolution) }),
      ...freshness(bucket, now),
    })),
  });
  const rows: BucketFigures[] = buckets.map((bucket) => {
    const index = asked.indexOf(bucket);
    return { bucket, stats: index === -1 ? undefined : perBucket[index]?.data };
  });

  const all = [...totals, ...perBucket];
  const refresh = () => all.forEach((q) => void q.refetch());
  useHotkeys([
    { keys: 'r', description: 'Refresh the figures', group: 'Billing', run: refresh },
    { keys: 't', description: 'Show this month', group: 'Billing', run: () => setView({ period: 'this-month' }) },
    { keys: 'l', description: 'Show last month', group: 'Billing', run: () => setView({ period: 'last-month' }) },
  ]);
  const failed = all.find((q) => q.error)?.error;
  const described = failed ? describeError(failed) : undefined;
  const loadedBuckets = perBucket.filter((q) => q.data).length;
  const fetching = all.some((q) => q.isFetching);
  const started = period !== null && period.start < now;
  const includesNow = period !== null && period.start <= now && now < period.end;
  const minutesByResolution = Object.fromEntries(
    RESOLUTIONS.flatMap((r) => {
      const data = byResolution(r).data;
      return data ? [[r, data.live.usageForResolution.eventMinutes]] : [];
    }),
  ) as Partial<Record<BillingResolution, number>>;

  return (
    <Box sx={{ maxWidth: 1400, width: '100%' }}>
      <PageHeader
        title="Billing"
        subtitle={
          period ? (
            <>
              {describePeriod(period)} (UTC){includesNow ? ' · up to now, refreshed every minute' : ''}
            </>
          ) : (
            'Choose the period'
          )
        }
        actions={
          <Tooltip title="Refresh (r)">
            <span>
              <IconButton aria-label="Refresh the figures" onClick={refresh} disabled={!period}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />

      <PeriodControls view={view} onChange={setView} period={period} error={resolved.ok ? null : resolved} />

      <Box sx={{ height: 4, mb: 1 }}>{fetching && <LinearProgress aria-label="Loading the figures" />}</Box>

      {!period ? null : described && !main.data ? (
        <ErrorState
          title="Could not load the billing figures"
          message={described.message}
          detail={described.detail}
          actions={
            <>
              <Button variant="outlined" color="inherit" size="small" onClick={refresh}>
                Try again
              </Button>
              {isConnectionProblem(described.kind) && (
                <Button variant="outlined" color="inherit" size="small" onClick={() => connectionDialog.open()}>
                  Connection settings
                </Button>
              )}
            </>
          }
        />
      ) : (
        <>
          {described && (
            <Alert severity="warning" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={refresh}>Retry</Button>}>
              Some figures could not be loaded: {described.message}
            </Alert>
          )}
          <BillingTotals stats={main.data} resolution={view.resolution} minutesByResolution={minutesByResolution} />
          <OverTime
            view={view}
            onChange={setView}
            started={started}
            empty={main.data !== undefined && isEmpty(main.data)}
            loaded={loadedBuckets}
            expected={asked.length}
            unitText={unitName(unit)}
          >
            {view.display === 'table' ? (
              <BillingTable rows={rows} unit={unit} resolution={view.resolution} totals={main.data} />
            ) : (
              <BillingCharts rows={rows} unit={unit} resolution={view.resolution} totals={main.data} />
            )}
          </OverTime>
          <HowItIsComputed />
        </>
      )}
    </Box>
  );
}

function isEmpty(s: BillingStatistics): boolean {
  return (
    s.live.usage.eventMinutes === 0 &&
    s.live.usage.twentyFourSevenMinutes === 0 &&
    s.storage.totalBytes === 0 &&
    s.cdns.totalBytes === 0 &&
    s.drm.totalDrmLicenses === 0 &&
    s.vod.totalAssets + s.vodCompose.totalAssets + s.archiver.totalAssets === 0
  );
}
