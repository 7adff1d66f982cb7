/**
 * The Client properties tab: the event's template (a property configuration) and the form
 * generated from it. Picking another template shows its fields with their defaults; applying it
 * replaces the properties of the previous one. Unsaved values and a picked template survive a look
 * at another tab and the page's own refreshes (see client-properties/drafts.ts). A key that may
 * not change them reads them: the picker and the fields are off, and the tab says why.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { ClientPropertiesForm } from './client-properties/client-properties-form.tsx';
import { createDraftStore } from './client-properties/drafts.ts';
import { fieldLabel } from './client-properties/fields.ts';
import { countFields, FormSkeleton, Section } from './client-properties/tab-parts.tsx';

/** The template picked but not applied yet, per event. */
const pickedDrafts = createDraftStore<string>();

export function ClientPropertiesTab({ event }: { event: Event }) {
  const describeError = useDescribeError();
  // Applying a template and saving its values are one role's (clientProperty.create and update: an operator's).
  const write = useCan()(api.clientProperty.update);
  // Just applied here: the event as last read may still name the template before (until it is read again).
  const [justApplied, setJustApplied] = useState<{ over: string | null; id: string } | null>(null);
  const appliedId = justApplied && justApplied.over === event.customPropertyConfigurationId ? justApplied.id : event.customPropertyConfigurationId;
  const [picked, setPickedState] = useState<string | null>(() => pickedDrafts.get(event.id) ?? null);
  const setPicked = (id: string | null) => {
    setPickedState(id);
    pickedDrafts.set(event.id, id ?? undefined);
  };
  // A pick of the template that is applied (by now) is no pick.
  const pickedId = picked && picked !== appliedId ? picked : null;
  const shownId = pickedId ?? appliedId;

  const templates = useQuery(api.propertyConfiguration.list.queryOptions({ query: {} }));
  const current = useQuery(api.clientProperty.get.queryOptions({ params: { eventId: event.id } }));
  const pickedFields = useQuery({
    ...api.clientProperty.getTemplate.queryOptions({ params: { templateId: pickedId ?? '00000000-0000-0000-0000-000000000000' }, query: {} }),
    enabled: pickedId !== null,
  });

  const sorted = useMemo(() => [...(templates.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [templates.data]);
  const nameOf = (id: string | null) => (id ? (sorted.find((t) => t.id === id)?.name ?? (templates.isPending ? 'the template' : 'an unknown template')) : '');
  const appliedProperties = current.data ?? null;
  // The event points at a template the service no longer has (GET answers 204): treat it as none.
  const hasApplied = appliedId !== null && appliedProperties !== null;
  const appliedName = nameOf(appliedId);

  const picker = (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        select
        label="Template"
        value={shownId && (sorted.some((t) => t.id === shownId) || templates.isPending) ? shownId : ''}
        onChange={(e) => setPicked(e.target.value === appliedId ? null : e.target.value)}
        disabled={templates.isPending || sorted.length === 0 || !write.allowed}
        helperText={
          templates.isError
            ? `Could not load the templates: ${describeError(templates.error).message}`
            : templates.isPending
              ? 'Loading the templates…'
              : sorted.length === 0
                ? undefined
                : pickedId
                  ? 'Not applied yet: fill in its fields and apply it.'
                  : hasApplied
                    ? 'Applying another template removes the properties of the current one.'
                    : 'Pick a template to fill in its fields.'
        }
        error={templates.isError}
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{
          select: {
            displayEmpty: true,
            renderValue: (value: unknown) =>
              value ? (
                nameOf(value as string)
              ) : (
                <Typography component="span" sx={{ color: 'text.secondary' }}>
                  No template
                </Typography>
              ),
          },
          inputLabel: { shrink: true },
        }}
      >
        {sorted.map((template) => {
          const count = countFields(template);
          return (
            <MenuItem key={template.id} value={template.id}>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography component="span" sx={{ display: 'block' }} noWrap>
                  {template.name}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
                  {[count === undefined ? 'not readable' : `${count} ${count === 1 ? 'field' : 'fields'}`, template.referenceId].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              {template.id === appliedId && hasApplied && <Chip size="small" label="Applied" color="success" variant="outlined" sx={{ ml: 1 }} />}
            </MenuItem>
          );
        })}
      </TextField>
      {templates.isError && (
        <Button onClick={() => void templates.refetch()} sx={{ mt: 1 }}>
          Retry
        </Button>
      )}
    </Box>
  );

  let body: ReactNode;
  if (current.isError) {
    const described = describeError(current.error);
    body = (
      <ErrorState
        title="Could not load the client properties"
        message={described.message}
        detail={described.detail}
        actions={
          <Button variant="contained" onClick={() => void current.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (pickedId) {
    if (pickedFields.isError) {
      const described = describeError(pickedFields.error);
      body = (
        <ErrorState
          title={`Could not read the template ‘${nameOf(pickedId)}’`}
          message={described.message}
          detail={described.detail}
          actions={
            <>
              <Button variant="contained" onClick={() => void pickedFields.refetch()}>
                Retry
              </Button>
              <Button onClick={() => setPicked(null)}>Pick another</Button>
            </>
          }
        />
      );
    } else if (!pickedFields.data || current.isPending) {
      body = <FormSkeleton />;
    } else {
      body = (
        <ClientPropertiesForm
          key={`picked:${pickedId}`}
          event={event}
          templateId={pickedId}
          templateName={nameOf(pickedId)}
          properties={pickedFields.data}
          applied={false}
          replacing={hasApplied ? { name: appliedName, properties: appliedProperties } : null}
          onCancel={() => setPicked(null)}
          onApplied={() => {
            setJustApplied({ over: event.customPropertyConfigurationId, id: pickedId });
            setPicked(null);
          }}
          writable={write.allowed}
        />
      );
    }
  } else if (current.isPending) {
    body = <FormSkeleton />;
  } else if (!hasApplied || !appliedId) {
    body = (
      <EmptyState
        icon={<TuneIcon />}
        title="No client properties yet"
        titleAs="p"
        hint={
          sorted.length > 0 || templates.isPending ? (
            'Pick a template above: its fields become a form, and the values you save become this event’s client properties.'
          ) : (
            <>
              There are no templates yet. Templates (property configurations) are made in{' '}
              <Link component={RouterLink} to="/configuration">
                Configuration
              </Link>{' '}
              or with POST /propertyconfiguration/.
            </>
          )
        }
      />
    );
  } else {
    body = <ClientPropertiesForm key={`applied:${appliedId}`} event={event} templateId={appliedId} templateName={appliedName} properties={appliedProperties} applied writable={write.allowed} />;
  }

  const filled = appliedProperties?.filter((p) => p.value !== '') ?? [];
  return (
    <Stack spacing={2}>
      <RoleNotice permission={write} />
      <Section
        id="template"
        title="Client properties"
        description={
          pickedId && hasApplied ? (
            <>
              Applying ‘{nameOf(pickedId)}’ replaces ‘{appliedName}’: the properties of ‘{appliedName}’
              {filled.length > 0 ? ` (${filled.map((p) => fieldLabel(p)).join(', ')})` : ''} are removed from this event. Custom properties that
              belong to no template are kept.
            </>
          ) : pickedId ? (
            <>Fill in the fields of ‘{nameOf(pickedId)}’ and apply it: its values become custom properties of this event.</>
          ) : hasApplied ? (
            <>The values of the template ‘{appliedName}’, kept as custom properties of this event.</>
          ) : (
            <>Fields defined by a template (a property configuration), kept as custom properties of this event.</>
          )
        }
        action={picker}
      >
        {body}
      </Section>
    </Stack>
  );
}
