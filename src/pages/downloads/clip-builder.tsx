/**
 * The clip builder for one event: its player with in/out marking beside the download being put
 * together. The event page's Downloads tab and the New download page (any event) show it.
 */
import Box from '@mui/material/Box';
import LiveTvIcon from '@mui/icons-material/LiveTvOutlined';
import type { Event } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { absoluteUrl, playableHlsUrl } from '#pages/event/index.ts';
import { ClipMarker } from './clip-marker.tsx';
import { DownloadBuilder } from './download-builder.tsx';

export function ClipBuilder({ event}: { event: Event | null }) {
  const serviceUrl = useServiceUrl();
  const url = event ? playableHlsUrl(event.video) : null;
  const src = url ? absoluteUrl(url, serviceUrl) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(340px, 2fr)' }, alignItems: 'start' }}>
      <Box>
        {event ? (
          <ClipMarker
            // A new event starts with no marks.
            key={event.id}
            eventId={event.id}
            eventTitle={event.title || 'Untitled event'}
            src={src}
            empty={
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', aspectRatio: { sm: '16 / 9' } }}>
                <EmptyState icon={<LiveTvIcon />} title="Nothing to cut yet" hint="Clips come from an event’s recording or VOD: once it has one, it plays here." titleAs="h2" />
              </Box>
            }
          />
        ) : (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', aspectRatio: { sm: '16 / 9' } }}>
            <EmptyState icon={<LiveTvIcon />} title="Pick an event" hint="Choose the event to cut clips from; its player appears here." titleAs="h2" />
          </Box>
        )}
      </Box>
      <DownloadBuilder />
    </Box>
  );
}
