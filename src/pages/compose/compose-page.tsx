/**
 * The playlist editor's route: `/compose/new?type=standard|encoder` starts a new composition
 * (without a type it asks which), `/compose/:eventId` opens the playlist of a composition event.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlaylistRemoveIcon from '@mui/icons-material/PlaylistRemoveOutlined';
import { isGuid } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { api } from '#app/api.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { BackLink } from '#components/back-link.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { ComposeEditor } from './compose-editor.tsx';
import { useCompositionEvent } from './composition-status.tsx';
import { compositionKindOf, documentFromService, emptyDocument, type CompositionKind, type PlaylistDocument } from './playlist-document.ts';
import { KIND_DESCRIPTION, KIND_FIXED, KIND_LABEL } from './playlist-settings.tsx';
import type { LoadedVersions } from './use-compose-conflict.ts';

function BackToPlaylists() {
  return <BackLink to="/compose" label="Playlists" />;
}

function ChooseKind() {
  useDocumentTitle('New composition');
  return (
    <>
      <BackToPlaylists />
      <Typography variant="h1">New composition</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2, maxWidth: 720 }}>
        Choose what to make. {KIND_FIXED}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, maxWidth: 880 }}>
        {(['standard', 'encoder'] as const).map((kind) => (
          <Card key={kind} variant="outlined">
            <CardActionArea component={RouterLink} to={`/compose/new?type=${kind}`} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {KIND_LABEL[kind]}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {KIND_DESCRIPTION[kind]}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}

const NOTHING_LOADED: LoadedVersions = {};

function NewComposition({ kind}: { kind: CompositionKind }) {
  useDocumentTitle(`New ${KIND_LABEL[kind].toLowerCase()}`);
  const initial = useMemo(() => emptyDocument(), []);
  return <ComposeEditor key={`new-${kind}`} kind={kind} initial={initial} loaded={NOTHING_LOADED} event={null} />;
}

function EditorSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the playlist">
      <Skeleton variant="text" width={90} />
      <Skeleton variant="text" width="50%" height={44} />
      <Skeleton variant="rounded" height={48} sx={{ my: 2 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '300px 1fr' }, gap: 2 }}>
        <Skeleton variant="rounded" height={420} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    </Box>
  );
}

function ExistingComposition({ eventId}: { eventId: string }) {
  const describeError = useDescribeError();
  const connectionDialog = useConnectionDialog();
  const eventQuery = useCompositionEvent(eventId);
  // The playlist is read once: the editor owns it from then on (a refetch would not replace edits).
  const playlistQuery = useQuery({ ...api.compose.get.queryOptions({ params: { eventId } }), staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
  const event = eventQuery.data;
  useDocumentTitle(event ? `Playlist: ${event.title || 'Untitled'}` : 'Playlist');
  const playlist = playlistQuery.data;
  const kind = event ? compositionKindOf(event, playlist) : 'standard';
  // Built once, when both have arrived: refreshes of the event must not reset the editor.
  // With the versions it was built from: what the first save is based on (If-Match).
  const [initial, setInitial] = useState<{ doc: PlaylistDocument; versions: LoadedVersions } | null>(null);
  if (!initial && playlist && event) setInitial({ doc: documentFromService(playlist, event), versions: { playlist: playlist.version, event: event.version } });

  const error = eventQuery.error ?? (playlistQuery.error && playlistQuery.error.status !== 404 && playlistQuery.error.status !== 400 ? playlistQuery.error : null);
  if (error && !event) {
    const described = describeError(error);
    return (
      <>
        <BackToPlaylists />
        <ErrorState
          title="Could not load the playlist"
          message={described.message}
          detail={described.detail}
          actions={
            <>
              <Button variant="contained" onClick={() => void Promise.all([eventQuery.refetch(), playlistQuery.refetch()])}>
                Retry
              </Button>
              {isConnectionProblem(described.kind) && <Button onClick={() => connectionDialog.open()}>Connection settings</Button>}
            </>
          }
        />
      </>
    );
  }
  if (event === null || (playlistQuery.error && (playlistQuery.error.status === 404 || playlistQuery.error.status === 400))) {
    return (
      <>
        <BackToPlaylists />
        <EmptyState
          icon={<PlaylistRemoveIcon />}
          titleAs="h1"
          title={event === null ? 'This event does not exist' : 'This event has no playlist'}
          hint={
            event === null ? (
              <>
                There is no event <code>{eventId}</code> for this account.
              </>
            ) : (
              `‘${event?.title ?? ''}’ is not a composition. Create a new composition, or clone a playlist to it from another composition’s event page.`
            )
          }
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
              <Button variant="contained" component={RouterLink} to="/compose/new">
                New composition
              </Button>
              {event && (
                <Button component={RouterLink} to={`/events/${eventId}`}>
                  Open the event
                </Button>
              )}
            </Box>
          }
        />
      </>
    );
  }
  if (!event || !playlist || !initial) return <EditorSkeleton />;
  return <ComposeEditor key={eventId} kind={kind} initial={initial.doc} loaded={initial.versions} event={event} />;
}

export default function ComposePage() {
  const { eventId } = useParams();
  const [params] = useUrlParams();
  if (eventId === undefined || eventId === 'new') {
    const type = params.get('type');
    if (type === 'standard' || type === 'encoder') return <NewComposition kind={type} />;
    return <ChooseKind />;
  }
  if (!isGuid(eventId)) {
    return (
      <>
        <BackToPlaylists />
        <EmptyState icon={<PlaylistRemoveIcon />} titleAs="h1" title="This is not an event id" hint={<code>{eventId}</code>} />
      </>
    );
  }
  return <ExistingComposition eventId={eventId} />;
}
