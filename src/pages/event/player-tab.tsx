import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LiveTvIcon from '@mui/icons-material/LiveTvOutlined';
import { EventState, type Event } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { Player } from '#components/player.tsx';
import { isLive, isTransitional } from './event-transitions.ts';
import { absoluteUrl, playableHlsUrl } from './stream-urls.ts';

function emptyHint(event: Event): { title: string; hint: string } {
  const name = EventState.nameOf(event.state);
  if (name === 'LIVE_STARTING') return { title: 'The encoder is starting', hint: 'The stream appears here as soon as it is live; this page updates by itself.' };
  if (name === 'PRE_LIVE') return { title: 'Nothing to play yet', hint: 'Start the event to get a live stream.' };
  if (name === 'LIVE_STOPPING') return { title: 'The encoder is stopping', hint: 'The recording appears here once the event rests as an instant VOD.' };
  if (name === 'PRE_VOD' || name === 'VOD_INGESTING') return { title: 'Nothing to play yet', hint: 'The video appears here once its content has been ingested.' };
  return { title: 'Nothing to play', hint: 'The service gives no HLS stream for this event in its current state.' };
}

/** The stream of the event as players get it now (its current-state HLS URL). */
export function PlayerTab({ event}: { event: Event }) {
  const serviceUrl = useServiceUrl();
  const url = playableHlsUrl(event.video);
  const src = url ? absoluteUrl(url, serviceUrl) : null;
  const empty = emptyHint(event);
  return (
    // As wide as fits, but never taller than the window leaves room for under the header.
    <Box sx={{ width: { xs: '100%', md: 'min(100%, 960px, max(480px, calc((100dvh - 390px) * 16 / 9)))' } }}>
      <Player
        src={src}
        live={isLive(event.state) || isTransitional(event.state)}
        title={event.title}
        empty={
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', aspectRatio: { sm: '16 / 9' } }}>
            <EmptyState icon={<LiveTvIcon />} title={empty.title} hint={empty.hint} titleAs="h2" />
          </Box>
        }
      />
      {src && (
        <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Playing {src}
        </Typography>
      )}
    </Box>
  );
}
