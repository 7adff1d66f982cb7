/**
 * Destinations: every destination, of media syndication (/media/destination/: live and VOD
 * publications of events) and of direct publishing (/destination/: VOD publications of content
 * ids), in one list with its target's icon, whether it is active, and the
 * action its activation needs. Activating asks the target; when it needs the user (an
 * authorisation page on the platform), a dialog says so and opens the page, and the destination's
 * state updates by itself once the user has allowed. `?destination=<id>` shows one destination's
 * properties (an editable table) and its simulated faults; `?new=1` and `?edit=<id>` open the form.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import HubIcon from '@mui/icons-material/HubOutlined';
import type { ActivationResponse } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { notify } from '#app/notifications.tsx';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { TargetIcon } from '#pages/publications/index.ts';
import { ActivationDialog, ActiveChip } from './activation-dialog.tsx';
import { DestinationDetail } from './destination-detail.tsx';
import { fromDirect, type AnyDestination } from './destination-form.ts';
import { DestinationFormDialog } from './destination-form-dialog.tsx';
import { DestinationList } from './destination-list.tsx';

export default function DestinationsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Destinations');
  const [params, setParams] = useUrlParams();
  // Destinations are configuration: only an admin key adds, edits, activates or deletes them.
  const can = useCan();
  const configure = can(api.mediaDestination.update);
  const mediaList = useQuery(api.mediaDestination.list.queryOptions({}));
  const directList = useQuery(api.destination.list.queryOptions({}));
  const list = {
    error: mediaList.error ?? directList.error,
    isPending: mediaList.isPending || directList.isPending,
    data: mediaList.data && directList.data ? [...mediaList.data.map((d): AnyDestination => ({ ...d, api: 'media' })), ...directList.data.map(fromDirect)].sort((a, b) => a.name.localeCompare(b.name)) : undefined,
    refetch: () => Promise.all([mediaList.refetch(), directList.refetch()]),
  };
  const activateMedia = useMutation(api.mediaDestination.activate.mutationOptions());
  const activateDirect = useMutation(api.destination.activate.mutationOptions());
  const removeMedia = useMutation(api.mediaDestination.delete.mutationOptions());
  const removeDirect = useMutation(api.destination.delete.mutationOptions());
  const activate = { isPending: activateMedia.isPending || activateDirect.isPending };
  const [activation, setActivation] = useState<{ destination: AnyDestination; step: ActivationResponse } | null>(null);
  const [deleting, setDeleting] = useState<AnyDestination | null>(null);
  const remove = deleting?.api === 'direct' ? removeDirect : removeMedia;
  const selectedId = params.get('destination');
  const editing = params.get('edit');
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const destinations = list.data ?? [];
  const selected = destinations.find((d) => d.id === selectedId) ?? null;
  const editTarget = editing ? (destinations.find((d) => d.id === editing) ?? null) : null;

  const runActivate = (d: AnyDestination) =>
    (d.api === 'direct' ? activateDirect : activateMedia).mutate(
      { params: { id: d.id } },
      {
        onSuccess: (step) => {
          if (step.actionRequired) setActivation({ destination: d, step });
          else notify(`${d.name}: ${step.actionDescription ?? 'active'}`, { severity: 'success' });
        },
        onError: (e) => notify(describeError(e).message, { severity: 'error' }),
      },
    );

  let content;
  if (list.error) {
    content = <ErrorState title="Could not load the destinations" message={describeError(list.error).message} actions={<Button variant="contained" onClick={() => void list.refetch()}>Retry</Button>} />;
  } else if (list.isPending) {
    content = <Skeleton variant="rounded" height={160} />;
  } else if (destinations.length === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<HubIcon />}
          title="No destinations yet"
          hint="A destination is an account on a platform (a video site, a social network, your own RTMP server) that events are published to, live or on demand."
          action={<Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setParam('new', '1')}>Add a destination</Button>}
        />
      </Paper>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(560px, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
        <DestinationList
          destinations={destinations}
          selectedId={selectedId}
          activating={activate.isPending}
          onOpen={(d) => setParam('destination', d.id)}
          onActivate={runActivate}
          onEdit={(d) => setParam('edit', d.id)}
          canConfigure={configure.allowed}
          onDelete={setDeleting}
        />
        <Paper variant="outlined" sx={{ p: 2 }}>
          {selected ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                <TargetIcon target={selected.target} fontSize="medium" />
                <Typography variant="h2" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {selected.name}
                </Typography>
                <ActiveChip active={selected.active} />
                <Button size="small" disabled={!can(selected.api === 'direct' ? api.destination.activate : api.mediaDestination.activate).allowed} onClick={() => runActivate(selected)}>
                  {selected.active ? 'Check activation' : 'Activate'}
                </Button>
              </Box>
              <DestinationDetail destination={selected} />
            </>
          ) : (
            <EmptyState title="Pick a destination" hint="Its properties and simulated faults show here." />
          )}
        </Paper>
      </Box>
    );
  }

  return (
    <>
      <PageHeader
        title="Destinations"
        subtitle={list.data ? `${destinations.length} ${destinations.length === 1 ? 'destination' : 'destinations'}, ${destinations.filter((d) => d.active).length} active` : undefined}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setParam('new', '1')}>
            Add destination
          </Button>
        }
      />
      <RoleNotice permission={configure}>Destinations are configuration: adding, editing, activating and deleting them is for admin keys.</RoleNotice>
      {content}
      {configure.allowed && (params.get('new') !== null || editTarget) && (
        <DestinationFormDialog
          destination={editTarget}
          onClose={() => setParams((c) => { const n = new URLSearchParams(c); n.delete('new'); n.delete('edit'); return n; })}
          onSaved={(d) => setParams((c) => { const n = new URLSearchParams(c); n.delete('new'); n.delete('edit'); n.set('destination', d.id); return n; })}
        />
      )}
      {activation && <ActivationDialog destination={activation.destination} step={activation.step} onClose={() => { setActivation(null); void list.refetch(); }} />}
      <DeleteDialog
        record={deleting}
        title={(d) => `Delete ${d.name}?`}
        confirmLabel="Delete"
        mutation={remove}
        deleted={(d) => `Deleted ${d.name}`}
        onDeleted={(d) => selectedId === d.id && setParam('destination', null)}
        onClose={() => setDeleting(null)}
      >
        <Typography>Every publication to this destination is deleted with it, from Control Room. What was published on the platform stays there.</Typography>
      </DeleteDialog>
    </>
  );
}
