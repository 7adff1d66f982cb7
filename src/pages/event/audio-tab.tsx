/**
 * The Audio tab: the event's channel profile, the audio inputs its encoder starts with. An
 * editable list of inputs (language, audio channel, enabled), created when the event has no
 * profile; copied from another event; deleted after a confirmation.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { AudioInputsEditor, audioDrafts } from './audio/audio-inputs-editor.tsx';
import { CloneProfileDialog } from './audio/clone-profile-dialog.tsx';
import { languageLabel } from './audio/languages.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';

export function AudioTab({ event }: { event: Event }) {
  const describeError = useDescribeError();
  const profile = useQuery(api.channelProfile.getForEvent.queryOptions({ params: { id: event.id }, query: {} }));
  // An event without a profile shows the editor once the operator starts one (or has a draft of one).
  const [adding, setAdding] = useState(() => audioDrafts.get(event.id)?.profileId === null);
  const [cloning, setCloning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Bumped to start the editor afresh from the service's profile (after a copy or a deletion).
  const [generation, setGeneration] = useState(0);
  const remove = useMutation(api.channelProfile.deleteForEvent.mutationOptions());
  const write = useCan()(api.channelProfile.upsertForEvent);
  const title = event.title || 'Untitled event';

  // The copy's or the deletion's `invalidates` has brought the new profile by now.
  const reload = () => {
    audioDrafts.set(event.id, undefined);
    setAdding(false);
    setGeneration((g) => g + 1);
  };

  let body;
  if (profile.isError) {
    const described = describeError(profile.error);
    body = (
      <ErrorState
        title="Could not load the channel profile"
        message={described.message}
        detail={described.detail}
        actions={
          <Button variant="contained" onClick={() => void profile.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (profile.isPending) {
    body = (
      <Box aria-busy="true" aria-label="Loading the audio inputs" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={64} />
      </Box>
    );
  } else if (profile.data === null && !adding) {
    body = (
      <EmptyState
        icon={<GraphicEqIcon />}
        title="No channel profile"
        titleAs="p"
        hint="Without one the encoder starts with its default audio. Add audio inputs to set a language per audio channel, or copy them from another event."
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => setAdding(true)} disabled={!write.allowed}>
              Add an audio input
            </Button>
            <Button startIcon={<ContentCopyIcon />} onClick={() => setCloning(true)} disabled={!write.allowed}>
              Copy from another event
            </Button>
          </Box>
        }
      />
    );
  } else {
    body = (
      <AudioInputsEditor
        key={`${profile.data?.id ?? 'new'}:${generation}`}
        event={event}
        profile={profile.data}
        startWithRow={profile.data === null}
        onCancelNew={() => setAdding(false)}
      />
    );
  }

  const current = profile.data ?? null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="audio-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography variant="h2" id="audio-title">
            Audio inputs
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            The event’s channel profile: the languages its encoder carries, one per audio channel. Each language and each audio channel can be used once.
          </Typography>
        </Box>
        {current && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<ContentCopyIcon />} onClick={() => setCloning(true)} disabled={!write.allowed}>
              Copy from another event
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)} disabled={!write.allowed}>
              Delete profile
            </Button>
          </Box>
        )}
      </Box>
      <RoleNotice permission={write} />
      {body}

      <CloneProfileDialog
        open={cloning}
        event={event}
        current={current}
        unsaved={audioDrafts.get(event.id) !== undefined}
        onClose={() => setCloning(false)}
        onCloned={(_saved, source) => {
          setCloning(false);
          reload();
          notify(`Copied the audio inputs of ‘${source.title || 'Untitled event'}’ to ‘${title}’.`, { severity: 'success' });
        }}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete the channel profile?"
        confirmLabel="Delete profile"
        destructive
        mutation={remove}
        onClose={() => {
          setDeleting(false);
        }}
        onConfirm={() =>
          remove.mutate(
            { params: { id: event.id } },
            {
              onSuccess: () => {
                setDeleting(false);
                reload();
                notify(`Deleted the channel profile of ‘${title}’.`, { severity: 'success' });
              },
            },
          )
        }
      >
        <p>
          ‘{title}’ loses its {current?.audioInputs.length === 1 ? 'audio input' : `${current?.audioInputs.length ?? 0} audio inputs`}
          {current && current.audioInputs.length > 0 ? ` (${current.audioInputs.map((i) => languageLabel(i.languageCode)).join(', ')})` : ''}: its encoder
          starts with its default audio from then on.
        </p>
        {audioDrafts.get(event.id) && <p>Your unsaved changes to the inputs are discarded too.</p>}
      </ConfirmDialog>
    </Paper>
  );
}
