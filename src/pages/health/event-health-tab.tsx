/**
 * The event page's Health tab (`?tab=health`): how the event's encoder is doing, live. Its status
 * and fault (with what it means for viewers), the figures of the last sample (ingest against what
 * is expected, frame rate, frames dropped in the window, publishing points up), two small charts
 * of the last 30 minutes (ingest; frame rate and dropped frames), the fault episodes in that
 * window, and each publishing point. Refreshed every sample while the event streams. The
 * simulated encoder's faults can be switched on here (the simulated world's control).
 */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Event, EventHealth } from '#schema';
import { api } from '#app/api.ts';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ErrorState } from '#components/error-state.tsx';
import { formatTimeOfDay } from '#components/format-time.ts';
import { LineChart } from '#components/lazy-parts.tsx';
import { FAULT_WORDS, faultEpisodes, STATUS_WORDS } from './health-words.ts';
import { FaultSwitch } from './fault-switch.tsx';
import { PointsTable } from './points-table.tsx';

const WINDOW_MINUTES = 30;
const CHART_HEIGHT = 180;

function Figure({ label, value, note, tone }: { label: string; value: string; note?: string; tone?: 'error' | 'warning' }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontSize: { xs: '1.1rem', sm: undefined }, color: tone ? `${tone}.main` : undefined }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}

function Charts({ health }: { health: EventHealth }) {
  const theme = useTheme();
  const times = health.samples.map((s) => new Date(s.at));
  // Minutes tell apart the ticks of half an hour; a few minutes of samples need the seconds.
  const short = times.length > 1 && times.at(-1)!.getTime() - times[0]!.getTime() < 15 * 60_000;
  const xAxis = [{ data: times, scaleType: 'time' as const, valueFormatter: (d: Date) => (short ? formatTimeOfDay(d, undefined, true) : formatTimeOfDay(d)) }];
  const common = { height: CHART_HEIGHT, xAxis, margin: { left: 8, right: 12, top: 28, bottom: 8 }, skipAnimation: true };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }} role="figure" aria-label={`Ingest bitrate over the last ${WINDOW_MINUTES} minutes`}>
        <Typography variant="subtitle2" component="h3">
          Ingest bitrate, kbit/s
        </Typography>
        <LineChart
          {...common}
          yAxis={[{ width: 52, min: 0 }]}
          series={[{ data: health.samples.map((s) => s.ingestKbps), label: 'Ingest', area: true, showMark: false, color: theme.palette.primary.main }]}
          hideLegend
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }} role="figure" aria-label={`Frame rate and dropped frames over the last ${WINDOW_MINUTES} minutes`}>
        <Typography variant="subtitle2" component="h3">
          Frame rate and dropped frames
        </Typography>
        <LineChart
          {...common}
          yAxis={[{ width: 40, min: 0 }]}
          series={[
            { data: health.samples.map((s) => s.frameRate), label: 'Frames/s', showMark: false, color: theme.palette.success.main },
            { data: health.samples.map((s) => s.droppedFrames), label: 'Dropped', showMark: false, color: theme.palette.error.main },
          ]}
        />
      </Paper>
    </Box>
  );
}

export function EventHealthTab({ event }: { event: Event }) {
  const describe = useDescribeError();
  const health = useQuery({
    ...api.encoderHealth.get.queryOptions({ params: { id: event.id }, query: { minutes: WINDOW_MINUTES } }),
    // A new sample every few seconds while the event streams: what the tab is for.
    refetchInterval: (q) => (q.state.data?.live ? q.state.data.sampleSeconds * 1000 : false),
    retry: false,
  });
  if (health.error) return <ErrorState title="Could not load the encoder’s health" message={describe.action(health.error, 'encoderHealth.get')} />;
  const data = health.data;
  if (!data) return <Typography sx={{ color: 'text.secondary', p: 2 }}>Loading the encoder’s health…</Typography>;

  const latest = data.samples.at(-1);
  const status = STATUS_WORDS[data.status];
  const dropped = data.samples.reduce((sum, s) => sum + s.droppedFrames, 0);
  const pointsUp = latest ? latest.points.filter((p) => p.healthy).length : 0;
  const episodes = faultEpisodes(data.samples);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-health-status={data.status}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h2" component="h2">
          Encoder health
        </Typography>
        <Chip label={status.label} color={status.colour} size="small" />
        <Box sx={{ flex: 1 }} />
        <FaultSwitch eventId={event.id} fault={data.fault} disabled={!data.live} />
      </Box>
      {data.fault && (
        <Alert severity={data.status === 'down' ? 'error' : 'warning'}>
          <AlertTitle>
            {FAULT_WORDS[data.fault].label} since {data.faultSince ? formatTimeOfDay(new Date(data.faultSince)) : 'a moment ago'}
          </AlertTitle>
          {FAULT_WORDS[data.fault].means}
        </Alert>
      )}
      {!data.live && (
        <Alert severity="info">
          The encoder reports while the event is live.{data.samples.length > 0 ? ' Below: what it reported in the last 30 minutes.' : ' Nothing was reported in the last 30 minutes.'}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        <Figure label="Ingest" value={latest ? `${latest.ingestKbps.toLocaleString()} kbit/s` : '—'} note={`Expected about ${data.expected.kbps.toLocaleString()}`} tone={latest && latest.ingestKbps < data.expected.kbps / 2 ? 'error' : undefined} />
        <Figure label="Frame rate" value={latest ? `${latest.frameRate} fps` : '—'} note={`Expected ${data.expected.frameRate}`} tone={latest && latest.frameRate < data.expected.frameRate * 0.9 ? 'warning' : undefined} />
        <Figure label="Dropped frames" value={dropped.toLocaleString()} note={`In the last ${WINDOW_MINUTES} minutes`} tone={dropped > 50 ? 'warning' : undefined} />
        <Figure label="Publishing points" value={latest ? `${pointsUp} of ${latest.points.length} up` : '—'} tone={latest && pointsUp < latest.points.length ? 'error' : undefined} />
      </Box>
      {data.samples.length > 1 && <Charts health={data} />}
      {episodes.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" component="h3">
            Faults in the last {WINDOW_MINUTES} minutes
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Fault episodes">
            {episodes.map((e) => (
              <li key={e.from}>
                {FAULT_WORDS[e.fault].label}: {formatTimeOfDay(new Date(e.from))}–{e.until ? formatTimeOfDay(new Date(e.until)) : 'now'}
              </li>
            ))}
          </Box>
        </Paper>
      )}
      {latest && <PointsTable points={latest.points} />}
    </Box>
  );
}
