/**
 * Playout profiles: their DRM configuration (and the streaming formats the service derives from
 * it), expiry and captures. Adding and editing in a dialog with a captures picker.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import type { PlayoutProfile } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { editDeleteColumn } from '#components/edit-delete-column.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { sortRows } from '#components/whole-list.ts';
import { WholeListGrid } from '#components/whole-list-grid.tsx';
import { ProfileFormDialog } from './profile-form-dialog.tsx';

type ProfileSortField = 'id' | 'expiresIn';
const PROFILES_VIEW = definePagedView<ProfileSortField>({ pageSizes: [25, 50, 100], sortFields: ['id', 'expiresIn'], defaultSort: { field: 'id', direction: 'asc' } });
const SORT_VALUES = {
  id: (p: PlayoutProfile) => p.id,
  // Never expiring sorts after every expiry.
  expiresIn: (p: PlayoutProfile) => p.expiresIn ?? Number.MAX_SAFE_INTEGER,
} satisfies Record<ProfileSortField, (p: PlayoutProfile) => number | string>;

/** On a phone: the id, its streaming formats and the actions (the rest is in the profile's dialog). */
/** Without `configure` (a key that may not change them; the tab says why): no Edit or Delete. */
function profileColumns(onEdit: (p: PlayoutProfile) => void, onDelete: (p: PlayoutProfile) => void, configure: boolean): ServerGridColDef<PlayoutProfile>[] {
  const columns: ServerGridColDef<PlayoutProfile>[] = [
    { field: 'id', headerName: 'Id', flex: 1, minWidth: 130 },
    {
      field: 'streamingFormats',
      headerName: 'Streaming formats',
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row: p }) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center', height: '100%', py: 1 }} aria-label="Streaming formats">
          {p.streamingFormats.length === 0 ? <Chip size="small" color="warning" label="No format: a key without a license server" /> : p.streamingFormats.map((f) => <Chip key={f} size="small" label={f} variant="outlined" />)}
        </Stack>
      ),
    },
    { field: 'captures', headerName: 'Captures', flex: 1, minWidth: 140, sortable: false, hideBelow: 'sm', valueGetter: (_v, p) => (p.captures.length === 0 ? 'No captures' : p.captures.map((c) => c.captureId).join(', ')) },
    { field: 'expiresIn', headerName: 'Streams expire', width: 140, hideBelow: 'md', valueGetter: (_v, p) => (p.expiresIn === null ? 'Never' : `After ${p.expiresIn} s`) },
    { field: 'drm', headerName: 'DRM', width: 170, sortable: false, hideBelow: 'md', valueGetter: (_v, p) => drmSummary(p) },
  ];
  return configure ? [...columns, editDeleteColumn<PlayoutProfile>({ name: (p) => `the playout profile ${p.id}`, onEdit, onDelete })] : columns;
}

export function ProfilesTab() {
  const describeError = useDescribeError();
  const profiles = useQuery(api.archiverPlayoutProfile.list.queryOptions({ query: { onlyIds: false } }));
  const list = useMemo(() => ((profiles.data ?? []) as (PlayoutProfile | string)[]).filter((p): p is PlayoutProfile => typeof p !== 'string'), [profiles.data]);
  const [editing, setEditing] = useState<PlayoutProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlayoutProfile | null>(null);
  const remove = useMutation(api.archiverPlayoutProfile.delete.mutationOptions());
  const [view, , grid] = usePagedView(PROFILES_VIEW);
  const sorted = useMemo(() => sortRows(list, view.sort, SORT_VALUES), [list, view.sort]);
  const configure = useCan()(api.archiverPlayoutProfile.update);
  const columns = useMemo(() => profileColumns(setEditing, setDeleting, configure.allowed), [configure.allowed]);

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
            <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setEditing('new')}>
              Add a playout profile
            </Button>
          }
        />
      </Paper>
    );
  else
    content = (
      <WholeListGrid<PlayoutProfile, ProfileSortField>
        label="Playout profiles"
        rows={sorted}
        view={view}
        columns={columns}
        grid={grid}
        empty={<EmptyState title="No playout profiles on this page" />}
        highlighted={editing && editing !== 'new' ? [editing.id] : []}
        rowHeight="auto"
      />
    );

  return (
    <Box>
      <RoleNotice permission={configure}>Playout profiles are configuration: adding, editing and deleting them is for admin keys.</RoleNotice>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setEditing('new')}>
          Add playout profile
        </Button>
      </Stack>
      {content}
      <ProfileFormDialog open={editing !== null && configure.allowed} profile={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
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
  if (systems.length > 0) return systems.join(', ');
  return p.key ? 'Encrypted, no license server' : 'No DRM';
}
