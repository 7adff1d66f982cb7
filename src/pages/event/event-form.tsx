/**
 * The General tab: every field of POST /event/ in groups, validated by the schema module's
 * EventBody (the same schema the service validates with), saved with event.upsert. The service's
 * 400s land on their fields; a sticky bar says whether there is anything to save; leaving with
 * unsaved changes asks first.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { EventBody, type Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { applyServerErrors } from '#components/form/server-errors.ts';
import { stateLabel } from '#components/event-state.ts';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { LeaveGuard } from '#components/leave-guard.tsx';
import { hasUnsavedChanges } from '#components/form/unsaved.ts';
import { useFormConflict } from '#components/use-version-conflict.tsx';
import { useCan } from '#app/use-role.ts';
import { AdvancedSection } from './advanced-section.tsx';
import { AutomationSection } from './automation-section.tsx';
import { ChannelSection } from './channel-section.tsx';
import { DrmSection } from './drm-section.tsx';
import {
  eventToFormValues,
  FIELD_LABELS,
  formToBody,
  humanizeMessage,
  mapServerErrors,
  newEventFormValues,
  type EventField,
  type EventFormOutput,
  type EventFormValues,
} from './event-form-values.ts';
import { formIssueMessage } from './form-messages.ts';
import { IdentitySection } from './identity-section.tsx';
import { DiscardButton, SaveBar, type SaveProblem } from './save-bar.tsx';
import { ScheduleSection } from './schedule-section.tsx';
import { StreamingSection } from './streaming-section.tsx';
import { useEventLookups } from './use-lookups.ts';

const zod = zodResolver(EventBody, { error: formIssueMessage });

function humanizeErrors(errors: FieldErrors): void {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const error = value as { message?: unknown };
    if (typeof error.message === 'string') error.message = humanizeMessage(error.message);
    else humanizeErrors(value as FieldErrors);
  }
}

/** The schema's resolver, with messages that name fields in the form's words. */
const resolver: Resolver<EventFormValues, unknown, EventFormOutput> = async (values, context, options) => {
  const result = await zod(values, context, options);
  humanizeErrors(result.errors);
  return result;
};

export interface EventFormProps {
  /** The event to edit; null for a new one. */
  event: Event | null;
}

export function EventForm({ event}: EventFormProps) {
  const describeError = useDescribeError();
  const navigate = useNavigate();
  const lookups = useEventLookups();
  // Follows the service while the user has not touched a field (keepDirtyValues keeps what they did).
  const values = useMemo(() => (event ? eventToFormValues(event) : undefined), [event]);
  const [blank] = useState(() => newEventFormValues());
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver,
    defaultValues: values ?? blank,
    values,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const save = useMutation(api.event.upsert.mutationOptions());
  // A viewer key reads only: the form shows the event, the save bar says why it cannot save.
  const permission = useCan()(api.event.upsert);
  const [problem, setProblem] = useState<SaveProblem<EventField> | null>(null);
  const isNew = event === null;
  const dirty = hasUnsavedChanges(formState);
  const dirtyCount = Object.keys(formState.dirtyFields).length;
  // A save is based on the version the operator saw; a 412 shows what changed meanwhile.
  const conflict = useFormConflict({
    form,
    record: event,
    toValues: eventToFormValues,
    what: event ? `the event ‘${event.title}’` : 'the event',
    entity: 'event',
    ...(event ? { id: event.id } : {}),
    labelOf: (field) => FIELD_LABELS[field as EventField] ?? field,
    resubmit: () => submit(),
  });

  const submit = form.handleSubmit(
    async (output) => {
      setProblem(null);
      try {
        const saved = await save.mutateAsync({ body: formToBody(output), ...(isNew ? {} : { ifMatch: conflict.ifMatch() }) });
        // Explicitly not keepDirtyValues (the resetOptions above): what was saved is no longer unsaved.
        form.reset(eventToFormValues(saved), { keepDirtyValues: false });
        conflict.saved(saved);
        if (isNew) {
          notify(`Created ‘${saved.title}’.`, { severity: 'success' });
          // Marked as saved, so the leave guard lets this navigation pass.
          void navigate(`/events/${saved.id}`, { replace: true, state: { saved: true } });
        } else {
          notify(savedMessage(event, saved), { severity: 'success' });
        }
      } catch (error) {
        if (conflict.handle(error)) return;
        const mapped = applyServerErrors(form, error, { map: mapServerErrors });
        if (mapped.handled) {
          setProblem({
            title: 'The service did not accept the changes',
            lines: [...mapped.fields.map((f) => ({ text: `${FIELD_LABELS[f.name]}: ${f.message}`, field: f.name })), ...mapped.other.map((text) => ({ text }))],
          });
        } else {
          const described = describeError(error);
          setProblem({ title: 'Could not save', lines: [{ text: described.message }] });
        }
      }
    },
    (errors) => {
      const names = Object.keys(errors).filter((name): name is EventField => name in FIELD_LABELS);
      setProblem({
        title: `${names.length === 1 ? 'One field needs' : `${names.length} fields need`} attention`,
        lines: names.map((name) => ({ text: `${FIELD_LABELS[name]}: ${String(errors[name]?.message ?? 'check this field')}`, field: name })),
      });
    },
  );

  const status = formState.isSubmitting
    ? 'Saving…'
    : isNew
      ? 'New event — not saved yet'
      : dirty
        ? `Unsaved changes${dirtyCount > 0 ? ` in ${dirtyCount} ${dirtyCount === 1 ? 'field' : 'fields'}` : ''}`
        : 'All changes saved';

  return (
    <Box
      component="form"
      noValidate
      aria-label={isNew ? 'New event' : 'Event settings'}
      onSubmit={submit}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void submit();
        }
      }}
    >
      <Stack spacing={2}>
        <IdentitySection control={control} lookups={lookups} event={event} />
        <ScheduleSection control={control} lookups={lookups} eventId={event?.id ?? null} />
        <AutomationSection control={control} />
        <ChannelSection control={control} lookups={lookups} event={event} />
        <DrmSection control={control} />
        <StreamingSection control={control} />
        <AdvancedSection control={control} eventId={event?.id ?? null} />
      </Stack>

      <SaveBar
        label="Save"
        hideWhenIdleOnPhone
        status={permission.allowed ? status : permission.reason}
        pending={dirty || isNew}
        problem={problem}
        onDismissProblem={() => setProblem(null)}
        onFocusField={(field) => form.setFocus(field)}
        secondary={
          <DiscardButton
            onClick={() => {
              form.reset();
              setProblem(null);
            }}
            disabled={!dirty || formState.isSubmitting}
          />
        }
        submitLabel={isNew ? 'Create event' : 'Save'}
        submitDisabled={(!dirty && !isNew) || !permission.allowed}
        busy={formState.isSubmitting}
      />

      {conflict.dialog}
      <LeaveGuard unsaved={dirty}>
        {isNew ? 'The new event has not been created yet. Your entries will be lost.' : `Your changes to ‘${event.title}’ are not saved and will be lost.`}
      </LeaveGuard>
    </Box>
  );
}

/**
 * What saving did, in words: the state it is in now (and that it changed, if it did), and for an
 * event still waiting to go live, when it is planned and that it does not start by itself.
 */
export function savedMessage(
  before: Pick<Event, 'state'> | null,
  saved: Pick<Event, 'title' | 'state' | 'stateString' | 'scheduledStart' | 'autoStart'>,
): string {
  const title = `‘${saved.title || 'Untitled event'}’`;
  const changed = before !== null && before.state !== saved.state;
  if (saved.stateString === 'PRE_LIVE') {
    const start = parseServiceDate(saved.scheduledStart);
    const when = start ? `, planned for ${formatDateTime(start)}` : ', not scheduled';
    const how = start && saved.autoStart ? 'the encoder starts by itself then' : 'it goes live when someone starts it';
    return `Saved ${title}. ${changed ? 'Now pre-live' : 'Still pre-live'}${when}; ${how}.`;
  }
  return `Saved ${title}${changed ? `; it is now ${stateLabel(saved.state)}` : ` (${stateLabel(saved.state)})`}.`;
}
