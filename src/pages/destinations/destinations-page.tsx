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
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HubIcon from '@mui/icons-material/HubOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { applyServerErrors } from '#components/form/server-errors.ts';
import { DestinationTarget, type ActivationResponse, type Destination } from '#schema';
import { useDescribeError, useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { TargetIcon, TargetLabel, targetName } from '#pages/publications/index.ts';
import {
  DestinationFormSchema,
  destinationToValues,
  newDestinationValues,
  destinationServerErrors,
  TARGET_CONFIG_FIELDS,
  valuesToBody,
  type DestinationApi,
  type DestinationFormValues,
  type AnyDestination,
} from './destination-form.ts';

/** A direct destination in the shape the page lists. */
function fromDirect(d: Destination): AnyDestination {
  return { id: d.id, name: d.name, target: d.target, configJson: d.configJson, active: d.active, api: 'direct' };
}

const API_LABEL: Record<DestinationApi, string> = { media: 'Syndication', direct: 'Direct' };

/** The simulated targets' faults (src/server/sim/targets.ts), switched with the property simulation/faults. */
const FAULTS: { id: string; label: string }[] = [
  { id: 'notAuthorised', label: 'Refuses the authorisation' },
  { id: 'uploadFailed', label: 'Uploads fail at 60 %' },
  { id: 'streamRejected', label: 'Rejects live streams' },
  { id: 'itemRemoved', label: 'Removes what was published' },
  { id: 'unreachable', label: 'Does not answer' },
  { id: 'slow', label: 'Five times slower' },
];

function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Needs activation'} color={active ? 'success' : 'warning'} variant={active ? 'filled' : 'outlined'} />;
}

/** The authorisation URL in an activation answer, resolved against the service the dashboard talks to. */
function authoriseUrl(step: ActivationResponse, serviceUrl: string): string | null {
  const match = /(https?:\/\/\S+|\/api\/\S+)/.exec(step.actionDescription ?? '');
  if (!match) return null;
  const path = match[1]!;
  if (/^https?:/.test(path)) return path;
  const origin = new URL(serviceUrl, window.location.href).origin;
  return `${origin}${path}`;
}

function ActivationDialog({ destination, step, onClose }: { destination: AnyDestination; step: ActivationResponse; onClose: () => void }) {
  const serviceUrl = useServiceUrl();
  // Watch the destination while the user authorises in the other window.
  const direct = destination.api === 'direct';
  const media = useQuery({ ...api.mediaDestination.get.queryOptions({ params: { id: destination.id } }), refetchInterval: 2_000, enabled: !direct });
  const own = useQuery({ ...api.destination.get.queryOptions({ params: { id: destination.id } }), refetchInterval: 2_000, enabled: direct });
  const current = direct ? own : media;
  const url = authoriseUrl(step, serviceUrl);
  const active = current.data?.active ?? destination.active;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{active ? `${destination.name} is active` : (step.actionTitle ?? 'Activate the destination')}</DialogTitle>
      <DialogContent>
        {active ? (
          <Alert severity="success">{targetName(destination.target)} accepts publications from this destination.</Alert>
        ) : (
          <Stack spacing={2}>
            <Typography>{step.actionDescription}</Typography>
            {url && (
              <Button variant="contained" startIcon={<OpenIcon />} href={url} target="_blank" rel="noopener" sx={{ alignSelf: 'flex-start' }}>
                Open the authorisation page
              </Button>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              This dialog notices the activation by itself once you have allowed it.
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{active ? 'Done' : 'Close'}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DestinationFormDialog({ destination, onClose, onSaved }: { destination: AnyDestination | null; onClose: () => void; onSaved: (d: AnyDestination) => void }) {
  const describeError = useDescribeError();
  const form = useForm<DestinationFormValues>({
    resolver: zodResolver(DestinationFormSchema) as unknown as Resolver<DestinationFormValues>,
    defaultValues: destination ? destinationToValues(destination) : newDestinationValues(),
  });
  const target = useWatch({ control: form.control, name: 'target' });
  const kind = useWatch({ control: form.control, name: 'api' });
  const create = useMutation(api.mediaDestination.create.mutationOptions());
  const update = useMutation(api.mediaDestination.update.mutationOptions());
  const createDirect = useMutation(api.destination.create.mutationOptions());
  const updateDirect = useMutation(api.destination.update.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const body = valuesToBody(values);
      let saved: AnyDestination;
      if (values.api === 'direct') {
        const direct = { name: body.name, target: String(body.target), configJson: body.destinationJson ?? '{}' };
        saved = fromDirect(
          destination ? await updateDirect.mutateAsync({ params: { id: destination.id }, body: { ...direct, active: destination.active } }) : await createDirect.mutateAsync({ body: direct }),
        );
      } else {
        saved = { ...(destination ? await update.mutateAsync({ params: { id: destination.id }, body }) : await create.mutateAsync({ body })), api: 'media' };
      }
      notify(destination ? 'Destination saved' : 'Destination added: activate it before publishing to it', { severity: 'success' });
      onSaved(saved);
    } catch (error) {
      const result = applyServerErrors(form, error, { map: destinationServerErrors });
      if (!result.handled) setProblem(describeError(error).message);
      else if (result.other.length > 0) setProblem(result.other.join('; '));
    }
  });
  const retarget = destination !== null && target !== (DestinationTarget.nameOf(destination.target) ?? '');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogTitle>{destination ? `Edit ${destination.name}` : 'Add a destination'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <FormTextField control={form.control} name="name" label="Name" required autoFocus />
          <TextField
            select
            label="Used for"
            value={kind}
            disabled={destination !== null}
            onChange={(e) => form.setValue('api', e.target.value as DestinationApi, { shouldDirty: true })}
            helperText={
              kind === 'direct'
                ? 'Direct publishing: VOD publications of content ids, with guided forms (regions, categories, playlists).'
                : 'Syndication: live and VOD publications of events.'
            }
          >
            <MenuItem value="media">Syndication (live and VOD of events)</MenuItem>
            <MenuItem value="direct">Direct publishing (VOD by content id)</MenuItem>
          </TextField>
          <TextField
            select
            label="Target"
            value={target}
            onChange={(e) => form.setValue('target', e.target.value, { shouldDirty: true })}
            helperText={retarget ? 'Another target is another account: the destination must be activated again.' : undefined}
          >
            {DestinationTarget.names.map((n) => (
              <MenuItem key={n} value={n}>
                <TargetLabel target={DestinationTarget.values[n]} />
              </MenuItem>
            ))}
          </TextField>
          {(TARGET_CONFIG_FIELDS[target] ?? []).map((f) => (
            <FormTextField key={`${target}-${f.key}`} control={form.control} name={`fields.${f.key}`} label={f.label} helperText={f.help} />
          ))}
          <FormTextField
            control={form.control}
            name="rawJson"
            label="More configuration (JSON)"
            multiline
            minRows={3}
            helperText="Other keys of destinationJson, for experts"
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {destination ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
      </form>
    </Dialog>
  );
}

function PropertyRow({ p, onSave, onDelete }: { p: { id: string; category: string; key: string; value: string }; onSave: (value: string) => void; onDelete: () => void }) {
  const [value, setValue] = useState(p.value);
  return (
    <TableRow>
      <TableCell>{p.category}</TableCell>
      <TableCell>{p.key}</TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && value !== p.value && onSave(value)}
          slotProps={{ htmlInput: { 'aria-label': `Value of ${p.category}/${p.key}` } }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', width: 1 }}>
        <Button size="small" disabled={value === p.value} onClick={() => onSave(value)}>
          Save
        </Button>
        <IconButton size="small" aria-label={`Delete ${p.category}/${p.key}`} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

function DestinationDetail({ destination }: { destination: AnyDestination }) {
  const describeError = useDescribeError();
  const props = useQuery(api.mediaDestinationProperty.list.queryOptions({ params: { destinationId: destination.id } }));
  const upsert = useMutation(api.mediaDestinationProperty.upsert.mutationOptions());
  const remove = useMutation(api.mediaDestinationProperty.delete.mutationOptions());
  const [draft, setDraft] = useState({ category: '', key: '', value: '' });
  const save = (p: { id?: string; category: string; key: string; value: string }) =>
    upsert.mutate(
      { body: { ...(p.id ? { id: p.id } : {}), destinationId: destination.id, category: p.category, key: p.key, value: p.value } },
      { onError: (e) => notify(describeError(e).message, { severity: 'error' }), onSuccess: () => notify('Property saved', { severity: 'success' }) },
    );
  const faultsProp = props.data?.find((p) => p.category === 'simulation' && p.key === 'faults');
  const faults = new Set((faultsProp?.value ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const toggleFault = (id: string) => {
    const next = new Set(faults);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    save({ ...(faultsProp ? { id: faultsProp.id } : {}), category: 'simulation', key: 'faults', value: [...next].join(',') });
  };
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          Properties
        </Typography>
        {props.error ? (
          <Alert severity="error">{describeError(props.error).message}</Alert>
        ) : !props.data ? (
          <Skeleton variant="rounded" height={80} />
        ) : (
          <Table size="small" aria-label={`Properties of ${destination.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Category</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Value</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {props.data.map((p) => (
                <PropertyRow key={`${p.id}:${p.value}`} p={p} onSave={(value) => save({ ...p, value })} onDelete={() => remove.mutate({ params: { id: p.id } })} />
              ))}
              <TableRow>
                <TableCell>
                  <TextField size="small" placeholder="category" value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })} slotProps={{ htmlInput: { 'aria-label': 'New property category' } }} />
                </TableCell>
                <TableCell>
                  <TextField size="small" placeholder="key" value={draft.key} onChange={(e) => setDraft({ ...draft, key: e.target.value })} slotProps={{ htmlInput: { 'aria-label': 'New property key' } }} />
                </TableCell>
                <TableCell>
                  <TextField size="small" fullWidth placeholder="value" value={draft.value} onChange={(e) => setDraft({ ...draft, value: e.target.value })} slotProps={{ htmlInput: { 'aria-label': 'New property value' } }} />
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    disabled={!draft.category.trim() || !draft.key.trim()}
                    onClick={() => {
                      save(draft);
                      setDraft({ category: '', key: '', value: '' });
                    }}
                  >
                    Add
                  </Button>
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
          Simulated faults
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          For tests and demos: the simulated {targetName(destination.target)} fails this way. Stored as the property simulation / faults.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {FAULTS.map((f) => (
            <FormControlLabel key={f.id} control={<Checkbox checked={faults.has(f.id)} onChange={() => toggleFault(f.id)} disabled={!props.data} />} label={f.label} />
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

export default function DestinationsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Destinations');
  const [params, setParams] = useUrlParams();
  const mediaList = useQuery({ ...api.mediaDestination.list.queryOptions({}), refetchInterval: 10_000 });
  const directList = useQuery({ ...api.destination.list.queryOptions({}), refetchInterval: 10_000 });
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
          action={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setParam('new', '1')}>Add a destination</Button>}
        />
      </Paper>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(320px, 5fr) minmax(0, 7fr)' }, gap: 2, alignItems: 'start' }}>
        <Paper variant="outlined">
          <List aria-label="Destinations" disablePadding>
            {destinations.map((d) => (
              <ListItem
                key={d.id}
                divider
                disablePadding
                secondaryAction={
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {!d.active && (
                      <Button size="small" variant="outlined" onClick={() => runActivate(d)} disabled={activate.isPending}>
                        Activate
                      </Button>
                    )}
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${d.name}`} onClick={() => setParam('edit', d.id)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
              >
                <ListItemButton selected={d.id === selectedId} onClick={() => setParam('destination', d.id)} sx={{ '&&': { pr: d.active ? 12 : 24 } }}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <TargetIcon target={d.target} fontSize="medium" />
                  </ListItemIcon>
                  <ListItemText
                    primary={<Typography noWrap title={d.name}>{d.name}</Typography>}
                    secondary={
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        {targetName(d.target)} · {API_LABEL[d.api]} <ActiveChip active={d.active} />
                      </Box>
                    }
                    slotProps={{ secondary: { component: 'span' } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {selected ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                <TargetIcon target={selected.target} fontSize="medium" />
                <Typography variant="h2" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {selected.name}
                </Typography>
                <ActiveChip active={selected.active} />
                <Button size="small" onClick={() => runActivate(selected)}>
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
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setParam('new', '1')}>
            Add destination
          </Button>
        }
      />
      {content}
      {(params.get('new') !== null || editTarget) && (
        <DestinationFormDialog
          destination={editTarget}
          onClose={() => setParams((c) => { const n = new URLSearchParams(c); n.delete('new'); n.delete('edit'); return n; })}
          onSaved={(d) => setParams((c) => { const n = new URLSearchParams(c); n.delete('new'); n.delete('edit'); n.set('destination', d.id); return n; })}
        />
      )}
      {activation && <ActivationDialog destination={activation.destination} step={activation.step} onClose={() => { setActivation(null); void list.refetch(); }} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the destination'}?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error).message : undefined}
        onConfirm={() =>
          deleting &&
          remove.mutate({ params: { id: deleting.id } }, { onSuccess: () => { setDeleting(null); if (selectedId === deleting.id) setParam('destination', null); } })
        }
        onClose={() => { setDeleting(null); remove.reset(); }}
      >
        <Typography>Every publication to this destination is deleted with it, from Control Room. What was published on the platform stays there.</Typography>
      </ConfirmDialog>
    </>
  );
}
