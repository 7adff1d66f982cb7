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
import { useState, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BarChartIcon from '@mui/icons-material/BarChart';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import type { BillingResolution, BillingStatistics } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useNow } from '#components/use-now.ts';
import { HOW } from './billing-figures.ts';
import { BillingCharts, BillingTable, type BucketFigures } from './billing-over-time.tsx';
import { BillingTotals } from './billing-totals.tsx';
import {
  billingQuery,
  describePeriod,
  PERIOD_LABELS,
  PERIOD_PRESETS,
  periodBuckets,
  periodDays,
  resolvePeriod,
  RESOLUTIONS,
  useBillingView,
  type BillingView,
  type Period,
  type PeriodPreset,
  unitName,
} from './billing-view.ts';

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

interface OverTimeSectionProps {
  view: BillingView;
  onChange: (patch: Partial<BillingView>) => void;
  started: boolean;
  empty: boolean;
  loaded: number;
  expected: number;
  unitText: string;
  children: ReactNode;
}

function OverTime({ view, onChange, started, empty, loaded, expected, unitText, children }: OverTimeSectionProps) {
  const complete = loaded === expected;
  return (
    <Box component="section" aria-labelledby="billing-over-time" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id="billing-over-time" variant="h2" sx={{ flex: 1, minWidth: 0 }}>
          Over the period, by {unitText}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.display}
          onChange={(_e, display: BillingView['display'] | null) => display && onChange({ display })}
          aria-label="Show as"
        >
          <ToggleButton value="charts" aria-label="Charts">
            <BarChartIcon fontSize="small" sx={{ mr: 0.5 }} />
            Charts
          </ToggleButton>
          <ToggleButton value="table" aria-label="Table">
            <TableRowsIcon fontSize="small" sx={{ mr: 0.5 }} />
            Table
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {HOW.buckets}
      </Typography>
      {!started ? (
        <Paper variant="outlined">
          <EmptyState icon={<EventBusyIcon />} title="This period has not started yet" hint="Figures appear here as the period goes by." />
        </Paper>
      ) : empty ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<EventBusyIcon />}
            title="Nothing was used in this period"
            hint="No event was live, no asset was created and nothing was delivered. Choose another period to see its figures."
            action={
              view.period !== 'last-month' ? (
                <Button variant="outlined" size="small" onClick={() => onChange({ period: 'last-month' })}>
                  Show last month
                </Button>
              ) : undefined
            }
          />
        </Paper>
      ) : !complete ? (
        <Paper variant="outlined" sx={{ p: 3 }} role="status">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            Loading {loaded} of {expected} {expected === 1 ? unitText : `${unitText}s`}…
          </Typography>
          <LinearProgress variant="determinate" value={expected === 0 ? 100 : (loaded / expected) * 100} aria-label="Loading the figures over time" />
        </Paper>
      ) : (
        children
      )}
    </Box>
  );
}

interface PeriodControlsProps {
  view: BillingView;
  onChange: (patch: Partial<BillingView>) => void;
  period: Period | null;
  error: { field: 'from' | 'to'; message: string } | null;
}

function PeriodControls({ view, onChange, period, error }: PeriodControlsProps) {
  const choosePeriod = (next: PeriodPreset | null) => {
    if (!next || next === view.period) return;
    // Custom starts from the period on screen, so the operator adjusts rather than starts over.
    if (next === 'custom' && period) onChange({ period: 'custom', ...periodDays(period) });
    else onChange({ period: next });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
      <Box>
        <Typography id="billing-period-label" variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
          Period
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={view.period} onChange={(_e, v: PeriodPreset | null) => choosePeriod(v)} aria-labelledby="billing-period-label">
          {PERIOD_PRESETS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ px: 1.5 }}>
              {PERIOD_LABELS[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {view.period === 'custom' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: { xs: 0, sm: 2.25 }, flex: { xs: '1 1 100%', sm: '0 1 auto' }, minWidth: 0 }}>
          <DayField label="First day" value={view.from} error={error?.field === 'from' ? error.message : null} onCommit={(from) => onChange({ from })} />
          <DayField label="Last day" value={view.to} error={error?.field === 'to' ? error.message : null} onCommit={(to) => onChange({ to })} />
        </Box>
      )}
      <Box>
        <Typography id="billing-resolution-label" variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
          Resolution
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.resolution}
          onChange={(_e, resolution: BillingResolution | null) => resolution && onChange({ resolution })}
          aria-labelledby="billing-resolution-label"
        >
          {RESOLUTIONS.map((r) => (
            <ToggleButton key={r} value={r} sx={{ px: 1.5 }}>
              {r}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 280px', alignSelf: 'center' }}>
        {HOW.period}
      </Typography>
    </Paper>
  );
}

/**
 * A UTC day. The browser's date field reports a value only once a whole valid day is typed or
 * picked; that value goes to the URL. A field left empty says what it needs.
 */
function DayField({ label, value, error, onCommit }: { label: string; value: string | null; error: string | null; onCommit: (day: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  // A change of the URL from elsewhere (Back, a preset) shows in the field.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <TextField
      type="date"
      size="small"
      label={`${label} (UTC)`}
      value={text}
      error={error !== null}
      helperText={error ?? ' '}
      onChange={(event) => {
        setText(event.target.value);
        onCommit(event.target.value === '' ? null : event.target.value);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: 'auto', sm: 180 }, flex: { xs: '1 1 150px', sm: '0 0 auto' }, minWidth: 0 }}
    />
  );
}

function HowItIsComputed() {
  const items: [string, string][] = [
    ['Period', HOW.period],
    ['Live minutes', `${HOW.liveMinutes} ${HOW.resolution}`],
    ['24/7 channel minutes', HOW.twentyFourSeven],
    ['Simultaneous channels', HOW.simultaneous],
    ['Storage', HOW.storage],
    ['CDN delivery', HOW.cdn],
    ['DRM licences', HOW.drm],
    ['Assets created', HOW.assets],
  ];
  return (
    <Box component="details" sx={{ mb: 2, '& summary': { cursor: 'pointer', fontWeight: 600, py: 1 } }}>
      <Box component="summary">How these figures are computed</Box>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1 }}>
        {items.map(([term, text]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary', mb: { xs: 1, sm: 0 } }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
