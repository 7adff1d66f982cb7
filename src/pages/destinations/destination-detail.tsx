/**
 * One destination's detail, in two tabs (`?dtab=`): its properties (an editable table: a handful of
 * rows, not a list to page) with its simulated faults, and its History (the activity trail).
 * Properties are configuration: only an admin key changes them; other keys read them and are told why.
 */
import { Suspense, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { targetName } from '#pages/publications/index.ts';
import { RecordHistory } from '#pages/activity/index.ts';
import { useCan, type Permission } from '#app/use-role.ts';
import { useTabParam } from '#components/use-tab-param.ts';
import type { AnyDestination } from './destination-form.ts';
import { PresenceNote } from '#app/presence.tsx';

/** The simulated targets' faults (src/server/sim/targets.ts), switched with the property simulation/faults. */
const FAULTS: { id: string; label: string }[] = [
  { id: 'notAuthorised', label: 'Refuses the authorisation' },
  { id: 'uploadFailed', label: 'Uploads fail at 60 %' },
  { id: 'streamRejected', label: 'Rejects live streams' },
  { id: 'itemRemoved', label: 'Removes what was published' },
  { id: 'unreachable', label: 'Does not answer' },
  { id: 'slow', label: 'Five times slower' },
];

function PropertyRow({ p, onSave, onDelete, readOnly }: { p: { id: string; category: string; key: string; value: string }; onSave: (value: string) => void; onDelete: () => void; readOnly: boolean }) {
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
          onKeyDown={(e) => e.key === 'Enter' && !readOnly && value !== p.value && onSave(value)}
          slotProps={{ htmlInput: { 'aria-label': `Value of ${p.category}/${p.key}`, readOnly } }}
        />
      </TableCell>
      {!readOnly && (
        <TableCell sx={{ whiteSpace: 'nowrap', width: 1 }}>
          <Button size="small" disabled={value === p.value} onClick={() => onSave(value)}>
            Save
          </Button>
          <IconButton size="small" aria-label={`Delete ${p.category}/${p.key}`} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}

function DestinationProperties({ destination, configure }: { destination: AnyDestination; configure: Permission }) {
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
        {!configure.allowed && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {configure.reason} A destination’s properties are configuration: this key reads them and changes none.
          </Alert>
        )}
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
                {configure.allowed && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.data.map((p) => (
                <PropertyRow key={`${p.id}:${p.value}`} p={p} readOnly={!configure.allowed} onSave={(value) => save({ ...p, value })} onDelete={() => remove.mutate({ params: { id: p.id } })} />
              ))}
              {configure.allowed && (
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
              )}
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
            <FormControlLabel key={f.id} control={<Checkbox checked={faults.has(f.id)} onChange={() => toggleFault(f.id)} disabled={!props.data || !configure.allowed} />} label={f.label} />
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

const DETAIL_TABS = ['properties', 'history'] as const;

export function DestinationDetail({ destination }: { destination: AnyDestination }) {
  const [tab, setTab] = useTabParam({ tabs: DETAIL_TABS, fallback: 'properties', history: 'replace', param: 'dtab' });
  const configure = useCan()(destination.api === 'direct' ? api.destination.update : api.mediaDestinationProperty.upsert);
  return (
    <>
      <PresenceNote entity={destination.api === 'direct' ? 'destination' : 'mediaDestination'} id={destination.id} />
      <Tabs value={tab} onChange={(_e, next: (typeof DETAIL_TABS)[number]) => setTab(next)} aria-label={`${destination.name}: sections`} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tab value="properties" label="Properties" id="destination-tab-properties" aria-controls="destination-panel" />
        <Tab value="history" label="History" id="destination-tab-history" aria-controls="destination-panel" />
      </Tabs>
      <div role="tabpanel" id="destination-panel" aria-labelledby={`destination-tab-${tab}`}>
        {tab === 'properties' ? (
          <DestinationProperties destination={destination} configure={configure} />
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <RecordHistory entity={destination.api === 'direct' ? 'destination' : 'mediaDestination'} id={destination.id} label={`History of ${destination.name}`} />
          </Suspense>
        )}
      </div>
    </>
  );
}
