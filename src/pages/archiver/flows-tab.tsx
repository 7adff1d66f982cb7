/**
 * Archiverflows: the output URLs of catch-up content, edited as JSON in the JSON editor, checked
 * against the configuration schema as you type (the same schema the service answers 400 with).
 */
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import RouteIcon from '@mui/icons-material/AltRouteOutlined';
import { ArchiverflowBody, ArchiverflowConfigurationSchema, parseJsonText, type Archiverflow } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { editDeleteColumn } from '#components/edit-delete-column.tsx';
import { JsonField } from '#components/lazy-parts.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { sortRows } from '#components/whole-list.ts';
import { WholeListGrid } from '#components/whole-list-grid.tsx';

export const FLOW_TEMPLATE = JSON.stringify(
  {
    archiverflows: [
      {
        name: 'Catch-up',
        type: 'ArchiverFlow',
        outputUrls: [
          {
            streamProtocol: 'HLS',
            cdnPrimaryUrl: 'https://cdn.example.com/archive/{capture_id}/{profile_id}/master.m3u8?start={starttime}&end={endtime}',
            originPrimaryUrl: 'https://origin.example.com/archive/{capture_id}/{profile_id}/master.m3u8',
          },
        ],
      },
    ],
  },
  null,
  2,
);

interface FlowFormValues {
  name: string;
  configurationJson: string;
}

const resolver = zodResolver(ArchiverflowBody.pick({ name: true, configurationJson: true })) as unknown as Resolver<FlowFormValues>;

function outputsOf(flow: Archiverflow): string {
  const parsed = parseJsonText(ArchiverflowConfigurationSchema, flow.configurationJson);
  if (!parsed.success) return 'Configuration not readable';
  const outputs = parsed.data.archiverflows.flatMap((f) => f.outputUrls);
  const protocols = [...new Set(outputs.map((o) => o.streamProtocol))];
  return `${parsed.data.archiverflows.length} ${parsed.data.archiverflows.length === 1 ? 'flow' : 'flows'}, ${outputs.length} output ${outputs.length === 1 ? 'URL set' : 'URL sets'}${protocols.length ? ` (${protocols.join(', ')})` : ''}`;
}

const FLOWS_VIEW = definePagedView<'name'>({ pageSizes: [25, 50, 100], sortFields: ['name'], defaultSort: { field: 'name', direction: 'asc' } });
const SORT_VALUES = { name: (f: Archiverflow) => f.name.toLowerCase() };

/** On a phone: the name and the actions (the outputs are in the flow's dialog). */
/** Without `configure` (a key that may not change them; the tab says why): no Edit or Delete. */
function flowColumns(onEdit: (f: Archiverflow) => void, onDelete: (f: Archiverflow) => void, configure: boolean): ServerGridColDef<Archiverflow>[] {
  const columns: ServerGridColDef<Archiverflow>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'outputs', headerName: 'Outputs', flex: 2, minWidth: 220, sortable: false, hideBelow: 'sm', valueGetter: (_value, row) => outputsOf(row) },
  ];
  return configure ? [...columns, editDeleteColumn<Archiverflow>({ name: (f) => `the archiver flow ${f.name}`, onEdit, onDelete })] : columns;
}

export function FlowsTab() {
  const describeError = useDescribeError();
  const flows = useQuery(api.archiverflow.list.queryOptions({ query: {} }));
  const [editing, setEditing] = useState<Archiverflow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Archiverflow | null>(null);
  const remove = useMutation(api.archiverflow.delete.mutationOptions());
  const list = flows.data ?? [];
  const [view, , grid] = usePagedView(FLOWS_VIEW);
  const sorted = useMemo(() => sortRows(flows.data ?? [], view.sort, SORT_VALUES), [flows.data, view.sort]);
  const configure = useCan()(api.archiverflow.update);
  const columns = useMemo(() => flowColumns(setEditing, setDeleting, configure.allowed), [configure.allowed]);

  let content;
  if (flows.error) content = <ErrorState title="Could not load the archiver flows" message={describeError(flows.error).message} />;
  else if (flows.isPending) content = <Skeleton variant="rounded" height={100} aria-label="Loading the archiver flows" />;
  else if (list.length === 0)
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<RouteIcon />}
          title="No archiver flows"
          hint="An archiver flow says where catch-up content is published: CDN and origin URLs per protocol, with {capture_id}, {profile_id}, {starttime} and {endtime} filled in."
          action={
            <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setEditing('new')}>
              Add an archiver flow
            </Button>
          }
        />
      </Paper>
    );
  else
    content = (
      <WholeListGrid<Archiverflow, 'name'>
        label="Archiver flows"
        rows={sorted}
        view={view}
        columns={columns}
        grid={grid}
        empty={<EmptyState title="No archiver flows on this page" />}
        highlighted={editing && editing !== 'new' ? [editing.id] : []}
        rowHeight={52}
      />
    );

  return (
    <Box>
      <RoleNotice permission={configure}>Archiver flows are configuration: adding, editing and deleting them is for admin keys.</RoleNotice>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} disabled={!configure.allowed} onClick={() => setEditing('new')}>
          Add archiver flow
        </Button>
      </Stack>
      {content}
      <FlowFormDialog open={editing !== null && configure.allowed} flow={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        record={deleting}
        title={(f) => `Delete the archiver flow ${f.name}?`}
        confirmLabel="Delete flow"
        mutation={remove}
        deleted={(f) => `Deleted the archiver flow ${f.name}`}
        onClose={() => setDeleting(null)}
      >
        Events that use it keep its id but no longer get archiver URLs from it.
      </DeleteDialog>
    </Box>
  );
}

function FlowFormDialog({ open, flow, onClose }: { open: boolean; flow: Archiverflow | null; onClose(): void }) {
  return open ? <FlowForm flow={flow} onClose={onClose} /> : null;
}

function FlowForm({ flow, onClose }: { flow: Archiverflow | null; onClose(): void }) {
  const creating = flow === null;
  const form = useForm<FlowFormValues>({ resolver, defaultValues: { name: flow?.name ?? '', configurationJson: flow?.configurationJson ?? FLOW_TEMPLATE } });
  const create = useMutation(api.archiverflow.create.mutationOptions());
  const update = useMutation(api.archiverflow.update.mutationOptions());
  const submit = useFormSubmit(
    form,
    async (values) => {
      const saved = flow ? await update.mutateAsync({ params: { id: flow.id }, body: values }) : await create.mutateAsync({ body: values });
      notify(creating ? `Added the archiver flow ${saved.name}` : `Saved the archiver flow ${saved.name}`, { severity: 'success' });
      onClose();
    },
    { names: ['name', 'configurationJson'] },
  );
  return (
    <ActionDialog
      title={creating ? 'Add an archiver flow' : `Edit ${flow.name}`}
      actionLabel={creating ? 'Add flow' : 'Save'}
      {...submit}
      onClose={onClose}
      maxWidth="md"
      long
    >
      <Stack spacing={2.5}>
        <FormTextField control={form.control} name="name" label="Name" required fullWidth autoFocus />
        <JsonField
          control={form.control}
          name="configurationJson"
          label="Configuration"
          required
          schema={ArchiverflowConfigurationSchema}
          minLines={16}
          helperText="archiverflows[], each with outputUrls[]: streamProtocol (HLS, HLSe, HSS, DASH or HDS), cdnPrimaryUrl and originPrimaryUrl; optional cdnSecondaryUrl, privateUrl, originSecondaryUrl. Placeholders {capture_id}, {profile_id}, {starttime}, {endtime}. Shift+Alt+F formats."
        />
      </Stack>
    </ActionDialog>
  );
}
