/**
 * The player page the service's video structure links to (`webPageUrl`, `playerUrl`, the embed
 * codes: /events/{id}/player, see src/server/areas/live/video.ts). With `embed=true` it is the
 * bare player, for an iframe; without, it opens the event's Player tab in the dashboard.
 *
 * It reads the event through the dashboard's connection, so it plays where the dashboard can
 * reach the service with a key (the operator's browser, or a service that hands out a demo key).
 */
import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { StreamSource } from '#schema';
import { api } from '#app/api.ts';
import { useConnection } from '#app/connection-context.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { resolveBaseUrl } from '#app/connection.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { Player } from '#components/player.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { isEventId } from './event-query.ts';
import { isLive, isTransitional } from './event-transitions.ts';
import { absoluteUrl, playableHlsUrl } from './stream-urls.ts';

function Message({ children }: { children: string }) {
  return (
    <Box role="status" sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center', color: '#fff' }}>
      <Typography>{children}</Typography>
    </Box>
  );
}

function EmbeddedPlayer({ id }: { id: string }) {
  const [params] = useUrlParams();
  const connection = useConnection();
  const describeError = useDescribeError();
  const source = params.get('streamSource');
  const streamSource = source && (StreamSource.names as readonly string[]).includes(source) ? (source as (typeof StreamSource.names)[number]) : undefined;
  const query = useQuery({
    ...api.event.get.queryOptions({
      params: { id },
      query: { processVideo: true, viewUnpublished: params.get('viewUnpublished') === 'true', ...(streamSource ? { streamSource } : {}) },
    }),
    enabled: connection.ready && connection.apiKey !== null,
  });
  const event = query.data;
  useDocumentTitle(event?.title ?? 'Player');

  let content;
  if (!connection.ready) content = <CircularProgress aria-label="Connecting" sx={{ color: '#fff', m: 'auto' }} />;
  else if (connection.apiKey === null || query.error?.status === 401) content = <Message>This player cannot reach the service: it needs to be opened where the dashboard is connected.</Message>;
  else if (query.error) content = <Message>{`The event could not be loaded: ${describeError(query.error).message}`}</Message>;
  else if (event === undefined) content = <CircularProgress aria-label="Loading the event" sx={{ color: '#fff', m: 'auto' }} />;
  else if (event === null) content = <Message>This event does not exist.</Message>;
  else {
    const url = playableHlsUrl(event.video);
    content = (
      <Player
        fill
        src={url ? absoluteUrl(url, resolveBaseUrl(connection.baseUrl)) : null}
        live={isLive(event.state) || isTransitional(event.state)}
        title={event.title}
        empty={<Message>The stream has not started yet.</Message>}
      />
    );
  }
  return (
    <Box component="main" sx={{ position: 'fixed', inset: 0, bgcolor: '#000', display: 'flex' }}>
      {content}
    </Box>
  );
}

export default function EventPlayerPage() {
  const { id } = useParams();
  const [params] = useUrlParams();
  if (!isEventId(id)) return <Navigate to="/events" replace />;
  if (params.get('embed') !== 'true') return <Navigate to={`/events/${id}?tab=player`} replace />;
  return <EmbeddedPlayer id={id} />;
}
