/**
 * A new download from any events: pick an event (`?event=` in the URL), mark clips on its player,
 * pick another and mark more; the clips gather in one download (clip-draft.ts).
 */
import { isGuid } from '#schema';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { BackLink } from '#components/back-link.tsx';
import { EventPicker } from '#components/event-picker.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { ClipBuilder } from './clip-builder.tsx';


export default function NewDownloadPage() {
  useDocumentTitle('New download');
  const [params, setParams] = useUrlParams();
  const raw = params.get('event');
  const eventId = raw && isGuid(raw) ? raw : null;
  const event = useQuery({
    ...api.event.get.queryOptions({ params: { id: eventId ?? '' }, query: { processVideo: true, viewUnpublished: true } }),
    enabled: eventId !== null,
  });
  return (
    <>
      <BackLink to="/downloads" label="Downloads" />
      <PageHeader title="New download" subtitle="Mark clips on one event or several; they are stitched, in order, into one MP4 whose link is mailed." />
      <Box sx={{ maxWidth: 560, mb: 2 }}>
        <EventPicker
          label="Event to cut from"
          value={eventId}
          onChange={(id) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              if (id) next.set('event', id);
              else next.delete('event');
              return next;
            })
          }
        />
      </Box>
      <ClipBuilder event={event.data ?? null} />
    </>
  );
}
