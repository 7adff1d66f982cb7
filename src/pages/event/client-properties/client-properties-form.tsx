// Over ~250 lines on purpose: one form whose save, replace confirmation and the service's validation verdict share one field state; its drafts (use-value-drafts.ts) and fields (client-property-field.tsx) live apart.
/**
 * The form generated from a template. The template's own rules (required, options, formats) are
 * checked as the operator types (zodResolver on the schema generated in fields.ts); the service's
 * validation (POST /clientproperty/validate/) runs on the values a moment after each change and
 * before saving, and its message lands on the field it names. Saving applies the template with
 * POST (201; every value, replacing the properties of a previous template) or, for the template
 * already applied, updates the changed values with PUT.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ClientProperty, ClientPropertyValidation, Event } from '#schema';
import { ApiError } from '#client';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { applyFieldErrors } from '#components/form/server-errors.ts';
import { useUnloadWarning } from '#components/leave-guard.tsx';
import { useDebounced } from '#components/use-debounced.ts';
import { DiscardButton, SaveBar, type SaveProblem } from '../save-bar.tsx';
import { ClientPropertyField } from './client-property-field.tsx';
import { fieldLabel, formKey, formValuesOf, keyOfName, propertyNameOfField, templateSchema, toServiceValues, type ClientPropertyFormValues } from './fields.ts';
import { useValueDrafts, valueDrafts } from './use-value-drafts.ts';

/** How long the values rest before the service is asked about them. */
const VALIDATE_AFTER_MS = 400;

export interface ClientPropertiesFormProps {
  event: Event;
  templateId: string;
  templateName: string;
  /** The template's fields with the event's values (applied) or empty values (not applied yet). */
  properties: readonly ClientProperty[];
  /** True when the template is the event's: saving updates values (PUT); otherwise it applies it (POST). */
  applied: boolean;
  /** The template applied now, when another one is being applied over it. */
  replacing?: { name: string; properties: readonly ClientProperty[] } | null;
  /** Back to the applied template (only while another one is picked). */
  onCancel?: () => void;
  /** After the template was applied. */
  onApplied?: () => void;
  /** The key may save them (else the fields are read only and Save is off; the tab says why). */
  writable?: boolean;
}

export function ClientPropertiesForm({ event, templateId, templateName, properties, applied, replacing, onCancel, onApplied, writable = true }: ClientPropertiesFormProps) {
  const describeError = useDescribeError();
  const resolver = useMemo(() => zodResolver(templateSchema(properties)), [properties]);
  // Applied: follows the service while a field is untouched. Not applied: the template's defaults.
  const serverValues = useMemo(() => formValuesOf(properties, { withDefaults: !applied }), [properties, applied]);
  const form = useForm<ClientPropertyFormValues>({
    resolver,
    defaultValues: serverValues,
    values: applied ? serverValues : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { formState, control } = form;
  const create = useMutation(api.clientProperty.create.mutationOptions());
  const update = useMutation(api.clientProperty.update.mutationOptions());
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [confirming, setConfirming] = useState(false);

  const watched = useValueDrafts(form, event.id, templateId, serverValues);

  // The service's own verdict on the values, asked a moment after they change.
  const settled = useDebounced(watched, VALIDATE_AFTER_MS);
  const asked = formState.isDirty || formState.submitCount > 0 || !applied;
  const validation = useQuery({
    ...api.clientProperty.validate.queryOptions({ body: { templateId, values: toServiceValues(properties, { ...serverValues, ...settled }) } }),
    enabled: asked,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const verdict: ClientPropertyValidation = (asked && validation.data) || {};
  const serviceMessage = (index: number): string | undefined => {
    const key = formKey(index);
    const shown = formState.submitCount > 0 || formState.touchedFields[key] || formState.dirtyFields[key];
    return shown ? verdict[properties[index]!.name] : undefined;
  };

  const dirtyKeys = Object.keys(formState.dirtyFields).filter((k) => formState.dirtyFields[k]);
  const dirty = dirtyKeys.length > 0;
  const busy = formState.isSubmitting || create.isPending || update.isPending;

  /** Puts the service's messages (property name -> message) on their fields; answers the ones no field has. */
  function showServiceErrors(errors: ClientPropertyValidation, title: string): void {
    const lines: SaveProblem['lines'] = [];
    const onProperties = (list: readonly { field: string; message: string }[]) => ({
      fields: list.flatMap(({ field, message }) => {
        const name = keyOfName(properties, field);
        return name ? [{ name, message }] : [];
      }),
      other: [],
    });
    applyFieldErrors(form, Object.entries(errors).map(([field, message]) => ({ field, message })), { map: onProperties });
    for (const [name, message] of Object.entries(errors)) {
      const key = keyOfName(properties, name);
      const property = key ? properties[Number(key.slice(1))] : undefined;
      lines.push({ text: property && !message.startsWith(fieldLabel(property)) ? `${fieldLabel(property)}: ${message}` : message, field: key });
    }
    setProblem({ title, lines });
  }

  async function save(values: ClientPropertyFormValues) {
    setProblem(null);
    const all = toServiceValues(properties, values);
    let saved: ClientProperty[];
    try {
      // The service's validation first: what it will refuse is said on the field, and nothing is sent.
      const errors = await api.clientProperty.validate.call({ body: { templateId, values: all } });
      if (Object.keys(errors).length > 0) {
        showServiceErrors(errors, `The service refuses ${Object.keys(errors).length === 1 ? 'one value' : `${Object.keys(errors).length} values`}`);
        return;
      }
      saved = applied
        ? await update.mutateAsync({ params: { eventId: event.id }, body: { values: toServiceValues(properties, values, dirtyKeys) } })
        : await create.mutateAsync({ params: { eventId: event.id }, body: { templateId, values: all } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const data = error.body?.data as { errors?: unknown } | undefined;
        const map: ClientPropertyValidation = {};
        if (data?.errors && typeof data.errors === 'object') Object.assign(map, data.errors);
        for (const f of error.fieldErrors) {
          const name = propertyNameOfField(f.field);
          if (name && !(name in map)) map[name] = f.message;
        }
        if (Object.keys(map).length > 0) {
          showServiceErrors(map, 'The service did not accept the values');
          return;
        }
      }
      setProblem({ title: applied ? 'Could not save' : 'Could not apply the template', lines: [{ text: describeError(error).message }] });
      return;
    }
    // The write's `invalidates` has refreshed the event and its client properties by now.
    valueDrafts.set(event.id, undefined);
    // Explicitly: reset() would otherwise take resetOptions and keep the fields marked dirty.
    form.reset(formValuesOf(saved, { withDefaults: false }), { keepDirtyValues: false });
    if (applied) {
      notify(`Saved the client properties of ‘${event.title || 'Untitled event'}’.`, { severity: 'success' });
    } else {
      notify(`Applied ‘${templateName}’ to ‘${event.title || 'Untitled event'}’.`, { severity: 'success' });
      onApplied?.();
    }
  }

  const submit = form.handleSubmit(save, (errors) => {
    const lines = Object.entries(errors).map(([key, error]) => {
      const property = properties[Number(key.slice(1))];
      const message = String(error?.message ?? 'check this field');
      return { text: property && !message.startsWith(fieldLabel(property)) ? `${fieldLabel(property)}: ${message}` : message, field: key };
    });
    setProblem({ title: `${lines.length === 1 ? 'One field needs' : `${lines.length} fields need`} attention`, lines });
  });

  // A line about a field goes once the field is fixed (by the form's check and the service's).
  const shownLines = (problem?.lines ?? []).filter((line) => {
    if (!line.field) return true;
    const property = properties[Number(line.field.slice(1))];
    return Boolean(formState.errors[line.field]) || (property !== undefined && verdict[property.name] !== undefined);
  });
  const replaced = replacing?.properties.filter((p) => p.value !== '') ?? [];
  const needsConfirm = !applied && replaced.length > 0;
  const status = busy
    ? applied
      ? 'Saving…'
      : 'Applying…'
    : !applied
      ? `‘${templateName}’ is not applied yet`
      : dirty
        ? `Unsaved changes in ${dirtyKeys.length} ${dirtyKeys.length === 1 ? 'field' : 'fields'}`
        : 'All changes saved';

  useUnloadWarning(dirty);

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Client properties from ${templateName}`}
      onSubmit={(e) => {
        if (!writable) return e.preventDefault();
        if (needsConfirm) {
          e.preventDefault();
          setConfirming(true);
          return;
        }
        void submit(e);
      }}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          if (!writable) return;
          if (needsConfirm) setConfirming(true);
          else void submit();
        }
      }}
    >
      {properties.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          ‘{templateName}’ has no fields: applying it only removes the properties of a previous template.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 2.5 }}>
          {properties.map((property, index) => (
            <ClientPropertyField key={formKey(index)} property={property} name={formKey(index)} control={control} serviceMessage={serviceMessage(index)} disabled={!writable} />
          ))}
        </Box>
      )}
      {properties.some((p) => p.required) && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
          Fields marked * are required by the template.
        </Typography>
      )}

      <SaveBar
        label="Save client properties"
        inCard
        status={
          <>
            {status}
            {asked && validation.isFetching && !busy && (
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {' '}· checking with the service…
              </Box>
            )}
          </>
        }
        pending={dirty || !applied}
        problem={problem && shownLines.length > 0 ? { ...problem, lines: shownLines } : null}
        onDismissProblem={() => setProblem(null)}
        onFocusField={(field) => form.setFocus(field)}
        secondary={
          applied ? (
            <DiscardButton
              onClick={() => {
                form.reset(serverValues, { keepDirtyValues: false });
                setProblem(null);
                valueDrafts.set(event.id, undefined);
              }}
              disabled={!dirty || busy}
            />
          ) : (
            onCancel && (
              <Button onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )
          )
        }
        submitLabel={applied ? 'Save' : 'Apply template'}
        submitDisabled={!writable || (applied && !dirty)}
        busy={busy}
      />

      <ConfirmDialog
        open={confirming}
        title={`Apply ‘${templateName}’?`}
        confirmLabel="Apply and remove"
        destructive
        onConfirm={() => {
          setConfirming(false);
          void submit();
        }}
        onClose={() => setConfirming(false)}
      >
        <p>
          This event’s client properties come from ‘{replacing?.name}’. Applying ‘{templateName}’ removes {replaced.length === 1 ? 'its value' : `its ${replaced.length} values`}{' '}
          from the event: {replaced.map((p) => `${fieldLabel(p)} (${p.value})`).join(', ')}.
        </p>
        <p>Custom properties that belong to no template are kept.</p>
      </ConfirmDialog>
    </Box>
  );
}
