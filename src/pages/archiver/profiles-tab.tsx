/**
 * Playout profiles: their DRM configuration (and the streaming formats the service derives from
 * it), expiry and captures. Adding and editing in a dialog with a captures picker.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import type { PlayoutProfile } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { ProfileFormDialog } from './profile-form-dialog.tsx';

export function ProfilesTab() {
  const describeError = useDescribeError();
  const profiles = useQuery(api.archiverPlayoutProfile.list.queryOptions({ query: { onlyIds: false } }));
  const list = ((profiles.data ?? []) as (PlayoutProfile | string)[]).filter((p): p is PlayoutProfile => typeof p !== 'string');
  const [editing, setEditing] = useState<PlayoutProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlayoutProfile | null>(null);
  const remove = useMutation(api.archiverPlayoutProfile.delete.mutationOptions());

  let content;
  if (profiles.error) content = <ErrorState title="Could not load the playout profiles" message={describeError(profiles.error).message} />;
  else if (profiles.isPending) content = <Skeleton variant="rounded" height={100} aria-label="Loading the playout profiles" />;
  else if (list.length === 0)
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<ShieldIcon />}
          title="No playout profiles"
          hint="A playout profile makes the content of its captures available as streams, with the DRM and expiry it sets."
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add a playout profile
            </Button>
          }
        />
      </Paper>
    );
  else
    content = (
      <Stack spacing={1.5}>
        {list.map((p) => (
          <Paper key={p.id} variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={`Playout profile ${p.id}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {p.id}
              </Typography>
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} aria-label="Streaming formats">
                {p.streamingFormats.length === 0 ? <Chip size="small" color="warning" label="No format: a key without a license server" /> : p.streamingFormats.map((f) => <Chip key={f} size="small" label={f} variant="outlined" />)}
              </Stack>
              <Stack direction="row">
                <Tooltip title="Edit">
                  <IconButton size="small" aria-label={`Edit the playout profile ${p.id}`} onClick={() => setEditing(p)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Delete">
                  <IconButton size="small" aria-label={`Delete the playout profile ${p.id}`} onClick={() => setDeleting(p)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {p.captures.length === 0 ? 'No captures' : `Captures: ${p.captures.map((c) => c.captureId).join(', ')}`} · {p.expiresIn === null ? 'Streams never expire' : `Streams expire after ${p.expiresIn} s`} ·{' '}
              {drmSummary(p)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add playout profile
        </Button>
      </Stack>
      {content}
      <ProfileFormDialog open={editing !== null} profile={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        record={deleting}
        title={(p) => `Delete the playout profile ${p.id}?`}
        confirmLabel="Delete profile"
        mutation={remove}
        deleted={(p) => `Deleted the playout profile ${p.id}`}
        onClose={() => setDeleting(null)}
      >
        Its streams stop playing and are deleted. The captures it lists stay, with their content.
      </DeleteDialog>
    </Box>
  );
}

function drmSummary(p: PlayoutProfile): string {
  const systems = [p.aesKey ? 'AES-128' : null, p.widevineLicenseUrl || p.widevineDrmData ? 'Widevine' : null, p.issLicenseUrl ? 'PlayReady' : null].filter(Boolean);
  if (systems.length > 0) return `DRM: ${systems.join(', ')}`;
  return p.key ? 'Encrypted, no license server' : 'No DRM';
}
