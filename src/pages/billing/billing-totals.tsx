/**
 * The period's totals as cards, one figure each, straight from GET /stats/billing: live
 * minutes (all, and by resolution), the chosen resolution in detail, 24/7 channel minutes,
 * simultaneous channels, storage, CDN delivery, DRM licences and assets created. Each card
 * says how the service computes its figure (the ⓘ next to its name).
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import type { BillingResolution, BillingStatistics } from '#schema';
import { count, formatDuration, formatMinutes, HOW } from './billing-figures.ts';
import { RESOLUTIONS } from './billing-view.ts';

export interface BillingTotalsProps {
  /** The period's figures with usageForResolution for the chosen resolution; undefined while loading. */
  stats: BillingStatistics | undefined;
  resolution: BillingResolution;
  /** Live minutes of each resolution (from one request per resolution); undefined while one loads. */
  minutesByResolution: Partial<Record<BillingResolution, number>>;
}

export function BillingTotals({ stats, resolution, minutesByResolution }: BillingTotalsProps) {
  const live = stats?.live;
  const chosen = live?.usageForResolution;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        mb: 3,
      }}
    >
      <FigureCard
        title="Live minutes"
        help={`${HOW.liveMinutes} ${HOW.resolution}`}
        value={live && formatMinutes(live.usage.eventMinutes)}
        unit="min"
        loading={!stats}
      >
        {live && (
          <>
            <Line>{formatDuration(live.usage.eventMinutes)} · {count(live.usage.eventsUsed, 'event', 'events')} on {count(live.usage.eventChannelsUsed, 'channel', 'channels')}</Line>
            {/* A dl may not carry a name (aria-label is prohibited on it): its terms say what each figure is. */}
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 1 }}>
              {RESOLUTIONS.map((r) => (
                <Box key={r} sx={{ display: 'contents', '& > *': { fontWeight: r === resolution ? 700 : 400 } }}>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                    {r}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                    {minutesByResolution[r] === undefined ? <Skeleton width={60} /> : `${formatMinutes(minutesByResolution[r])} min`}
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        )}
      </FigureCard>

      <FigureCard
        title={`${resolution} usage`}
        help={`The figures of ${resolution} events only (usageForResolution). ${HOW.resolution}`}
        value={chosen && formatMinutes(chosen.eventMinutes)}
        unit="min"
        loading={!stats}
      >
        {chosen && (
          <>
            <Line>{formatMinutes(chosen.eventTranscodeMinutes)} transcode minutes</Line>
            <Line>
              {count(chosen.eventsUsed, 'event', 'events')} on {count(chosen.eventChannelsUsed, 'channel', 'channels')}
            </Line>
          </>
        )}
      </FigureCard>

      <FigureCard
        title="24/7 channel minutes"
        help={HOW.twentyFourSeven}
        value={live && formatMinutes(live.usage.twentyFourSevenMinutes)}
        unit="min"
        loading={!stats}
      >
        {live && (
          <>
            <Line>{formatMinutes(live.usage.twentyFourSevenTranscodeMinutes)} transcode minutes</Line>
            <Line>{count(live.totalTwentyFourSevenChannels, '24/7 channel', '24/7 channels')}</Line>
          </>
        )}
      </FigureCard>

      <FigureCard title="Simultaneous channels" help={HOW.simultaneous} value={live && live.maxSimultaneousChannels.toLocaleString()} unit="at peak" loading={!stats}>
        {live && <Line>{count(live.totalEventChannels, 'event channel', 'event channels')} used in the period</Line>}
      </FigureCard>

      <FigureCard title="Storage" help={HOW.storage} value={stats?.storage.friendlyFormat} loading={!stats}>
        {stats && <Line>{count(stats.storage.totalBytes, 'byte', 'bytes')}</Line>}
      </FigureCard>

      <FigureCard title="CDN delivery" help={HOW.cdn} value={stats?.cdns.friendlyFormat} loading={!stats}>
        {stats && (
          <Line>
            {count(stats.cdns.totalBytes, 'byte', 'bytes')} · {stats.cdns.name}
          </Line>
        )}
      </FigureCard>

      <FigureCard title="DRM licences" help={HOW.drm} value={stats?.drm.totalDrmLicenses.toLocaleString()} loading={!stats} />

      <FigureCard
        title="Assets created"
        help={HOW.assets}
        value={stats && (stats.vod.totalAssets + stats.vodCompose.totalAssets + stats.archiver.totalAssets).toLocaleString()}
        loading={!stats}
      >
        {stats && (
          <>
            <Line>
              {count(stats.vod.totalAssets, 'VOD', 'VODs')} · {count(stats.vodCompose.totalAssets, 'compose', 'composes')} ·{' '}
              {count(stats.archiver.totalAssets, 'archiver capture', 'archiver captures')}
            </Line>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
              <Chip size="small" variant="outlined" label={stats.live.live2Vod ? 'Live to VOD used' : 'Live to VOD not used'} />
              <Chip size="small" variant="outlined" label={stats.live.mediaSyndication ? 'Media syndication used' : 'Media syndication not used'} />
            </Box>
          </>
        )}
      </FigureCard>
    </Box>
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

interface FigureCardProps {
  title: string;
  help: string;
  value: string | undefined;
  /** Beside the value, smaller: "min", "at most". */
  unit?: string;
  loading: boolean;
  children?: ReactNode;
}

/** One figure: a region named by its title, so assistive technology (and tests) can find it. */
export function FigureCard({ title, help, value, unit, loading, children }: FigureCardProps) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
        <Typography id={id} component="h2" variant="subtitle2" sx={{ color: 'text.secondary', flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <Tooltip title={help} describeChild slotProps={{ tooltip: { sx: { fontSize: 13, maxWidth: 360, lineHeight: 1.45 } } }}>
          <IconButton size="small" aria-label={`How ${title} is computed`} sx={{ my: -0.5, mr: -0.75 }}>
            <InfoIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {loading || value === undefined ? (
        <Skeleton variant="text" width="60%" sx={{ fontSize: 32 }} />
      ) : (
        <Typography component="p" data-testid="figure" sx={{ fontSize: 30, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {value}
          {unit && (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 0.75, fontWeight: 400 }}>
              {unit}
            </Typography>
          )}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
